"""What `scaffold upgrade` does with a project's starter files (the user-owned files a template seeds).

The starter files are what `new-plugin`/`new-module` seed once and the user then owns: a plugin's
`datasource.py`, its SQLite `example/`, `locales/` and `tests/`; a module's demo endpoint, its
backend tests and its frontend components (the `_skip_if_exists` patterns of the template's
copier.yml). Each template version's starter is written for that version's example code: the tests
of template 1.5.0 test the 1.5.0 example, the conformance hooks' configuration fits its form. So a
starter file of one version beside the starter files of another does not work (found: a plugin made
with template 1.0.0 gained 1.5.0's `tests/test_limits.py`, which failed against the 1.0.0 example).

The rule, per part of the project (a plugin's service; a module's backend and its frontend, as
scaffold.contracts names them), decided before anything is written:

- **unedited**: every starter file the project's template version seeded is still there, byte for
  byte, and the user added no file where the starter patterns reach (a test of their own, say). Then
  the starter is still exactly scaffold's and the part moves whole to the new version: changed
  starter files are updated, new ones added, ones the new version dropped removed. Its tests are the
  new version's tests of the new version's code.
- **edited**: anything else (a starter file changed, deleted, or a file of the user's beside them).
  Then the part's starter files stay exactly as they are: nothing is added beside them, nothing is
  updated. The upgrade names, before applying, the new version's starter files it holds back and
  the starter files the new version changed since the project's version, so the user knows what to
  compare (the CHANGELOG says what each template version changed). One exception: a new starter
  file that the template's own code imports (a module's `endpoints.py`, which the template-owned
  app.py serves) is added, since it holds nothing of the user's and the project would not start
  without it (scaffold.contracts.TemplateNames.wired_starters).

Template-owned and contract-owned files are upgraded either way; they are written to fit any user
code (a starter of any version), which tests/functional/test_upgrade_matrix.py checks from every
past template version. Where a contract revision corrected a rule that a kept starter's tests pin
(the language's descriptor lists each such test: for Python,
scaffold/codegen/python/runtime_files/starter_corrections.py), those tests report
what to change instead of failing, and the plan names them (`needs_input`) before anything applies.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Literal

import yaml
from jinja2.sandbox import SandboxedEnvironment

from scaffold.codegen.languages import descriptor
from scaffold.contracts import KindNames
from scaffold.errors import TemplateError
from scaffold.projects.templates.jinja import path_patterns

PartState = Literal["unedited", "edited"]


@dataclass(frozen=True)
class RenderedFile:
    data: bytes
    mode: int


@dataclass(frozen=True)
class StarterPart:
    """The starter files of one part of a project across the upgrade (paths relative to the project)."""

    folder: str  # the part's folder ("" for a project whose service is at its root)
    state: PartState
    edited: tuple[str, ...]  # why it is edited: starter files changed or deleted, files of the user's
    new: tuple[str, ...]  # starter files of the new version the project's version did not seed
    changed: tuple[str, ...]  # starter files both versions seed, with different content
    removed: tuple[str, ...]  # starter files of the project's version the new version no longer seeds
    # kept starter tests that pin a rule a contract revision corrected ("path::test"): pytest reports
    # them with what to change instead of failing (scaffold/codegen/python/runtime_files/starter_corrections.py)
    needs_input: tuple[str, ...] = ()
    # new starter files that template-owned code imports (scaffold.contracts.TemplateNames), added
    # to an edited part too; in an unedited part they are among `new`
    wired: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.folder}/" if self.folder else "the project"


@dataclass(frozen=True)
class StarterPlan:
    from_version: str
    to_version: str
    parts: tuple[StarterPart, ...]
    compare_command: str = ""  # makes a new project with the same names, to compare starters with

    def moved(self) -> list[StarterPart]:
        """Parts whose starter moves to the new version (and has something to move)."""
        return [p for p in self.parts if p.state == "unedited" and (p.new or p.changed or p.removed)]

    def held_back(self) -> list[StarterPart]:
        """Edited parts the new version's starter differs from: their files stay as they are."""
        return [p for p in self.parts if p.state == "edited" and (p.new or p.changed)]


def starter_matcher(template_root: Path, answers: Mapping[str, Any]) -> Callable[[str], bool]:
    """Whether a project path is a starter (user-owned) file: the template's `_skip_if_exists`.

    The patterns are rendered with the project's answers and matched with pathspec the way copier
    matches them (gitignore style, NFD-normalised), so this names exactly the files copier itself
    would never overwrite.
    """
    try:
        config = yaml.safe_load((template_root / "copier.yml").read_bytes())
        patterns = config.get("_skip_if_exists", [])
    except (OSError, yaml.YAMLError, AttributeError) as exc:
        raise TemplateError(f"the template's copier.yml in {template_root} cannot be read ({exc})") from exc
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise TemplateError(f"_skip_if_exists in {template_root / 'copier.yml'} is not a list of patterns")
    environment = SandboxedEnvironment(keep_trailing_newline=True)
    match = path_patterns(environment.from_string(pattern).render(dict(answers)) for pattern in patterns)
    return lambda path: bool(match(unicodedata.normalize("NFD", path)))


