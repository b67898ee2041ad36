"""Upgrading a module project with a later scaffold, from installed wheels.

Scaffold acme-map at 2026.1.1, commit, edit Widget.tsx (user-owned) and vite.config.ts
(template-owned), upgrade with a later scaffold (the next template version) to the synthetic 2026.2.0
contract, which adds the Widget prop `locale`: both edits survive, the template change arrives,
the new prop reaches the generated TypeScript types, code using it type-checks, and
`npm run build` passes. A second upgrade changes nothing.

The upgrade leaves the frontend's package.json, package-lock.json and .npmrc byte for byte as
`new-module` wrote them (asserted), so node_modules is the one `npm ci` makes once per run for
acme-map's manifests (tests/node_install.py; the functional module tests share it): the user's
`npm install` on these very files runs in tests/e2e/test_new_module.py, which also asserts it
leaves the lock file as shipped. Measured on the shared 2-core machine: `npm install` here took
24-28 s of CPU (the test's CI figure was 53 s), the hard-linked copy 0.2-0.5 s.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_MODULE_SPEC
from tests.e2e.conftest import FUTURE_SCAFFOLD_FIRST, InstalledScaffold
from tests.e2e.future_scaffold import (
    APPENDED_LINE,
    NEW_FILE,
    current_template_version,
    future_template_version,
)
from tests.git_helpers import git
from tests.node_install import MANIFESTS, install_node_modules

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

WIDGET_EDIT = "\n// Owned by the maps team: keep this note across upgrades.\n"
VITE_EDIT = "// acme: bundle reviewed by the maps team\n"
USES_NEW_PROP = """
export function widgetLocale(props: WidgetProps): string {
  return props.locale ?? 'ru-RU';
}
"""


def npm(frontend: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["npm", *args],
        cwd=frontend,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ},
        check=False,
    )


def test_module_upgrade_brings_new_prop_to_types_and_build(
    installed_scaffold: InstalledScaffold,
    future_scaffold: InstalledScaffold,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    assert shutil.which("npm"), "npm is not installed; install Node.js 20 and npm to run the module tests"
    project = tmp_path / "acme-map"
    created = run_scaffold(
        ["new-module", str(project), "--defaults"], cwd=tmp_path, executable=installed_scaffold.scaffold
    )
    assert created.returncode == 0, created.stderr
    frontend = project / "frontend"
    manifests = {name: (frontend / name).read_bytes() for name in MANIFESTS if (frontend / name).is_file()}
    assert git(project, "status", "--porcelain") == "", "new-module made its first commit"

    widget = project / "frontend" / "src" / "components" / "Widget.tsx"
    widget.write_text(widget.read_text(encoding="utf-8") + WIDGET_EDIT, encoding="utf-8")
    vite_config = project / "frontend" / "vite.config.ts"
    vite_config.write_text(VITE_EDIT + vite_config.read_text(encoding="utf-8"), encoding="utf-8")
    git(project, "commit", "--quiet", "-am", "our edits")

    upgraded = run_scaffold(
        ["upgrade", "--to", str(FUTURE_MODULE_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    assert "+ field WidgetProps.locale: string, optional" in upgraded.stdout
    assert (
        f"template {current_template_version('module')} -> {future_template_version('module')}"
        in upgraded.stdout
    )

    assert widget.read_text(encoding="utf-8").endswith(WIDGET_EDIT)
    assert vite_config.read_text(encoding="utf-8").startswith(VITE_EDIT)
    assert APPENDED_LINE in (project / "Dockerfile").read_text(encoding="utf-8")
    assert (project / NEW_FILE).is_file()
    types = (project / "frontend" / "src" / "contract" / "types.ts").read_text(encoding="utf-8")
    widget_props = types[types.index("export interface WidgetProps") :]
    widget_props = widget_props[: widget_props.index("\n}\n")]
    assert "locale?: string;" in widget_props
    assert "dashboard-module 2026.2.0" in types.splitlines()[0]

    # code that uses the new prop type-checks, and the bundle builds
    widget.write_text(widget.read_text(encoding="utf-8") + USES_NEW_PROP, encoding="utf-8")
    assert {
        name: (frontend / name).read_bytes() for name in MANIFESTS if (frontend / name).is_file()
    } == manifests, "the upgrade changed the frontend's dependencies"
    install_node_modules(frontend, tmp_path_factory)  # `npm ci`, once per run for these manifests
    built = npm(frontend, "run", "build")
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert (project / "frontend" / "dist" / "module.js").is_file()

    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "upgrade to 2026.2.0")
    again = run_scaffold(
        ["upgrade", "--to", str(FUTURE_MODULE_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert again.returncode == 0, again.stderr
    assert "nothing to do" in again.stdout
    assert git(project, "status", "--porcelain") == ""
