"""One lock per project folder, so two scaffold commands never write one folder at once.

Every command that writes a project folder (`new-plugin`/`new-module` into DEST, `upgrade`,
`regenerate`, and the rollback of an interrupted one) holds an exclusive `flock` on the folder's
own directory descriptor, taken without waiting: a second command refuses at once with one
sentence. Why flock on the folder itself: no lock file is ever written (nothing to clean up,
nothing in the user's `git status`), and the kernel drops the lock when the holder's last
descriptor closes, which a SIGKILL or a power cut does too, so a crash never leaves a stale lock.

A folder that does not exist yet cannot be locked: `new-*` claims DEST first with `os.mkdir`
(atomic: of two commands only one creates it) and then locks it like any other. Between opening
a folder and locking it, another command may replace it (`new-*` publishes a project by renaming
its rendered folder onto DEST), so a lock is only held once the path is seen to still name the
very folder that was locked; otherwise the folder now at the path is locked instead. `new-*`
also locks its rendered folder before renaming it onto DEST, so DEST stays locked throughout.

Locks are re-entrant within one process: `recover` runs inside an upgrade's lock. A filesystem
that refuses locks (some network filesystems) gets no lock; every write is still all-or-nothing.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from scaffold.errors import DestinationError, ProjectBusyError

_ATTEMPTS = 5  # folders replaced under us this often in a row: another command is busy there
_UNSUPPORTED = (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL, errno.EBADF)

# (st_dev, st_ino) of every folder this process holds, with how many holders: re-entrancy.
_held: dict[tuple[int, int], int] = {}


def busy_error(folder: Path) -> ProjectBusyError:
    return ProjectBusyError(
        f"another scaffold command is writing {folder} right now; "
        "wait for it to finish, then run this one again"
    )


class FolderLocks:
    """The folder locks one command holds; all are released together when it ends."""

    def __init__(self) -> None:
        self._holds: list[tuple[tuple[int, int], int | None]] = []

    def acquire(self, folder: Path, *, create: bool = False) -> bool:
        """Lock `folder` (creating it first when `create` and it is missing); True if it was created.

        Raises ProjectBusyError when another process holds it.
        """
        created = False
        for _ in range(_ATTEMPTS):
            if create:
                created = _make_folder(folder) or created
            descriptor = _open_folder(folder, missing_ok=create)
            if descriptor is None:
                continue  # removed between mkdir and open: claim it again
            info = os.fstat(descriptor)
            key = (info.st_dev, info.st_ino)
            if key in _held:
                os.close(descriptor)
                _held[key] += 1
                self._holds.append((key, None))
                return created
            try:
                _flock(descriptor, folder)
            except BaseException:
                os.close(descriptor)
                raise
            if _still_names(folder, key):
                _held[key] = 1
                self._holds.append((key, descriptor))
                return created
            os.close(descriptor)  # replaced while we locked it: lock what the path names now
        raise busy_error(folder)

    def release(self) -> None:
        while self._holds:
            key, descriptor = self._holds.pop()
            _held[key] -= 1
            if _held[key] == 0:
                del _held[key]
            if descriptor is not None:
                os.close(descriptor)  # closing the last descriptor releases the flock


@contextlib.contextmanager
def folder_locks() -> Iterator[FolderLocks]:
    """Locks taken through the yielded object are all released when the block ends."""
    locks = FolderLocks()
    try:
        yield locks
    finally:
        locks.release()


@contextlib.contextmanager
def locked_folder(folder: Path) -> Iterator[None]:
    """Hold the lock of an existing folder, or refuse at once if another scaffold command holds it."""
    with folder_locks() as locks:
        locks.acquire(folder)
        yield


def _make_folder(folder: Path) -> bool:
    try:
        os.mkdir(folder)
    except FileExistsError:
        return False
    except OSError as exc:
        raise DestinationError(
            f"cannot create {folder} ({exc.strerror})", hint="Choose a folder you can write to."
        ) from None
    return True


def _open_folder(folder: Path, *, missing_ok: bool) -> int | None:
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if missing_ok:
            return None
        raise DestinationError(f"{folder} does not exist") from None
    except OSError as exc:
        raise DestinationError(f"cannot open {folder} ({exc.strerror})") from None


def _flock(descriptor: int, folder: Path) -> None:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise busy_error(folder) from None
    except OSError as exc:
        if exc.errno not in _UNSUPPORTED:
            raise DestinationError(f"cannot lock {folder} ({exc.strerror})") from None
        # This filesystem has no locks: go on unlocked (see the module docstring).


def _still_names(folder: Path, key: tuple[int, int]) -> bool:
    try:
        info = os.stat(folder)
    except OSError:
        return False
    return (info.st_dev, info.st_ino) == key
