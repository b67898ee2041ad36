"""The files a template version renders for a project's answers, for the upgrade's merge and plans.

scaffold's own renderer renders them; where it cannot, copier does. copier reports a broken template
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

from scaffold.errors import TemplateError
from scaffold.projects.project import ANSWERS_FILE
from scaffold.projects.starter_files import RenderedFile
from scaffold.projects.templates.store import TemplateSource, rebuild_if_damaged, record_portable_source


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
            record_portable_source(rendered / ANSWERS_FILE, source)
        return {
            p.relative_to(rendered).as_posix(): RenderedFile(p.read_bytes(), p.stat().st_mode & 0o777)
            for p in rendered.rglob("*")
            if p.is_file() and not p.is_symlink()
        }


def _rendered_without_copier(
    answers: Mapping[str, Any], source: TemplateSource, version: str, target: Path
) -> bool:
    """The version through scaffold's own renderer: the current one as `new-*` renders it, a past
    one from its files in the store (templates.past); the same bytes as copier
    (tests/unit/test_template_render*.py), most of a second of CPU less per rendering. False,
    with `target` removed, where only copier can render it."""
    if os.environ.get("SCAFFOLD_RENDER_WITH_COPIER") == "1":
        return False
    from scaffold.projects.templates.past import render_past_version
    from scaffold.projects.templates.render import Unsupported, render_template

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
