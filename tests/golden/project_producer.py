"""The golden producer of a whole scaffolded project, shared by the plugin and module trees."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path


def project_producer(kind: str, name: str, *, naming_files_only: bool = False) -> Callable[[Path], None]:
    """A producer writing `scaffold new-<kind> <name> --defaults` into the destination.

    The one machine-dependent line, `_src_path` in .copier-answers.yml (the template store under
    this user's SCAFFOLD_HOME), becomes `<SCAFFOLD_HOME>/template-store/<kind>`, so the tree is the
    same on every machine and every run. With `naming_files_only`, the tree keeps just the files
    whose text holds the project's name in one of its forms (name, package, class prefix): what a
    longer name changes, without a second copy of every file.
    """

    def produce(destination: Path) -> None:
        from scaffold.projects.create import NewProjectOptions, create_project
        from scaffold.projects.kinds import KINDS

        create_project(NewProjectOptions(kind=KINDS[kind], destination=destination, answers={"project_name": name}))
        answers = destination / ".copier-answers.yml"
        text = answers.read_text(encoding="utf-8")
        stable = f"_src_path: <SCAFFOLD_HOME>/template-store/{kind}"
        answers.write_text(re.sub(r"(?m)^_src_path: .*$", stable, text), encoding="utf-8")
        if naming_files_only:
            forms = [name, name.replace("-", "_"), name.replace("-", " ").title().replace(" ", "")]
            for path in sorted(destination.rglob("*"), reverse=True):
                if path.is_file() and not any(form.encode() in path.read_bytes() for form in forms):
                    path.unlink()
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()

    return produce
