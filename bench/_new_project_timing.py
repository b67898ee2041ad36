"""Shared by bench/new_plugin.py and bench/new_module.py: CPU and wall of `scaffold new-<kind>`.

Each run is a new process, as a user runs it (Python start-up and imports included), in a fresh
destination. CPU is the child's user + system time (resource.getrusage(RUSAGE_CHILDREN) deltas:
the benchmark starts no other child meanwhile), wall is perf_counter around the process.

Cold runs are the first run after an install: each in a fresh, empty SCAFFOLD_HOME (no bytecode,
model or validation cache, no template store). Warm runs share one SCAFFOLD_HOME. The medians of
both are printed side by side, each against the same target.

PYTHONDONTWRITEBYTECODE is inherited (then a checkout's modules compile from source on every run);
--write-bytecode unsets it, as after a pip install, which writes the .pyc files.

With --compare-copier the same runs alternate with SCAFFOLD_RENDER_WITH_COPIER=1 (the template
rendered by copier, as before scaffold's own renderer) in one SCAFFOLD_HOME, and the ratio of
medians is printed: what the renderer saves, whatever else changed on the machine meanwhile.
Figures only; no pass/fail on time.
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
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGETS = "CPU <= 0.5 s, wall <= 1.0 s"


@dataclass(frozen=True)
class Run:
    cpu: float
    wall: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(kind: str, destination: Path, args: list[str], env: dict[str, str]) -> Run:
    command = [sys.executable, "-m", "scaffold", f"new-{kind}", str(destination), *args, "--defaults"]
    cpu, wall = _children_cpu(), time.perf_counter()
    result = subprocess.run(command, cwd=destination.parent, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return Run(cpu, wall)


def _summary(label: str, runs: list[Run]) -> str:
    cpu = statistics.median(r.cpu for r in runs)
    wall = statistics.median(r.wall for r in runs)
    return f"  {label}: median CPU {cpu:.2f} s, wall {wall:.2f} s ({len(runs)} runs)"


def parse_runs(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=7, help="warm runs")
    parser.add_argument("--cold-runs", type=int, default=5, help="runs each with an empty SCAFFOLD_HOME")
    parser.add_argument(
        "--compare-copier", action="store_true", help="alternate with runs rendered by copier (ratio)"
    )
    parser.add_argument("--scaffold-only", action="store_true", help="new_module.py: skip npm install/build")
    parser.add_argument(
        "--write-bytecode",
        action="store_true",
        help="unset PYTHONDONTWRITEBYTECODE for the runs (as after a pip install, which compiles .pyc files)",
    )
    return parser.parse_args()


def measure(
    kind: str, name: str, args: list[str], options: argparse.Namespace, keep: Path | None = None
) -> None:
    """Print the first run and the warm runs; with `keep`, move the first project there."""
    root = Path(tempfile.mkdtemp(prefix=f"bench-new-{kind}-"))
    env = {
        **os.environ,
        "SCAFFOLD_HOME": str(root / "scaffold-home"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    env.pop("SCAFFOLD_RENDER_WITH_COPIER", None)
    if options.write_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    copier_env = {**env, "SCAFFOLD_RENDER_WITH_COPIER": "1"}
    print(f"scaffold new-{kind} {name} --defaults (a new process each run, no dependency install)")
    no_pyc = bool(env.get("PYTHONDONTWRITEBYTECODE"))
    print(
        f"  PYTHONDONTWRITEBYTECODE {'set: modules without .pyc compile on every run' if no_pyc else 'unset'}"
    )
    cold: list[Run] = []
    try:
        for index in range(max(1, options.cold_runs)):
            fresh = {**env, "SCAFFOLD_HOME": str(root / f"cold-home-{index}")}
            cold.append(run_once(kind, root / f"{name}-cold-{index}", args, fresh))
            print(
                f"  cold run {index + 1} (empty SCAFFOLD_HOME): CPU {cold[-1].cpu:.2f} s, wall {cold[-1].wall:.2f} s"
            )
        if keep is not None:
            shutil.move(str(root / f"{name}-cold-0"), keep)
        run_once(kind, root / f"{name}-first", args, env)  # fills the shared SCAFFOLD_HOME
        runs: list[Run] = []
        copier_runs: list[Run] = []
        for index in range(options.runs):
            runs.append(run_once(kind, root / f"{name}-{index}", args, env))
            print(f"  run {index + 1}: CPU {runs[-1].cpu:.2f} s, wall {runs[-1].wall:.2f} s")
            if options.compare_copier:
                copier_runs.append(run_once(kind, root / f"{name}-copier-{index}", args, copier_env))
                print(
                    f"  run {index + 1} rendered by copier: CPU {copier_runs[-1].cpu:.2f} s, wall {copier_runs[-1].wall:.2f} s"
                )
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(_summary("cold", cold))
    print(_summary("warm", runs))
    if copier_runs:
        print(_summary("warm, rendered by copier", copier_runs))
        ratio = statistics.median(r.cpu for r in runs) / statistics.median(r.cpu for r in copier_runs)
        print(f"  CPU ratio scaffold renderer / copier: {ratio:.2f}")
    print(f"  targets: {TARGETS} (cold and warm medians alike)")
