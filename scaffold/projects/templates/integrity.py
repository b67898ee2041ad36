"""Whether the per-user template store still holds exactly the templates scaffold ships.

The store (scaffold.projects.templates.store) lies in the data folder, which a CI setup may cache
and restore, so someone else may have written it. Two things there would let them act through
scaffold: a tag pointing at other template files (copier renders them into `upgrade` and
interactive `new-*`), and git settings or hooks that run commands when scaffold runs git in the
store (filters on `git add`, `core.fsmonitor`, hooks on `git commit`). So before the store is used:

- its `.git/config` may hold only the plain `[core]` settings `git init` writes, and no hook may
  be installed (anything else: the store is rebuilt, never run);
- every tag's tree must be the git tree id of the shipped version's files (an id git cannot be
  made to fake: it is derived from the content): computed here from the shipped bytes for the
  current version, and for a past version the id shipped in templates/history/<kind>/trees.yaml,
  which its rebuild from the changes was checked against (scaffold.projects.templates.history);
  `git fsck` (run by the caller) must find every object's bytes matching its id.

Why compute git's tree id in Python rather than ask git: the question is what the store *should*
hold, which only the shipped files can answer; git is asked only what it holds.
"""

from __future__ import annotations

import configparser
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

# What `git init` writes on Linux, macOS and Windows; values do not matter for safety.
_PLAIN_CORE_KEYS = frozenset(
    {
        "repositoryformatversion",
        "filemode",
        "bare",
        "logallrefupdates",
        "ignorecase",
        "precomposeunicode",
        "symlinks",
    }
)
_CONFIG_LIMIT = 64 * 1024


def git_tree_id(root: Path, files: Iterable[Path]) -> str:
    """The id `git add` + `git commit` give the tree of `files` (paths under `root`), as hex."""
    tree: dict[str, object] = {}
    for path in files:
        parts = path.relative_to(root).parts
        node = tree
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            assert isinstance(child, dict)
            node = child
        node[parts[-1]] = path
    return _tree_object(tree).hex()


def _tree_object(tree: dict[str, object]) -> bytes:
    entries: list[tuple[bytes, bytes]] = []
    for name, value in tree.items():
        raw_name = os.fsencode(name)
        if isinstance(value, dict):
            entries.append((raw_name + b"/", b"40000 " + raw_name + b"\0" + _tree_object(value)))
        else:
            assert isinstance(value, Path)
            data = value.read_bytes()
            blob = hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).digest()
            mode = b"100755" if value.stat().st_mode & 0o100 else b"100644"
            entries.append((raw_name, mode + b" " + raw_name + b"\0" + blob))
    # git orders entries by name, a folder's name compared as if it ended in "/"
    body = b"".join(entry for _, entry in sorted(entries))
    return hashlib.sha1(b"tree %d\0" % len(body) + body, usedforsecurity=False).digest()


def git_dir_is_plain(store: Path) -> bool:
    """True when the store's `.git` holds no setting or hook that could run a command."""
    git_dir = store / ".git"
    try:
        config_path = git_dir / "config"
        if config_path.is_symlink() or config_path.stat().st_size > _CONFIG_LIMIT:
            return False
        text = config_path.read_text(encoding="utf-8")
        hooks = [p.name for p in (git_dir / "hooks").iterdir()] if (git_dir / "hooks").is_dir() else []
    except (OSError, UnicodeDecodeError):
        return False
    if any(not name.endswith(".sample") for name in hooks):
        return False
    parser = configparser.ConfigParser(strict=True, interpolation=None, delimiters=("=",))
    try:
        parser.read_string(text)
    except configparser.Error:
        return False  # duplicate keys, odd syntax: nothing scaffold's own store would hold
    if any(section != "core" for section in parser.sections()):
        return False
    return set(parser["core"]) <= _PLAIN_CORE_KEYS if parser.has_section("core") else True
