"""Benchmark: `scaffold new-plugin NAME --defaults`, CPU and wall, each run a new process.

No dependency is installed: this is the cost from the command to a complete project on disk.
Prints every run's CPU (user + system of the child) and wall, the first run after install (fresh
SCAFFOLD_HOME: the template store and caches are built) on its own, and the median of the rest.
Target: CPU <= 0.5 s, wall <= 1.0 s per project (figures only, no pass/fail).

Run: python bench/new_plugin.py [--runs N] [--compare-copier]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _new_project_timing import measure, parse_runs


def main() -> None:
    options = parse_runs(__doc__.splitlines()[0] if __doc__ else "")
    measure("plugin", "acme-sales", ["--name", "acme-sales"], options)


if __name__ == "__main__":
    main()
