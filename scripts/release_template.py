"""Start a new version of a project template: snapshot the released one into templates/history/.

Usage: python scripts/release_template.py KIND NEW_VERSION   (KIND: plugin or module)

Run it *before* editing templates/KIND/ for the next release. It copies the current template to
templates/history/KIND/<current version>/ and sets templates/versions.yaml to NEW_VERSION. Every
scaffold release carries all older template versions this way, so it can 3-way-merge template
changes into projects made by any earlier scaffold (copier rebuilds the old version to diff).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1] / "templates"


def release(kind: str, new_version: str, root: Path = ROOT) -> Path:
    versions_file = root / "versions.yaml"
    text = versions_file.read_text(encoding="utf-8")
    match = re.search(rf"^{kind}:\s*(\S+)\s*$", text, re.MULTILINE)
    if match is None:
        raise SystemExit(f"{versions_file} has no version for {kind}")
    current = match[1]
    if Version(new_version) <= Version(current):
        raise SystemExit(f"{new_version} is not newer than the current {kind} template {current}")
    snapshot = root / "history" / kind / current
    if snapshot.exists():
        raise SystemExit(f"{snapshot} already exists: {kind} {current} was released before")
    shutil.copytree(root / kind, snapshot, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    versions_file.write_text(text[: match.start(1)] + new_version + text[match.end(1) :], encoding="utf-8")
    return snapshot


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("kind", choices=["plugin", "module"])
    parser.add_argument("new_version")
    parser.add_argument(
        "--templates", type=Path, default=ROOT, help="templates folder (default: this repo's)"
    )
    args = parser.parse_args()
    snapshot = release(args.kind, args.new_version, args.templates)
    print(f"kept {args.kind} template in {snapshot}; templates/{args.kind}/ is now {args.new_version}")
    print("edit the template, refresh the golden trees (python -m tests.golden.refresh), run the tests")


if __name__ == "__main__":
    sys.exit(main())
