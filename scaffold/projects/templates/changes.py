"""The changes that turn one template version into the one released before it, as compact text.

Each released template version is kept as `templates/history/<template>/<version>.changes`: what
turns the next newer version's files into its own (scaffold.projects.templates.history walks the
chain down from the current template and checks every result against the git tree id the version
was released with, so a wrong byte here can never reach a user's upgrade unnoticed).

Why not `git diff` output, which git applies itself: a unified diff carries both sides of every
change (the removed lines and the added ones) and three lines of context, and a file added in a
later version comes back as a deletion listing every one of its lines. Measured on the 19 released
versions of the four templates: 1,040,739 bytes as `git diff --binary --no-renames`, 797,844 with
rename detection, 675,896 with renames and no context, against 400 KB the history may weigh (issue
39). A reverse chain needs only the older side, so this format keeps exactly that: which files go,
which move, and for each changed file the line ranges replaced and the older lines that replace
them. The tree-id check stands in for the context lines a patch tool needs to find its place.

The format, line by line (`\\n`-separated bytes; a file's own lines are never parsed, only copied):

    scaffold template changes 1        first line
    # ...                              comments, only before the first record
    delete PATH                        the newer version's file is not in the older one
    rename PATH                        the newer version's file PATH ...
    to PATH                            ... is this older path (hunks may follow)
    edit PATH                          hunks follow
    add PATH                           a file of the older version only; its lines follow
    mode PATH 644|755                  the older version's file mode, where it differs
    @ START COUNT                      replace COUNT lines from line START (1-based; COUNT 0
                                       inserts before line START) with the `+` lines below
    +TEXT                              one line of the older file: TEXT and a newline ...
    \\                                 ... except that the line just above ends without one

Hunks of a file come in ascending order of START and never overlap; START and COUNT are the
newer file's line numbers. PATH is a POSIX path inside the template; nothing may leave it.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

FIRST_LINE = b"scaffold template changes 1"
MAX_CHANGES_BYTES = 16 * 1024 * 1024  # one release's changes; the largest today is under 200 KB
_MODES = {b"644": 0o644, b"755": 0o755}


class ChangesError(ValueError):
    """The changes text is malformed or does not fit the files it is applied to."""


@dataclass(frozen=True)
class TemplateFile:
    """One file of a template version: its bytes and whether it is executable."""

    data: bytes
    executable: bool = False


# ---- writing (a maintainer's release) ----------------------------------------------------------


def describe_changes(
    newer: Mapping[str, TemplateFile],
    older: Mapping[str, TemplateFile],
    renames: Mapping[str, str],
    comment: str = "",
) -> bytes:
    """The changes text that turns the files `newer` into the files `older`.

    `renames` maps a path of `older` to the path of `newer` it was moved from (git's rename
    detection finds them; see templates.history.make_changes)."""
    for path in [*newer, *older]:
        _check_path(path.encode("utf-8"))
    out = [FIRST_LINE]
    out += [b"# " + line.encode("utf-8") for line in comment.splitlines()]
    moved_from = set(renames.values())
    for path in sorted(newer.keys() - older.keys() - moved_from):
        out.append(b"delete " + path.encode("utf-8"))
    for path in sorted(older):
        source = renames.get(path) if path not in newer else None
        if source is not None:
            out += [b"rename " + source.encode("utf-8"), b"to " + path.encode("utf-8")]
            out += _hunks(newer[source].data, older[path].data)
            if newer[source].executable != older[path].executable:
                out.append(_mode_line(path, older[path]))
        elif path in newer:
            if newer[path].data != older[path].data:
                out.append(b"edit " + path.encode("utf-8"))
                out += _hunks(newer[path].data, older[path].data)
            if newer[path].executable != older[path].executable:
                out.append(_mode_line(path, older[path]))
        else:
            out.append(b"add " + path.encode("utf-8"))
            out += _plus_lines(_lines(older[path].data))
            if older[path].executable:
                out.append(_mode_line(path, older[path]))
    return b"\n".join(out) + b"\n"


def _mode_line(path: str, file: TemplateFile) -> bytes:
    return b"mode " + path.encode("utf-8") + (b" 755" if file.executable else b" 644")


def _lines(data: bytes) -> list[bytes]:
    """The file's lines, each with its newline (the last may have none); only `\\n` ends a line."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    return [*lines, parts[-1]] if parts[-1] else lines