def plan_starters(
    kind: KindNames,
    is_starter: Callable[[str], bool],
    tracked: set[str],
    project_bytes: Callable[[str, int], bytes | None],
    old: Mapping[str, RenderedFile],
    new: Mapping[str, RenderedFile],
    *,
    package: str,
    language: str,
    from_version: str,
    to_version: str,
    wired: frozenset[str] = frozenset(),
) -> StarterPlan:
    """Decide, per part, whether its starter moves to the new version or stays as the user has it.

    `wired` are the starter files template-owned code imports (TemplateNames.wired): new ones are
    added to an edited part as well. `tracked` are the project's files before the upgrade; `project_bytes(path, size)` reads one of
    them if it has that size (None otherwise: a file of another size differs anyway, and a large
    file of the user's is never read). `old` and `new` are the template's renderings at the
    project's version and at the new one, all by relative path; `language` is the service's.
    """
    folders = sorted({part.folder for part in kind.parts}, key=len, reverse=True)

    def part_of(path: str) -> str | None:
        """The part folder holding `path`; None for a starter outside every part (a module's
        ci/scaffold-requirement.txt): the merge adds it when missing and never writes over it."""
        return next((f for f in folders if not f or path == f or path.startswith(f + "/")), None)

    parts = []
    for part in kind.parts:
        mine = part.folder

        def inside(path: str, mine: str = mine) -> bool:
            return is_starter(path) and part_of(path) == mine

        old_starters = {p for p in old if inside(p)}
        new_starters = {p for p in new if inside(p)}
        edited = sorted(
            [p for p in old_starters if p not in tracked or project_bytes(p, len(old[p].data)) != old[p].data]
            + [p for p in tracked if inside(p) and p not in old_starters]
        )
        added = new_starters - old_starters
        wired_added = sorted(p for p in added & wired if p not in tracked) if edited else []
        parts.append(
            StarterPart(
                folder=mine,
                state="edited" if edited else "unedited",
                needs_input=_pinned_tests(
                    language if part.role == "service" else part.language,
                    mine,
                    package,
                    tracked,
                    project_bytes,
                )
                if edited
                else (),
                edited=tuple(edited),
                new=tuple(sorted(added - set(wired_added))),
                wired=tuple(wired_added),
                changed=tuple(sorted(p for p in new_starters & old_starters if new[p].data != old[p].data)),
                removed=tuple(sorted(old_starters - new_starters)),
            )
        )
    return StarterPlan(from_version=from_version, to_version=to_version, parts=tuple(parts))


def _pinned_tests(
    language: str,
    folder: str,
    package: str,
    tracked: set[str],
    project_bytes: Callable[[str, int], bytes | None],
) -> tuple[str, ...]:
    """The kept starter tests of the part at `folder` that pin a corrected rule, as "path::test"
    (the corrections the descriptor of the part's language lists)."""
    corrections = descriptor(language).starter_corrections
    if corrections is None:
        return ()
    found = []
    for relative in sorted(corrections.paths):
        path = f"{folder}/{relative}" if folder else relative
        if path in tracked:
            tests = corrections.pinned(relative, partial(project_bytes, path), package)
            found += [f"{path}::{test}" for test in tests or ()]
    return tuple(found)


def apply_starter_plan(
    plan: StarterPlan,
    root: Path,
    new: Mapping[str, RenderedFile],
    existed: Callable[[str], bool],
    restore: Callable[[str], None],
) -> None:
    """Make the files under `root` (the upgrade's clone, after the template merge) follow the plan.

    The merge (scaffold.projects.templates.update, as copier's update) has written every starter
    file that did not exist (`_skip_if_exists` only protects existing files), left existing ones
    alone, and deleted the ones the new version no longer seeds. An unedited part gets the rest of the new starter; an edited part loses what the merge
    added to it and gets back, with `restore(path)`, what the merge deleted from it (found: plugin
    template 1.6.0 moved `tests/test_limits.py` to `tests/example/`, and an edited 1.1.0 starter
    lost its copy).
    """
    for part in plan.parts:
        if part.state == "unedited":
            for path in part.changed + part.new:
                target = root / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(new[path].data)
                target.chmod(new[path].mode)
            for path in part.removed:
                (root / path).unlink(missing_ok=True)
        else:
            for path in part.new:
                if not existed(path):
                    (root / path).unlink(missing_ok=True)
            for path in part.wired:  # the merge wrote it; written again so the plan alone decides
                target = root / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(new[path].data)
                target.chmod(new[path].mode)
            for path in part.removed:
                if existed(path) and not (root / path).exists():
                    restore(path)
