"""Making a new project: the copier template is rendered, scaffold adds the contract-owned code.

Without prompts the template is rendered by scaffold's copier-equivalent renderer
(templates/render.py: no copier import, no git clone); prompts, and any template feature that
renderer does not reproduce, go through copier itself.

Everything is rendered into a staging folder beside the destination and moved into place only
when complete, so a failure at any step (bad answer, template error, generator error) leaves the
destination exactly as it was. The new project's git repository and first commit
(scaffold.projects.first_commit) are made there too, so they are part of that one step. DEST is claimed and locked first (state.folder_lock), so two commands
writing one DEST never both succeed: the second refuses in one sentence.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scaffold import __version__
from scaffold.contracts import LANGUAGE_ANSWER
from scaffold.errors import DestinationError, InterruptedByUser, InvalidNameError, TemplateError
from scaffold.interrupts import signals_interrupt
from scaffold.projects.contract_files import render_contract_files, write_contract_files
from scaffold.projects.first_commit import (
    RepositoryOutcome,
    RepositoryPlan,
    make_first_commit,
    plan_repository,
)
from scaffold.projects.kinds import ProjectKind
from scaffold.projects.names import project_name_from_folder
from scaffold.projects.project import ANSWERS_FILE
from scaffold.projects.state.folder_lock import FolderLocks, folder_locks
from scaffold.projects.state.manifest import Manifest
from scaffold.projects.state.transaction import Change, apply_changes
from scaffold.projects.templates.store import (
    TemplateSource,
    ensure_store,
    planned_store,
    rebuild_if_damaged,
    record_portable_source,
)
from scaffold.specs.catalog import load_shipped, load_version_or_file, newest_revision
from scaffold.specs.document import SpecDocument


@dataclass(frozen=True)
class NewProjectOptions:
    """What the user asked for; `answers` holds only the values given explicitly (flags)."""

    kind: ProjectKind
    destination: Path
    answers: dict[str, Any]
    contract_version: str | None = None
    interactive: bool = False
    force: bool = False
    repository: bool = False  # make DEST a git repository with a first commit (the CLI's default)


@dataclass(frozen=True)
class CreatedProject:
    root: Path
    answers: dict[str, Any]
    manifest: Manifest
    template_version: str
    file_count: int
    repository: RepositoryOutcome | None = None  # None: asked for no repository (--no-git)


def create_project(options: NewProjectOptions) -> CreatedProject:
    destination = Path(os.path.abspath(options.destination.expanduser()))
    if "project_name" not in options.answers:
        project_name_from_folder(destination.name)
    _checked_destination(options, destination)  # refuse an occupied folder before any work
    plan = plan_repository(destination) if options.repository else None  # git missing: refused now
    version = options.contract_version
    spec = (
        load_shipped(options.kind.contract)
        if version is None
        else load_version_or_file(options.kind.contract, newest_revision(options.kind.contract, version))
    )
    source = planned_store(options.kind.template)  # built only if copier must render (below)
    existed = destination.exists()
    try:
        with signals_interrupt():
            return _create_claimed(options, destination, spec, source, plan)
    except KeyboardInterrupt:
        state = "is as it was" if existed else "was not created"
        raise InterruptedByUser(f"interrupted: nothing was written, {destination} {state}") from None


def _checked_destination(options: NewProjectOptions, destination: Path) -> None:
    try:
        _check_destination(destination, options.force)
    except OSError as exc:
        raise DestinationError(
            f"{options.destination} cannot be used as the project folder ({exc.strerror})",
            hint="Choose a shorter or different path.",
        ) from None


def _create_claimed(
    options: NewProjectOptions,
    destination: Path,
    spec: SpecDocument,
    source: TemplateSource,
    plan: RepositoryPlan | None,
) -> CreatedProject:
    """Claim DEST (create it if missing, then lock it: scaffold.projects.state.folder_lock) and render.

    While this command holds DEST, every other scaffold command writing it refuses; the check
    that DEST is empty is repeated under the lock, so a project another command finished a moment
    ago is refused as "not empty", never mixed with this one.
    """
    created_parents = _make_parents(destination.parent)
    succeeded = False
    try:
        with folder_locks() as locks:
            created = locks.acquire(destination, create=True)
            try:
                _checked_destination(options, destination)
                project = _render_project(options, destination, spec, source, locks, plan)
                succeeded = True
                return project
            finally:
                if created and not succeeded:
                    with contextlib.suppress(OSError):
                        destination.rmdir()  # only the empty folder this command made
    finally:
        if not succeeded:
            for folder in reversed(created_parents):
                with contextlib.suppress(OSError):
                    folder.rmdir()


def _render_project(
    options: NewProjectOptions,
    destination: Path,
    spec: SpecDocument,
    source: TemplateSource,
    locks: FolderLocks,
    plan: RepositoryPlan | None,
) -> CreatedProject:
    """Render into a staging folder beside DEST, commit it there, and move it into place only when complete."""
    # Set by scaffold, never asked: copier does not prompt for a question given as data.
    data = {**options.answers, "contract_version": spec.version, "scaffold_version": __version__}
    if options.kind.language:  # a service language other than the kind's default: the template records it
        data[LANGUAGE_ANSWER] = options.kind.language
    defaults = {"project_name": destination.name}
    parent = destination.parent
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{destination.name[:32]}.scaffold-", dir=parent))
    except OSError as exc:
        raise DestinationError(f"cannot write in {parent} ({exc.strerror}); nothing was written") from None
    try:
        rendered = staging / destination.name
        _render_template(source, rendered, data, defaults, options.interactive)
        answers = _read_answers(rendered)
        options.kind.validate_answers(answers)
        files = render_contract_files(options.kind, spec, answers)
        manifest = write_contract_files(rendered, options.kind, spec, files, None)
        count = sum(1 for p in rendered.rglob("*") if p.is_file())
        first = None
        if plan is not None and plan.makes_repository:
            first = make_first_commit(rendered, _commit_message(options, answers, spec, source))
        # Locked before it is renamed onto DEST, so DEST is never unlocked while this command runs.
        locks.acquire(rendered)
        merged = _move_into_place(rendered, destination, f"new-{options.kind.name} --force", options.force)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return CreatedProject(
        root=destination,
        answers=answers,
        manifest=manifest,
        template_version=source.version,
        file_count=count,
        repository=None if plan is None else RepositoryOutcome(plan, first, others_untracked=merged),
    )


def _commit_message(
    options: NewProjectOptions, answers: dict[str, Any], spec: SpecDocument, source: TemplateSource
) -> str:
    """The first commit's message: which scaffold made the project, from which template, for which contract."""
    return (
        f"{answers['project_name']}: new {options.kind.name} from template {options.kind.template} "
        f"{source.version}, scaffold {__version__}\n\n"
        f"Made by `scaffold new-{options.kind.name}` for contract {spec.identity()}; "
        "every file is as scaffold wrote it.\n"
    )


