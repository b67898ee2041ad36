"""Benchmark: `scaffold regenerate` and `scaffold upgrade` on a freshly scaffolded project.

Each run works on its own copy of a committed project, in a new process, as a team would run it:
- regenerate: rewrite the contract-owned files (after a generated file was deleted);
- regenerate --check: the CI guard;
- upgrade: to the synthetic contract 1.3.0 (contract diff, copier update, regeneration).
Targets: regenerate <= 1 s; upgrade <= 3 s. Run: python bench/upgrade.py [--runs N] [--kind plugin|module]
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
FUTURE = {
    "plugin": REPO / "tests" / "fixtures" / "specs" / "datasource-plugin-1.3.0.yaml",
    "module": REPO / "tests" / "fixtures" / "specs" / "dashboard-module-2026.2.0.yaml",
}
CONTRACT_FILE = {"plugin": "acme_x/_contract/models.py", "module": "backend/acme_x/_contract/models.py"}


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return elapsed


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", choices=["plugin", "module"], default="plugin")
    args = parser.parse_args()
    scaffold = shutil.which("scaffold") or str(Path(sys.executable).parent / "scaffold")
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        env = {**os.environ, "SCAFFOLD_HOME": str(base / "home")}
        template = base / "acme-x"
        _run([scaffold, f"new-{args.kind}", str(template), "--defaults"], base, env)
        _git(template, "init", "--quiet")
        _git(template, "add", "-A")
        _git(template, "commit", "--quiet", "-m", "scaffolded")
        timings: dict[str, list[float]] = {"regenerate": [], "regenerate --check": [], "upgrade": []}
        for index in range(args.runs):
            project = base / f"run-{index}"
            shutil.copytree(template, project)
            (project / CONTRACT_FILE[args.kind]).unlink()
            timings["regenerate"].append(_run([scaffold, "regenerate"], project, env))
            timings["regenerate --check"].append(_run([scaffold, "regenerate", "--check"], project, env))
            _git(project, "checkout", "--quiet", "--", ".")
            timings["upgrade"].append(
                _run([scaffold, "upgrade", "--to", str(FUTURE[args.kind])], project, env)
            )
        targets = {"regenerate": 1.0, "regenerate --check": 1.0, "upgrade": 3.0}
        print(f"{args.kind} project, median of {args.runs} runs (cold process each)")
        for name, values in timings.items():
            median = statistics.median(values)
            verdict = "ok" if median <= targets[name] else "OVER"
            print(
                f"  {name:20} median {median:6.3f} s  min {min(values):6.3f}  max {max(values):6.3f}"
                f"  (target <= {targets[name]:.1f} s: {verdict})"
            )


if __name__ == "__main__":
    main()
