"""Benchmark: generating contract models, cold `scaffold models` vs warm in-process vs raw CLI.

Prints the median of N runs for each contract:
- cold:  `scaffold models CONTRACT -o FILE` in a new process (imports included);
- warm:  generate_python_models() called again in this process;
- raw:   `datamodel-codegen` CLI on the same spec file with equivalent options;
and the ratio cold / raw. Targets: warm <= 0.2 s; cold <= 1.0x raw.
Run: python bench/models.py [--runs N]
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
sys.path.insert(0, str(REPO))

from scaffold.codegen.python.models import generate_python_models  # noqa: E402
from scaffold.specs.catalog import load_shipped, shipped_specs  # noqa: E402

RAW_OPTIONS = [
    "--input-file-type", "openapi",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--snake-case-field",
    "--use-annotated",
    "--field-constraints",
    "--strict-nullable",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-schema-description",
    "--use-field-description",
    "--enum-field-as-literal", "all",
    "--collapse-root-models",
    "--disable-timestamp",
    "--target-python-version", "3.11",
]  # fmt: skip


def _timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    scaffold_cli = shutil.which("scaffold") or str(Path(sys.executable).parent / "scaffold")
    raw_cli = shutil.which("datamodel-codegen") or str(Path(sys.executable).parent / "datamodel-codegen")
    with tempfile.TemporaryDirectory() as work:
        env = {**os.environ, "SCAFFOLD_HOME": str(Path(work) / "home")}
        os.environ["SCAFFOLD_HOME"] = env["SCAFFOLD_HOME"]
        out = Path(work) / "models.py"
        print(f"{'contract':28} {'cold scaffold':>14} {'warm in-proc':>13} {'raw CLI':>9} {'cold/raw':>9}")
        for shipped in shipped_specs():
            spec = load_shipped(shipped.contract, shipped.version)
            generate_python_models(spec)  # first call pays the imports
            warm = statistics.median(_in_process(spec) for _ in range(args.runs))
            cold_runs, raw_runs = [], []
            for _ in range(args.runs):  # alternate so machine noise hits both alike
                out.unlink(missing_ok=True)
                cold_runs.append(
                    _timed([scaffold_cli, "models", spec.contract, "-o", str(out), "--force"], env)
                )
                raw_runs.append(
                    _timed([raw_cli, "--input", str(spec.path), "--output", str(out), *RAW_OPTIONS], env)
                )
            cold, raw = statistics.median(cold_runs), statistics.median(raw_runs)
            print(f"{spec.identity():28} {cold:13.3f}s {warm:12.3f}s {raw:8.3f}s {cold / raw:8.2f}x")
        print(f"targets: warm <= 0.200 s; cold/raw <= 1.00x  (median of {args.runs} runs)")


def _in_process(spec: object) -> float:
    start = time.perf_counter()
    generate_python_models(spec)  # type: ignore[arg-type]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
