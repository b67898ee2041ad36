"""Rebuild and restart a Go service when its sources change (`scaffold dev` in a Go plugin or module).

Run by scaffold.dev.runners.go as `python -m scaffold.dev.runners.go_reload --root DIR --binary PATH --
BUILD...`: starts PATH (already built), then polls DIR's `.go` files, `go.mod` and `*.json` under
`internal/` (embedded texts) twice a second. A change runs BUILD when the files' contents differ
from those of the last build (files written again unchanged, as by an editor's second write of one
save or a `touch`, ran the same failing build again and printed its failure twice); when it
succeeds the running service gets SIGTERM (it drains, as in production), then the new binary starts; when it fails the
compiler's output is printed and the old service keeps serving. SIGTERM or SIGINT to this loop stops
the service and ends the loop. Standard library only: it runs in scaffold's own Python.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

POLL_SECONDS = 0.5
STOP_SECONDS = 10.0
_SKIPPED = {".git", ".scaffold", "bin", "node_modules", "vendor", "testdata"}


def snapshot(root: Path) -> dict[str, float]:
    """Modification time of every watched file under `root`."""
    found: dict[str, float] = {}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name not in _SKIPPED and not name.startswith(".")]
        for name in files:
            if name.endswith(".go") or name == "go.mod" or (name.endswith(".json") and "internal" in folder):
                path = os.path.join(folder, name)
                try:
                    found[path] = os.stat(path).st_mtime_ns / 1e9
                except OSError:
                    continue
    return found


def contents(paths: list[str]) -> str:
    """A digest of the watched files' names and bytes: what a build would read."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
        try:
            with open(path, "rb") as source:
                digest.update(hashlib.sha256(source.read()).digest())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scaffold.dev.runners.go_reload")
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--binary", type=Path, required=True)
    parser.add_argument("build", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    build = [part for part in args.build if part != "--"]
    stopping = False

    def on_signal(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    service: subprocess.Popen[bytes] | None = subprocess.Popen([str(args.binary)], cwd=args.root)
    seen = snapshot(args.root)
    built_from = contents(list(seen))
    while not stopping:
        time.sleep(POLL_SECONDS)
        now = snapshot(args.root)
        if now == seen:
            continue
        time.sleep(POLL_SECONDS)  # an editor saving several files: one build
        seen = snapshot(args.root)
        current = contents(list(seen))
        if current == built_from:
            continue  # written again, unchanged: the last build's answer stands
        built_from = current
        print("[go] a source changed: building", file=sys.stderr, flush=True)
        built = subprocess.run(build, cwd=args.root, capture_output=True, check=False)
        if built.returncode != 0:
            sys.stderr.write((built.stdout + built.stderr).decode("utf-8", errors="replace"))
            print("[go] the build failed: the running service is kept", file=sys.stderr, flush=True)
            continue
        stop(service)
        service = subprocess.Popen([str(args.binary)], cwd=args.root)
        print("[go] restarted with the new build", file=sys.stderr, flush=True)
    stop(service)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
