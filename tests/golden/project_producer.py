"""The golden producer of a whole scaffolded project, shared by the plugin and module trees."""

from __future__ import annotations

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

    The tree is the same on every machine and every run, the answers file's `_src_path` included
    (TemplateSource.recorded_src_path: not this machine's SCAFFOLD_HOME). With `naming_files_only`, the tree keeps just the files
    whose text holds the project's name in one of its forms (name, package, class prefix): what a
    longer name changes, without a second copy of every file. With `answers` (more answers than the
    name) and `beside` (the producer of the tree this one is a variant of), the tree keeps just the
    files that are not byte for byte in the other tree: what the answers change. `language` is the
    service's (`new-plugin --language`), the kind's default when None.
    """

    def produce(destination: Path) -> None:
        from scaffold.projects.create import NewProjectOptions, create_project
        from scaffold.projects.kinds import KINDS

        given = {"project_name": name, **(answers or {})}
        project_kind = KINDS[kind] if language is None else KINDS[kind].for_language(language)
        create_project(NewProjectOptions(kind=project_kind, destination=destination, answers=given))
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
