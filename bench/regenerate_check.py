"""Benchmark: `scaffold regenerate --check` in a freshly scaffolded plugin and module project.

CI runs this command on every build, so each run is a cold process (imports included), timed as
a whole: CPU is the child's user + sys time, wall is the elapsed time. The first run uses an empty
per-user data folder (nothing cached yet, as right after installing scaffold) and is shown
separately; the median covers the following runs, which share one data folder. The two project
kinds are alternated so a busy machine slows both alike. Target: CPU <= 0.3 s.

Run: python bench/regenerate_check.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET_CPU_SECONDS = 0.3
PROJECTS = {
    "plugin": ("new-plugin", "acme-sales"),
    "module": ("new-module", "acme-mod"),
}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) seconds of one cold `scaffold ...` process."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "scaffold", *command], cwd=cwd, env=env, check=True, capture_output=True
    )
    return _children_cpu() - cpu_before, time.perf_counter() - started


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SCAFFOLD_HOME": str(home),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }


def _summary(label: str, runs: list[tuple[float, float]]) -> str:
    cpu = [c for c, _ in runs]
    wall = [w for _, w in runs]
    return (
        f"  {label}: CPU median {statistics.median(cpu):.3f} s (min {min(cpu):.3f}, max {max(cpu):.3f}), "
        f"wall median {statistics.median(wall):.3f} s  (target CPU <= {TARGET_CPU_SECONDS:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-regenerate-check-"))
    env = _env(root / "scaffold-home")
    try:
        projects: dict[str, Path] = {}
        for kind, (command, name) in PROJECTS.items():
            projects[kind] = root / name
            timed([command, str(projects[kind]), "--name", name, "--defaults"], root, env)
        first: dict[str, tuple[float, float]] = {}
        for kind, project in projects.items():
            fresh_home = root / f"empty-home-{kind}"
            first[kind] = timed(["regenerate", "--check"], project, _env(fresh_home))
            shutil.rmtree(fresh_home, ignore_errors=True)
        runs: dict[str, list[tuple[float, float]]] = {kind: [] for kind in projects}
        for _ in range(options.runs):
            for kind, project in projects.items():
                runs[kind].append(timed(["regenerate", "--check"], project, env))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"scaffold regenerate --check in a fresh project (cold process), {options.runs} runs per kind")
    for kind in projects:
        cpu, wall = first[kind]
        print(f"  {kind} first run (empty per-user data folder): CPU {cpu:.3f} s, wall {wall:.3f} s")
        print(_summary(kind, runs[kind]))


if __name__ == "__main__":
    main()
