"""The golden producer of a whole scaffolded project, shared by the plugin and module trees."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path


def project_producer(
    kind: str,
    name: str,
    *,
    naming_files_only: bool = False,
    answers: dict[str, object] | None = None,
    beside: Callable[[Path], None] | None = None,
    language: str | None = None,
) -> Callable[[Path], None]:
    """A producer writing `scaffold new-<kind> <name> --defaults` into the destination.

    The one machine-dependent line, `_src_path` in .copier-answers.yml (the template store under
    this user's SCAFFOLD_HOME), becomes `<SCAFFOLD_HOME>/template-store/<kind>`, so the tree is the
    same on every machine and every run. With `naming_files_only`, the tree keeps just the files
    whose text holds the project's name in one of its forms (name, package, class prefix): what a
    longer name changes, without a second copy of every file. With `answers` (more answers than the
    name) and `beside` (the producer of the tree this one is a variant of), the tree keeps just the
    files that are not byte for byte in the other tree: what the answers change. `language` is the
    service's (`new-plugin --language`), the kind's default when None.
    """

    def produce(destination: Path) -> None:
        from scaffold.contracts import TEMPLATES
        from scaffold.projects.create import NewProjectOptions, create_project
        from scaffold.projects.kinds import KINDS

        given = {"project_name": name, **(answers or {})}
        project_kind = KINDS[kind] if language is None else KINDS[kind].for_language(language)
        create_project(NewProjectOptions(kind=project_kind, destination=destination, answers=given))
        answers_file = destination / ".copier-answers.yml"
        text = answers_file.read_text(encoding="utf-8")
        stable = f"_src_path: <SCAFFOLD_HOME>/template-store/{TEMPLATES[project_kind.template].store}"
        answers_file.write_text(re.sub(r"(?m)^_src_path: .*$", stable, text), encoding="utf-8")
        if naming_files_only:
            forms = [name, name.replace("-", "_"), name.replace("-", " ").title().replace(" ", "")]
            for path in sorted(destination.rglob("*"), reverse=True):
                if path.is_file() and not any(form.encode() in path.read_bytes() for form in forms):
                    path.unlink()
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
        if beside is not None:
            _drop_files_alike(destination, beside)

    return produce


def _drop_files_alike(destination: Path, beside: Callable[[Path], None]) -> None:
    """Remove the files `beside` writes with the same bytes (empty folders go too)."""
    with tempfile.TemporaryDirectory() as folder:
        other = Path(folder) / destination.name
        beside(other)
        for path in sorted(destination.rglob("*"), reverse=True):
            twin = other / path.relative_to(destination)
            if path.is_file() and twin.is_file() and twin.read_bytes() == path.read_bytes():
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