def _check_destination(destination: Path, force: bool) -> None:
    if destination.exists() and not destination.is_dir():
        raise DestinationError(f"{destination} exists and is a file", hint="Choose a folder path.")
    if destination.is_dir() and any(destination.iterdir()) and not force:
        raise DestinationError(
            f"{destination} is not empty",
            hint="Choose an empty or new folder, or pass --force to write into it.",
        )
    probe = destination if destination.is_dir() else _nearest_existing(destination.parent)
    if not os.access(probe, os.W_OK):
        raise DestinationError(f"{probe} is not writable", hint="Choose a folder you can write to.")


def _nearest_existing(path: Path) -> Path:
    while not path.exists():
        path = path.parent
    return path


def _make_parents(parent: Path) -> list[Path]:
    """Create missing parent folders, returning those this process created (to remove them on
    failure). Another scaffold may create the same parents at the same moment: a folder that
    appears between the look and the mkdir is theirs, not an error and not ours to remove.
    """
    missing = []
    current = parent
    while not current.exists():
        missing.append(current)
        current = current.parent
    created = []
    for folder in reversed(missing):
        try:
            folder.mkdir()
        except FileExistsError:
            if folder.is_dir():
                continue
            raise DestinationError(
                f"cannot create {folder}: a file of that name exists", hint="Choose a folder path."
            ) from None
        except OSError as exc:
            raise DestinationError(f"cannot create {folder}: {exc.strerror}") from exc
        created.append(folder)
    return created  # outermost first, as the caller removes them in reverse


