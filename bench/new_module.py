"""Benchmark: `scaffold new-module`, the frontend build, and the size of what the platform loads.

Prints, for acme-map with --defaults:
- scaffold: CPU (user + system of the child) and wall of `scaffold new-module DEST --defaults`,
  each run a new process: the first run after install (fresh SCAFFOLD_HOME: the template store
  and caches are built) on its own, every warm run, and the warm medians (no install);
  target CPU <= 0.5 s, wall <= 1.0 s (figures only, no pass/fail);
- npm install: wall time of the one install (npm cache as it is on this machine; not a target);
- build: median wall time of `npm run build` (tsc --noEmit + vite build) after the install;
- module.js and module.css: raw bytes and gzip (level 9) bytes (target module.js <= 10 kB gzip).
Run: python bench/new_module.py [--runs N] [--compare-copier] [--scaffold-only]
"""

from __future__ import annotations

import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _new_project_timing import measure, parse_runs

GZIP_TARGET = 10 * 1024


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return elapsed


def _sizes(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, compresslevel=9, mtime=0))


def main() -> None:
    options = parse_runs(__doc__.splitlines()[0] if __doc__ else "")
    with tempfile.TemporaryDirectory() as work:
        project = Path(work) / "acme-map"
        measure("module", "acme-map", [], options, keep=None if options.scaffold_only else project)
        if options.scaffold_only:
            return
        env = {**os.environ, "SCAFFOLD_HOME": str(Path(work) / "home")}
        frontend = project / "frontend"
        install = _timed(["npm", "install", "--no-audit", "--no-fund"], frontend, env)
        builds = [_timed(["npm", "run", "build"], frontend, env) for _ in range(options.runs)]
        js_raw, js_gzip = _sizes(frontend / "dist" / "module.js")
        css_raw, css_gzip = _sizes(frontend / "dist" / "module.css")
    print(f"npm install (one run)                      {install:6.3f} s")
    print(f"npm run build (tsc + vite), median          {statistics.median(builds):6.3f} s")
    print(f"dist/module.js    {js_raw:7d} B raw   {js_gzip:6d} B gzip")
    print(f"dist/module.css   {css_raw:7d} B raw   {css_gzip:6d} B gzip")
    print(f"target: module.js <= {GZIP_TARGET} B gzip (median of {options.runs} builds)")


if __name__ == "__main__":
    main()
