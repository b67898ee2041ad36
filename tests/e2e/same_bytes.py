"""A plugin `scaffold new-plugin` made, held file for file to the one tests/built_plugins.py checks.

The end-to-end tests of new TypeScript and Go plugins ran the project's tests again (`npm test`,
`go test ./...`) on a project that `built_plugin` already takes through every check of its
registry (eslint, prettier, tsc, vitest, `npm run build`; gofmt, `go vet`, `go test -race`,
`go build`) once per run. Made with the same answers (`acme-sales`, `--defaults`: the example), the
two projects are the same bytes, the answers file's `_src_path` aside (where each scaffold home's
template store is, which only `scaffold upgrade` reads): so the checks' verdict on one is their
verdict on the other, and the comparison here, a fraction of a second, stands for the second run.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.upgraded_tree import NOT_RENDERED, without_src_path

# What a project holds that no render makes (tests/upgraded_tree.py), and the service's run-time
# state (PLUGIN_STATE_DIR's default), which the templates exclude too.
NOT_COMPARED = (*NOT_RENDERED, ".plugin-state/")
ANSWERS = ".copier-answers.yml"


def _files(project: Path) -> dict[str, tuple[int, bytes]]:
    """relative POSIX path -> (permission bits, bytes) of every file a render makes."""
    found: dict[str, tuple[int, bytes]] = {}
    for path in sorted(project.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if path.is_file() and not relative.startswith(NOT_COMPARED):
            found[relative] = (path.stat().st_mode & 0o777, without_src_path(relative, path.read_bytes()))
    return found


def differences(made: Path, built: Path) -> list[str]:
    """One line per file that is not the same in `made` and `built` (missing, extra, other bytes or
    another mode); none means the built plugin's checks hold for `made` as they stand."""
    ours, theirs = _files(made), _files(built)
    lines = [f"{path}: not made by new-plugin" for path in sorted(theirs.keys() - ours.keys())]
    lines += [f"{path}: not in the built plugin" for path in sorted(ours.keys() - theirs.keys())]
    for path in sorted(ours.keys() & theirs.keys()):
        (mode, data), (their_mode, their_data) = ours[path], theirs[path]
        if data != their_data:
            lines.append(f"{path}: other bytes")
        if mode != their_mode:
            lines.append(f"{path}: mode {mode:o}, the built plugin's {their_mode:o}")
    return lines


def assert_same_as_built(made: Path, built: Path) -> None:
    """`made` is `built` file for file, bytes and mode, `_src_path` aside, and both answer files
    name a template store (the one line left out is there in each)."""
    for project in (made, built):
        assert re.search(rb"(?m)^_src_path: \S", (project / ANSWERS).read_bytes()), project
    found = differences(made, built)
    assert not found, f"{made} is not {built}:\n" + "\n".join(found)
