"""copier's part of an upgrade: the 3-way merge of template-owned files, and the old version's file list.

Both run only in a throwaway clone (see scaffold.projects.upgrade). copier reports a broken template
store as whatever its git layer raises (plumbum errors, OSError); those become one sentence here,
and a damaged store is rebuilt so the next run works.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from scaffold import __version__
from scaffold.errors import TemplateError
from scaffold.projects import git
from scaffold.projects.project import ANSWERS_FILE, Project
from scaffold.projects.starter_files import RenderedFile
from scaffold.projects.template_store import TemplateSource, rebuild_if_damaged
from scaffold.specs.document import SpecDocument


def update_template(project: Project, target: SpecDocument, source: TemplateSource) -> None:
    """copier update to this scaffold's template version, recording the target contract version.

    It records this scaffold's version too: the project's CI installs that version of scaffold, the
    one whose generators and templates the project now matches. A project made before the answer
    existed gains it here.
    """
    import copier

    with (
        _answers_pointing_at(project, source),
        _copier_errors(source, f"the template update of {project.root}"),
    ):
        copier.run_update(
            project.root,
            data={"contract_version": target.version, "scaffold_version": __version__},
            vcs_ref=source.tag,
            defaults=True,
            overwrite=True,
            quiet=True,
            conflict="inline",
            skip_answered=True,
            unsafe=False,
        )


def rendered_template(
    answers: Mapping[str, Any], source: TemplateSource, version: str
) -> dict[str, RenderedFile]:
    """Every file the template at `version` renders for these answers: relative path -> content, mode.

    The old version's rendering tells a file the user deleted (rendered before, absent now) from one
    a new template version adds, and a user's own file from a template-owned one at the same path;
    both renderings tell whether the user edited the starter files (scaffold.projects.starter_files).
    """
    with tempfile.TemporaryDirectory(prefix="scaffold-template-") as folder:
        rendered = Path(folder) / "project"
        if not _rendered_without_copier(answers, source, version, rendered):
            import copier

            with _copier_errors(source, f"rendering template {version}"):
                copier.run_copy(
                    source.src_path,
                    rendered,
                    data=dict(answers),
                    vcs_ref=f"v{version}",
                    defaults=True,
                    overwrite=True,
                    quiet=True,
                    unsafe=False,
                )
        return {
            p.relative_to(rendered).as_posix(): RenderedFile(p.read_bytes(), p.stat().st_mode & 0o777)
            for p in rendered.rglob("*")
            if p.is_file() and not p.is_symlink()
        }


def _rendered_without_copier(
    answers: Mapping[str, Any], source: TemplateSource, version: str, target: Path
) -> bool:
    """The version through scaffold's own renderer: the current one as `new-*` renders it, a past
    one from its files in the store (template_past); the same bytes as copier
    (tests/unit/test_template_render*.py), most of a second of CPU less per rendering. False,
    with `target` removed, where only copier can render it."""
    if os.environ.get("SCAFFOLD_RENDER_WITH_COPIER") == "1":
        return False
    from scaffold.projects.template_past import render_past_version
    from scaffold.projects.template_render import Unsupported, render_template

    data = {key: value for key, value in answers.items() if not key.startswith("_")}
    try:
        if version == source.version:
            render_template(source, target, data, {})
        else:
            render_past_version(source, version, target, data, {})
        return True
    except (Unsupported, ValueError, OSError):
        shutil.rmtree(target, ignore_errors=True)
        return False


@contextlib.contextmanager
def _copier_errors(source: TemplateSource, doing: str) -> Iterator[None]:
    from copier.errors import CopierError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    except CopierError as exc:
        raise TemplateError(f"{doing} failed: {exc}") from exc
    except (KeyboardInterrupt, TemplateError):
        raise
    except Exception as exc:
        rebuilt = rebuild_if_damaged(source)
        if rebuilt:
            raise TemplateError(
                f"{doing} failed because scaffold's template store {source.path} was damaged; it has been "
                "rebuilt and nothing in the project was changed: run the command again"
            ) from exc
        raise TemplateError(
            f"{doing} failed ({type(exc).__name__}); nothing in the project was changed: delete "
            f"{source.path} so scaffold rebuilds its template store, then run the command again"
        ) from exc


@contextlib.contextmanager
def _answers_pointing_at(project: Project, source: TemplateSource) -> Iterator[None]:
    """Make the recorded `_src_path` this machine's template store for the time of the update.

    A project records `~/...` paths, which resolve on any machine; a project made with another
    SCAFFOLD_HOME records an absolute path that may not exist here, and a hostile one could name
    any repository. copier refuses a dirty tree, so the rewritten answers file is hidden from
    `git status` (skip-worktree) while copier runs. This only ever happens in a throwaway clone.
    """
    recorded = str(project.recorded_answers.get("_src_path", ""))
    if recorded == source.src_path:
        yield
        return
    answers_path = project.root / ANSWERS_FILE
    original = answers_path.read_text(encoding="utf-8")
    data = dict(project.recorded_answers)
    data["_src_path"] = source.src_path
    header = "".join(line for line in original.splitlines(keepends=True) if line.startswith("#"))
    answers_path.write_text(
        header + yaml.safe_dump(data, sort_keys=True, allow_unicode=True), encoding="utf-8"
    )
    git.git(project.root, "update-index", "--skip-worktree", ANSWERS_FILE)
    try:
        yield
    finally:
        git.git(project.root, "update-index", "--no-skip-worktree", ANSWERS_FILE, check=False)