def _render_template(
    source: TemplateSource,
    target: Path,
    data: dict[str, Any],
    defaults: dict[str, Any],
    interactive: bool,
) -> None:
    """Without prompts, render with scaffold's own copier-equivalent renderer (no copier import,
    no git clone: about a second of CPU less); copier renders whatever that renderer refuses.
    """
    if not interactive and os.environ.get("SCAFFOLD_RENDER_WITH_COPIER") != "1":
        from scaffold.projects.templates.render import Unsupported, render_template

        try:
            render_template(source, target, data, defaults)
            return
        except Unsupported:
            shutil.rmtree(target, ignore_errors=True)
        except ValueError as exc:
            # the same message copier gives for a failed question validator
            raise InvalidNameError(str(exc).strip()) from exc
        except OSError as exc:
            if exc.filename is None or Path(os.fsdecode(exc.filename)).is_relative_to(target.parent):
                raise _write_error(target, exc) from None
            shutil.rmtree(target, ignore_errors=True)  # reading the template failed: copier decides
    _run_copier(source, target, data, defaults, interactive)
    record_portable_source(target / ANSWERS_FILE, source)


def _write_error(target: Path, exc: OSError) -> DestinationError:
    full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
    return DestinationError(
        f"cannot write the new project beside {target.parent.parent} ({exc.strerror}); nothing was written",
        hint="Free some disk space, then run the command again." if full else "Choose a writable folder.",
    )


def _run_copier(
    source: TemplateSource,
    target: Path,
    data: dict[str, Any],
    defaults: dict[str, Any],
    interactive: bool,
) -> None:
    import copier
    import jinja2
    from copier.errors import CopierAnswersInterrupt, CopierError, InteractiveSessionError

    ensure_store(source.template)  # copier reads the store: build it now if it is not
    rebuild_if_damaged(source)  # copier renders what the store holds: check it is what scaffold ships
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            copier.run_copy(
                source.src_path,
                target,
                data=data,
                user_defaults=defaults,
                vcs_ref=source.tag,
                defaults=not interactive,
                overwrite=True,
                quiet=True,
                unsafe=False,
            )
    except CopierAnswersInterrupt:
        raise TemplateError("cancelled at the prompt; nothing was written") from None
    except InteractiveSessionError as exc:
        raise TemplateError(
            f"the template needs answers but there is no terminal to ask them in ({exc})",
            hint="Pass --defaults, or the options for each answer.",
        ) from exc
    except ValueError as exc:
        # copier reports a failed question validator as a ValueError naming the question
        raise InvalidNameError(str(exc).strip()) from exc
    except (CopierError, jinja2.TemplateError) as exc:
        raise TemplateError(f"the project template could not be rendered: {exc}") from exc
    except OSError as exc:
        raise _write_error(target, exc) from None
    except Exception as exc:
        if rebuild_if_damaged(source):
            raise TemplateError(
                f"scaffold's template store {source.path} was damaged; it has been rebuilt and nothing "
                "was written: run the command again"
            ) from exc
        raise TemplateError(
            f"the project template could not be rendered ({type(exc).__name__}); nothing was written"
        ) from exc


def _read_answers(project: Path) -> dict[str, Any]:
    try:
        answers = yaml.safe_load((project / ANSWERS_FILE).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise TemplateError(f"the template wrote no readable {ANSWERS_FILE} ({exc})") from exc
    if not isinstance(answers, dict):
        raise TemplateError(f"the template wrote an invalid {ANSWERS_FILE}")
    return {str(k): v for k, v in answers.items()}


def _move_into_place(rendered: Path, destination: Path, action: str, force: bool) -> bool:
    """Rename the finished project onto DEST (an empty folder this command holds) in one step.

    rename(2) replaces an empty folder atomically and refuses one that is not empty, so a folder
    something else wrote into meanwhile is refused rather than mixed; with --force, scaffold's
    files go into the non-empty DEST as one journaled set (True: DEST held files before).
    """
    if force and any(destination.iterdir()):
        _merge_tree(rendered, destination, action)
        return True
    try:
        os.replace(rendered, destination)
    except OSError as exc:
        if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
            raise DestinationError(
                f"{destination} was written to by another program while scaffold made the project; "
                "nothing was written",
                hint="Choose an empty or new folder, or pass --force to write into it.",
            ) from None
        raise DestinationError(f"cannot move the new project into {destination}: {exc.strerror}") from exc
    return False


def _merge_tree(source: Path, target: Path, action: str) -> None:
    """--force into a non-empty folder: scaffold's files replace same-named ones, others stay.

    The files go in as one journaled set, so an error or Ctrl-C half-way puts every file back;
    a folder where scaffold writes a file is refused, never deleted.
    """
    changes = [
        Change(path.relative_to(source).as_posix(), path.read_bytes(), path.stat().st_mode & 0o777)
        for path in sorted(source.rglob("*"))
        if path.is_file()
    ]
    apply_changes(target, changes, action=action)
