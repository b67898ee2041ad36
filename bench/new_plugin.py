"""Benchmark: `scaffold new-plugin NAME --defaults`, each run a cold process (imports included).

No dependency is installed: this is the time from the command to a complete project on disk.
The first run also builds the per-user template store (once per scaffold version); it is shown
separately and left out of the median. Target: median <= 1.5 s.

Run: python bench/new_plugin.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 1.5


def run_once(root: Path, index: int, env: dict[str, str]) -> float:
    destination = root / f"acme-sales-{index}"
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "scaffold",
            "new-plugin",
            str(destination),
            "--name",
            "acme-sales",
            "--defaults",
        ],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    elapsed = time.perf_counter() - started
    shutil.rmtree(destination)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-new-plugin-"))
    env = {
        **os.environ,
        "SCAFFOLD_HOME": str(root / "scaffold-home"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    try:
        first = run_once(root, 0, env)
        runs = [run_once(root, index, env) for index in range(1, options.runs + 1)]
    finally:
        shutil.rmtree(root, ignore_errors=True)
    median = statistics.median(runs)
    print(
        f"scaffold new-plugin acme-sales --defaults (cold process, no dependency install), {len(runs)} runs"
    )
    print(f"  first run (builds the template store): {first:.2f} s")
    print(
        f"  median {median:.2f} s, min {min(runs):.2f} s, max {max(runs):.2f} s  (target <= {TARGET_SECONDS:.1f} s)"
    )
    print(f"  runs: {', '.join(f'{r:.2f}' for r in runs)}")


if __name__ == "__main__":
    main()
