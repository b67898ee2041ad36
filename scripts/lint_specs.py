"""Lint gate: the newest spec of each contract under specs/ passes Redocly CLI and Spectral.

Usage: python scripts/lint_specs.py [SPEC_FILE ...]

Without arguments it lints the NEWEST spec file of each contract (specs/<contract>/<version>.yaml,
versions ordered as PEP 440 with the `+rN` revision compared as a number, so
`1.2.0 < 1.2.0+r2 < 1.2.0+r10 < 1.2.1`) with both linters, prints one line per
spec and tool with its error and warning counts followed by each finding, and exits 1 if either
tool reports an error (warnings are printed, not fatal). Named SPEC_FILEs are linted instead,
under the same rules (for example to see the findings on an older file).

Older spec files are deliberately not gated: a released spec file stays byte-identical forever
(scaffold, and every project made from it, records and re-reads those exact bytes), so findings in
one are corrected by a new revision of the same contract version (`1.2.0+r2`), which is then the
newest file and the one gated here. See specs/CONVENTIONS.md.

The linters are pinned npm packages in tools/spec-lint (package.json + package-lock.json), with
their configurations beside them: redocly.yaml (`recommended`) and .spectral.yaml (`spectral:oas`);
each rule switched off or downgraded there is named with its reason. Install them with
`npm ci --prefix tools/spec-lint --ignore-scripts` (.ci/run does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scaffold.specs.spec_versions import sort_key

REPO = Path(__file__).resolve().parents[1]
SPECS = REPO / "specs"
TOOLS = REPO / "tools" / "spec-lint"
REDOCLY_CONFIG = TOOLS / "redocly.yaml"
SPECTRAL_RULESET = TOOLS / ".spectral.yaml"

# No telemetry, update checks or usage pings from the linters (CI may run without a network).
QUIET_ENV = {
    "REDOCLY_TELEMETRY": "off",
    "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
    "SCARF_ANALYTICS": "false",
    "NO_UPDATE_NOTIFIER": "1",
    "NO_COLOR": "1",
}


@dataclass(frozen=True)
class Finding:
    severity: str  # "error", "warning" or "info"
    rule: str
    where: str
    message: str


@dataclass(frozen=True)
class LintResult:
    tool: str
    spec: Path
    findings: list[Finding]

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity == "warning" for f in self.findings)


def newest_specs(root: Path = SPECS) -> list[Path]:
    """The newest spec file of each contract folder under `root`, in scaffold's own version order."""
    newest: list[Path] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        files = sorted(folder.glob("*.yaml"), key=lambda path: sort_key(path.stem))
        if files:
            newest.append(files[-1])
    return newest


def _tool(name: str) -> Path:
    path = TOOLS / "node_modules" / ".bin" / name
    if not path.exists():
        raise SystemExit(
            f"{name} is not installed in {TOOLS.relative_to(REPO)}: "
            f"run `npm ci --prefix {TOOLS.relative_to(REPO)} --ignore-scripts` first"
        )
    return path


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **QUIET_ENV}
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=TOOLS, check=False)


def _parse_json(tool: str, proc: subprocess.CompletedProcess[str]) -> Any:
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise SystemExit(
            f"{tool} did not report (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
        ) from None


def redocly(spec: Path) -> LintResult:
    proc = _run([str(_tool("redocly")), "lint", "--config", str(REDOCLY_CONFIG), "--format=json", str(spec)])
    report = _parse_json("redocly", proc)
    findings = []
    for problem in report.get("problems", []):
        location = (problem.get("location") or [{}])[0]
        start = location.get("start") or {}
        where = f"line {start['line']}" if "line" in start else ""
        where = f"{where} {location.get('pointer', '')}".strip()
        severity = {"warn": "warning"}.get(problem["severity"], problem["severity"])
        findings.append(Finding(severity, problem["ruleId"], where, problem["message"]))
    result = LintResult("redocly", spec, findings)
    if proc.returncode != 0 and result.errors == 0:
        raise SystemExit(
            f"redocly failed (exit {proc.returncode}) without reporting an error:\n{proc.stderr}"
        )
    return result


_SPECTRAL_SEVERITY = {0: "error", 1: "warning", 2: "info", 3: "hint"}


def spectral(spec: Path) -> LintResult:
    argv = [str(_tool("spectral")), "lint", "--ruleset", str(SPECTRAL_RULESET), "--format", "json"]
    proc = _run([*argv, "--fail-severity", "error", "--quiet", str(spec)])
    report = _parse_json("spectral", proc) if proc.stdout.strip() else []
    findings = []
    for problem in report:
        line = problem.get("range", {}).get("start", {}).get("line")
        pointer = "#/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in problem["path"])
        where = f"line {line + 1} {pointer}" if line is not None else pointer
        severity = _SPECTRAL_SEVERITY.get(problem["severity"], "error")
        findings.append(Finding(severity, problem["code"], where, problem["message"]))
    result = LintResult("spectral", spec, findings)
    if proc.returncode != 0 and result.errors == 0:
        raise SystemExit(
            f"spectral failed (exit {proc.returncode}) without reporting an error:\n{proc.stderr}"
        )
    return result


def _version(tool: str) -> str:
    proc = _run([str(_tool(tool)), "--version"])
    return proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("specs", nargs="*", type=Path, help="spec files (default: newest of each contract)")
    args = parser.parse_args(argv)
    specs = [p.resolve() for p in args.specs] or newest_specs()
    versions = {tool: _version(tool) for tool in ("redocly", "spectral")}
    failed = 0
    for spec in specs:
        for lint in (redocly, spectral):
            result = lint(spec)
            shown = spec.relative_to(REPO) if spec.is_relative_to(REPO) else spec
            verdict = "FAIL" if result.errors else "ok"
            print(
                f"{verdict:4} {result.tool} {versions[result.tool]}  {shown}: "
                f"{result.errors} errors, {result.warnings} warnings"
            )
            for f in result.findings:
                print(f"       {f.severity:7} {f.rule}  {f.where}: {f.message}")
            failed += result.errors > 0
    if failed:
        print(
            f"spec lint: {failed} run(s) reported errors; fix the spec (see tools/spec-lint/ for the rulesets)"
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
