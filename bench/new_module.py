"""Benchmark: `scaffold new-module`, the frontend build, and the size of what the platform loads.

Prints, for acme-map with --defaults:
- scaffold: wall time of `scaffold new-module DEST --defaults` in a new process, the first run
  (the per-user template store is built) and the median of the warm runs (no install);
- npm install: wall time of the one install (npm cache as it is on this machine; not a target);
- build: median wall time of `npm run build` (tsc --noEmit + vite build) after the install;
- module.js and module.css: raw bytes and gzip (level 9) bytes.
Targets: warm scaffold <= 1.5 s; module.js <= 10 kB gzip.
Run: python bench/new_module.py [--runs N]
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCAFFOLD_TARGET = 1.5
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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    scaffold_cli = shutil.which("scaffold") or str(Path(sys.executable).parent / "scaffold")
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        env = {**os.environ, "SCAFFOLD_HOME": str(base / "home")}
        runs = []
        for index in range(args.runs + 1):
            runs.append(
                _timed([scaffold_cli, "new-module", str(base / f"acme-map-{index}"), "--defaults"], base, env)
            )
        first, warm = runs[0], statistics.median(runs[1:])
        project = base / "acme-map"
        (base / "acme-map-0").rename(project)
        frontend = project / "frontend"
        install = _timed(["npm", "install", "--no-audit", "--no-fund"], frontend, env)
        builds = [_timed(["npm", "run", "build"], frontend, env) for _ in range(args.runs)]
        js_raw, js_gzip = _sizes(frontend / "dist" / "module.js")
        css_raw, css_gzip = _sizes(frontend / "dist" / "module.css")
        files = sum(1 for p in project.rglob("*") if p.is_file() and "node_modules" not in p.parts)
    print(
        f"scaffold new-module acme-map --defaults   first {first:6.3f} s   warm median {warm:6.3f} s  ({files} files incl. dist)"
    )
    print(f"npm install (one run)                      {install:6.3f} s")
    print(f"npm run build (tsc + vite), median          {statistics.median(builds):6.3f} s")
    print(f"dist/module.js    {js_raw:7d} B raw   {js_gzip:6d} B gzip")
    print(f"dist/module.css   {css_raw:7d} B raw   {css_gzip:6d} B gzip")
    verdict_scaffold = "ok" if warm <= SCAFFOLD_TARGET else "OVER"
    verdict_size = "ok" if js_gzip <= GZIP_TARGET else "OVER"
    print(
        f"targets: warm scaffold <= {SCAFFOLD_TARGET} s ({verdict_scaffold}); "
        f"module.js <= {GZIP_TARGET} B gzip ({verdict_size})  (median of {args.runs} runs)"
    )


if __name__ == "__main__":
    main()