def _hunks(newer: bytes, older: bytes) -> list[bytes]:
    new_lines, old_lines = _lines(newer), _lines(older)
    out: list[bytes] = []
    matcher = difflib.SequenceMatcher(None, new_lines, old_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out.append(b"@ %d %d" % (i1 + 1, i2 - i1))
            out += _plus_lines(old_lines[j1:j2])
    return out


def _plus_lines(lines: Iterable[bytes]) -> list[bytes]:
    out: list[bytes] = []
    for line in lines:
        if line.endswith(b"\n"):
            out.append(b"+" + line[:-1])
        else:
            out += [b"+" + line, b"\\"]
    return out


# ---- applying (every store build) --------------------------------------------------------------


@dataclass
class _Record:
    """One record of a changes text, parsed."""

    verb: bytes
    path: bytes
    target: bytes = b""
    mode: int = 0
    added: list[bytes] = field(default_factory=list)  # `add`: the file's lines
    hunks: list[tuple[int, int, list[bytes]]] = field(default_factory=list)


def apply_changes(text: bytes, work: Path) -> None:
    """Turn the files in the folder `work` (the newer version) into the older version's.

    Raises ChangesError on a malformed text, a path that leaves `work`, or a change that does not
    fit the files (a missing file, a hunk past its end); the caller's tree-id check catches any
    other mismatch."""
    if len(text) > MAX_CHANGES_BYTES:
        raise ChangesError(f"over {MAX_CHANGES_BYTES} bytes")
    records = _parse(text)
    # Every moved file is read and removed before any is written, so moves may swap paths.
    moved = {record.path: _take(work, record.path) for record in records if record.verb == b"rename"}
    for record in records:
        _apply_record(record, work, moved)


def _parse(text: bytes) -> list[_Record]:
    lines = text.split(b"\n")
    if lines[0] != FIRST_LINE or lines[-1] != b"":
        raise ChangesError("not a scaffold template changes text")
    records: list[_Record] = []
    for number, line in enumerate(lines[1:-1], start=2):
        if line.startswith(b"#") and not records:
            continue
        _parse_line(line, records, number)
    if records and records[-1].verb == b"rename" and not records[-1].target:
        raise ChangesError("the last `rename` line has no `to` line")
    return records


def _parse_line(line: bytes, records: list[_Record], number: int) -> None:
    last = records[-1] if records else None
    verb, _, rest = line.partition(b" ")
    if line.startswith((b"+", b"\\")) and last is not None and (last.hunks or last.verb == b"add"):
        into = last.hunks[-1][2] if last.hunks else last.added
        if line.startswith(b"+"):
            into.append(line[1:] + b"\n")
        elif line == b"\\" and into and into[-1].endswith(b"\n"):
            into[-1] = into[-1][:-1]
        else:
            raise ChangesError(f"line {number}: `\\` follows no line")
    elif verb == b"@" and last is not None and last.verb in (b"edit", b"rename"):
        start, count = _numbers(rest, number)
        if last.hunks and start < last.hunks[-1][0] + last.hunks[-1][1]:
            raise ChangesError(f"line {number}: hunks out of order")
        last.hunks.append((start, count, []))
    elif verb == b"to" and last is not None and last.verb == b"rename" and not last.target:
        last.target = _check_path(rest)
    elif verb in (b"delete", b"rename", b"edit", b"add"):
        records.append(_Record(verb, _check_path(rest)))
    elif verb == b"mode":
        path, _, mode = rest.rpartition(b" ")
        if mode not in _MODES:
            raise ChangesError(f"line {number}: a mode is 644 or 755")
        records.append(_Record(verb, _check_path(path), mode=_MODES[mode]))
    else:
        raise ChangesError(f"line {number} is not a change")
    if last is not None and last.verb == b"rename" and not last.target and records[-1] is not last:
        raise ChangesError(f"line {number}: a `rename` line is followed by its `to` line")


def _numbers(rest: bytes, number: int) -> tuple[int, int]:
    start, _, count = rest.partition(b" ")
    if not (start.isdigit() and count.isdigit() and int(start) >= 1):
        raise ChangesError(f"line {number}: `@ START COUNT` with START from 1")
    return int(start), int(count)


def _check_path(path: bytes) -> bytes:
    """`path` if it is a plain relative path inside the template, else ChangesError."""
    try:
        text = path.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ChangesError("a path is not UTF-8") from exc
    parts = text.split("/")
    if "\\" in text or "\n" in text or any(part in ("", ".", "..", ".git") for part in parts):
        raise ChangesError(f"the path {text[:200]!r} leaves the template")
    return path


def _take(work: Path, path: bytes) -> tuple[bytes, int]:
    """A moved file's bytes and mode, the file removed."""
    source = _existing(work, path)
    data, mode = source.read_bytes(), 0o755 if os.stat(source).st_mode & 0o100 else 0o644
    _remove(source, work)
    return data, mode


def _existing(work: Path, path: bytes) -> Path:
    found = work / path.decode("utf-8")
    if found.is_symlink() or not found.is_file():
        raise ChangesError(f"{path.decode()} is not a file of the newer version")
    return found


def _apply_record(record: _Record, work: Path, moved: dict[bytes, tuple[bytes, int]]) -> None:
    if record.verb == b"delete":
        _remove(_existing(work, record.path), work)
    elif record.verb == b"mode":
        os.chmod(_existing(work, record.path), record.mode)
    elif record.verb == b"add":
        _write(work, record.path, b"".join(record.added), 0o644)
    elif record.verb == b"rename":
        data, mode = moved[record.path]
        _write(work, record.target, _patched(data, record.hunks, record.path), mode)
    else:
        path = _existing(work, record.path)
        mode = 0o755 if os.stat(path).st_mode & 0o100 else 0o644
        _write(work, record.path, _patched(path.read_bytes(), record.hunks, record.path), mode, replace=True)


def _patched(data: bytes, hunks: list[tuple[int, int, list[bytes]]], name: bytes) -> bytes:
    lines = _lines(data)
    out: list[bytes] = []
    done = 0  # lines of the newer file copied or replaced so far
    for start, count, replacement in hunks:
        if start - 1 + count > len(lines):
            raise ChangesError(f"a hunk of {name.decode()} is past its end")
        out += lines[done : start - 1]
        out += replacement
        done = start - 1 + count
    return b"".join([*out, *lines[done:]])


def _write(work: Path, relative: bytes, data: bytes, mode: int, *, replace: bool = False) -> None:
    path = work / relative.decode("utf-8")
    if not replace and (path.exists() or path.is_symlink()):
        raise ChangesError(f"{relative.decode()} exists already")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, mode)


def _remove(path: Path, work: Path) -> None:
    """Remove the file and the folders it leaves empty (git does not track folders)."""
    path.unlink()
    parent = path.parent
    while parent != work and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent
