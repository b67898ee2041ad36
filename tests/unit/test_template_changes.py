"""The history's changes format: what it writes turns the newer files into the older ones byte for
byte and mode for mode, and a text that is malformed or reaches outside the template is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scaffold.projects.templates.changes import (
    FIRST_LINE,
    MAX_CHANGES_BYTES,
    ChangesError,
    TemplateFile,
    apply_changes,
    describe_changes,
)


def _write(folder: Path, files: dict[str, TemplateFile]) -> None:
    for relative, file in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(file.data)
        os.chmod(path, 0o755 if file.executable else 0o644)


def _read(folder: Path) -> dict[str, TemplateFile]:
    return {
        path.relative_to(folder).as_posix(): TemplateFile(
            path.read_bytes(), bool(path.stat().st_mode & 0o100)
        )
        for path in folder.rglob("*")
        if path.is_file()
    }


NEWER = {
    "README.md": TemplateFile(b"# demo\n\nline a\nline b\nline c\n"),
    "no-newline.txt": TemplateFile(b"first\nlast without newline"),
    "crlf.txt": TemplateFile(b"one\r\ntwo\r\n"),
    "run.sh": TemplateFile(b"echo hi\n", executable=True),
    "gone/in/older.txt": TemplateFile(b"only in the newer version\n"),
    "src/moved.py": TemplateFile(b"was here\n" * 20),
    "empty.txt": TemplateFile(b""),
}
OLDER = {
    "README.md": TemplateFile(b"# demo\n\nline a\nline B\nline c\nline d\n"),
    "no-newline.txt": TemplateFile(b"first\nlast, also without"),
    "crlf.txt": TemplateFile(b"one\r\nTWO\r\n"),
    "run.sh": TemplateFile(b"echo hi\n"),
    "{{ name }}/moved.py": TemplateFile(b"was here\n" * 19 + b"changed\n", executable=True),
    "{% if x %}x{% endif %}/old only.txt": TemplateFile(b"removed later\nno newline", executable=True),
    "empty.txt": TemplateFile(b"now with text\n"),
}


def test_what_is_written_turns_the_newer_files_into_the_older_ones(tmp_path: Path) -> None:
    text = describe_changes(NEWER, OLDER, {"{{ name }}/moved.py": "src/moved.py"}, "a comment")
    _write(tmp_path, NEWER)
    apply_changes(text, tmp_path)
    assert _read(tmp_path) == OLDER
    assert not (tmp_path / "gone").exists() and not (tmp_path / "src").exists(), (
        "folders left empty go with their files"
    )
    lines = text.split(b"\n")
    assert lines[:2] == [FIRST_LINE, b"# a comment"]
    assert (
        b"rename src/moved.py\nto {{ name }}/moved.py\n@ 20 1\n+changed\nmode {{ name }}/moved.py 755" in text
    )
    assert b"delete gone/in/older.txt" in lines
    assert b"+was here" not in lines, "a moved file is not written out again"


def test_moves_are_read_before_any_is_written(tmp_path: Path) -> None:
    """Two files that swap names (a text git's rename detection does not write, but may be read)."""
    _write(tmp_path, {"a.txt": TemplateFile(b"a\n"), "b.txt": TemplateFile(b"b\n")})
    apply_changes(FIRST_LINE + b"\nrename a.txt\nto b.txt\nrename b.txt\nto a.txt\n", tmp_path)
    assert _read(tmp_path) == {"a.txt": TemplateFile(b"b\n"), "b.txt": TemplateFile(b"a\n")}


def test_only_the_older_side_of_a_change_is_kept(tmp_path: Path) -> None:
    newer = {"big.txt": TemplateFile(b"".join(b"line %d\n" % n for n in range(500)))}
    older = {"big.txt": TemplateFile(newer["big.txt"].data.replace(b"line 250\n", b"older 250\n"))}
    text = describe_changes(newer, older, {})
    assert text == FIRST_LINE + b"\nedit big.txt\n@ 251 1\n+older 250\n"
    _write(tmp_path, newer)
    apply_changes(text, tmp_path)
    assert _read(tmp_path) == older


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"delete ../outside.txt\n", "leaves the template"),
        (b"add /etc/passwd\n+x\n", "leaves the template"),
        (b"add sub/.git/config\n+x\n", "leaves the template"),
        (b"add a//b\n+x\n", "leaves the template"),
        (b"add a\\b\n+x\n", "leaves the template"),
        (b"rename a.txt\nto ../b.txt\n", "leaves the template"),
        (b"edit a.txt\n@ 0 1\n+x\n", "START from 1"),
        (b"edit a.txt\n@ 5 2\n+x\n@ 6 1\n+y\n", "out of order"),
        (b"edit a.txt\n+x\n", "is not a change"),
        (b"delete a.txt\n\\\n", "is not a change"),
        (b"add c.txt\n\\\n", "follows no line"),
        (b"rename a.txt\nedit b.txt\n", "followed by its `to` line"),
        (b"rename a.txt\n", "no `to` line"),
        (b"mode a.txt 777\n", "644 or 755"),
        (b"chmod a.txt\n", "is not a change"),
        (b"delete missing.txt\n", "not a file of the newer version"),
        (b"add a.txt\n+x\n", "exists already"),
        (b"edit a.txt\n@ 3 1\n+x\n", "past its end"),
        (b"# a comment after a record is not one\n", "is not a change"),
    ],
)
def test_a_malformed_or_escaping_text_is_refused(tmp_path: Path, body: bytes, why: str) -> None:
    work = tmp_path / "work"
    _write(work, {"a.txt": TemplateFile(b"one\ntwo\n"), "b.txt": TemplateFile(b"b\n")})
    with pytest.raises(ChangesError, match=why if why.isalnum() else None) as refused:
        apply_changes(FIRST_LINE + b"\n" + (b"delete b.txt\n" if body.startswith(b"#") else b"") + body, work)
    assert why in str(refused.value)
    assert not (tmp_path / "outside.txt").exists()


def test_a_text_that_is_not_the_format_or_too_large_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ChangesError, match="not a scaffold template changes text"):
        apply_changes(b"diff --git a/x b/x\n", tmp_path)
    with pytest.raises(ChangesError, match="not a scaffold template changes text"):
        apply_changes(FIRST_LINE + b"\ndelete a.txt", tmp_path)  # cut short: no final newline
    with pytest.raises(ChangesError, match="over"):
        apply_changes(FIRST_LINE + b"\n" + b"#" * MAX_CHANGES_BYTES + b"\n", tmp_path)
