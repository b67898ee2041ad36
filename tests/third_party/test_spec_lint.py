"""The spec lint gate (scripts/lint_specs.py, run by .ci/run): which files it lints, and the one
Spectral rule tools/spec-lint/.spectral.yaml replaces.

The gate itself (0 errors from Redocly and Spectral on the newest spec of each contract) is a
step of .ci/run; here it runs once more so that `pytest` alone reports a spec that breaks it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scripts import lint_specs
from scripts.lint_specs import newest_specs

PROBE = Path(__file__).parent / "fixtures" / "array_items_probe.yaml"


@pytest.fixture(scope="module")
def linters() -> None:
    """The pinned linters, installed as .ci/run installs them when a checkout has not yet."""
    if (lint_specs.TOOLS / "node_modules" / ".bin" / "spectral").exists() and (
        lint_specs.TOOLS / "node_modules" / ".bin" / "redocly"
    ).exists():
        return
    npm = shutil.which("npm")
    assert npm, "npm is not installed; install Node.js 20 with npm to run the spec lint gate"
    proc = subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=lint_specs.TOOLS,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, f"npm ci in {lint_specs.TOOLS} failed:\n{proc.stdout}{proc.stderr}"


def test_newest_spec_of_each_contract_is_chosen_in_pep440_order(tmp_path: Path) -> None:
    for name in ("1.2.0", "1.2.0+r2", "1.10.0", "1.9.9+r3"):
        (tmp_path / "plugin" / f"{name}.yaml").parent.mkdir(exist_ok=True)
        (tmp_path / "plugin" / f"{name}.yaml").touch()
    for name in ("2026.1.1", "2026.1.1+r2", "2026.1.1+r10"):
        (tmp_path / "module" / f"{name}.yaml").parent.mkdir(exist_ok=True)
        (tmp_path / "module" / f"{name}.yaml").touch()
    (tmp_path / "empty").mkdir()
    chosen = newest_specs(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in chosen] == [
        "module/2026.1.1+r10.yaml",
        "plugin/1.10.0.yaml",
    ]


def test_the_shipped_revisions_are_the_ones_gated() -> None:
    """The gate lints exactly what a new project gets: scaffold's newest spec of each contract."""
    from scaffold.specs.catalog import contract_names, load_shipped

    chosen = [p.resolve() for p in newest_specs()]
    assert chosen == [load_shipped(contract).path for contract in contract_names()]


def test_array_items_replacement_checks_schemas_and_skips_example_values(linters: None) -> None:
    result = lint_specs.spectral(PROBE)
    reported = sorted(f.where.split(" ", 2)[-1] for f in result.findings if f.rule.startswith("array-items"))
    assert reported == [
        "#/components/schemas/Body/properties/examples",
        "#/components/schemas/Body/properties/flagList",
        "#/paths/~1probe/post/responses/200/content/application~1json/schema/properties/flagNullableList",
    ]


def test_newest_specs_pass_both_linters(linters: None, capsys: pytest.CaptureFixture[str]) -> None:
    status = lint_specs.main([])
    assert status == 0, "the spec lint gate fails:\n" + capsys.readouterr().out
