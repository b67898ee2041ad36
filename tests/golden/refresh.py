"""Rewrite every golden tree from the current generators: `python -m tests.golden.refresh [NAME...]`.

It first rewrites the newest history patch of each template kind (scripts/release_template.py
--refresh): after a template edit the store refuses a stale patch, so the one command that
refreshes what a template change touches does both.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from scaffold.contracts import TEMPLATES
from scripts.release_template import past_versions
from scripts.release_template import refresh as refresh_history_patch
from tests.golden.producers import GOLDEN_ROOT, PRODUCERS, REPO, tree_root


def refresh(names: list[str]) -> None:
    for template in sorted(TEMPLATES):
        if not past_versions(REPO, template):  # nothing released yet: no patch to keep
            continue
        print(f"refreshed {refresh_history_patch(template).relative_to(GOLDEN_ROOT.parent.parent.parent)}")
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCAFFOLD_HOME"] = home
        for name in names or sorted(PRODUCERS):
            target = tree_root(name)
            staging = Path(tempfile.mkdtemp(prefix=f"golden-{name}-"))
            PRODUCERS[name](staging)
            shutil.rmtree(target, ignore_errors=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(staging), str(target))
            print(f"refreshed {target.relative_to(GOLDEN_ROOT.parent.parent.parent)}")


if __name__ == "__main__":
    refresh(sys.argv[1:])
