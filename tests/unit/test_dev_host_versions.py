"""Issue 27, point 6: every host version the dev page and `check module` state is the contract's.

The contract's "Host runtime globals" table is transcribed by hand in test_spec_dashboard_module
(HOST_GLOBALS); the spec's `x-host-globals` is checked against it there. Here: what the module dev
page is told (dev-config.js, drawn as the "Host runtime" region) and the phrase `check module`
prints are those rows exactly, `18.2.x` included, and the React files loaded are the ones
vendor.json pins, inside the contract's versions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from scaffold.dev.server import DevPage, dev_config_js
from scaffold.host.runtime import RuntimeScript, host_globals, pinned_files, runtime_packages, runtime_text
from scaffold.specs import catalog
from tests.unit.test_spec_dashboard_module import HOST_GLOBALS

SPEC = catalog.load_shipped("dashboard-module")


def _runtime() -> list[RuntimeScript]:
    """The runtime as ensure_runtime describes it, without fetching files."""
    return [RuntimeScript(g, p, v, Path(f"{p}.js")) for g, p, v in runtime_packages(SPEC)]


def _within(version: str, stated: str) -> bool:
    """Whether an exact version is the stated one, or inside a range such as 18.2.x."""
    return re.fullmatch(re.escape(stated).replace(r"\.x", r"\.\d+"), version) is not None


def test_the_module_page_is_told_the_contract_table_exactly() -> None:
    page = DevPage("module", "http://127.0.0.1:1", SPEC, api=None)  # type: ignore[arg-type]
    text = dev_config_js(page, host_globals(SPEC, _runtime()))
    config = json.loads(text.split("=", 1)[1].rstrip(";\n"))
    rows = config["hostGlobals"]
    assert [(r["global"], r["package"], r["version"]) for r in rows] == list(HOST_GLOBALS)
    loaded = {r["package"]: r["loaded"] for r in rows if r["loaded"] is not None}
    # React, ReactDOM and the host's editor form library (x-scaffold-decision on WidgetEditorProps)
    assert set(loaded) == {"react", "react-dom", "react-hook-form"}, "the others are stand-ins"
    stated = {package: version for _global, package, version in HOST_GLOBALS}
    pinned = {(package, version) for package, version, _file in pinned_files()}
    for package, version in loaded.items():
        assert _within(version, stated[package]), (package, version, stated[package])
        assert (package, version) in pinned, f"{package}@{version} is the file vendor.json pins"


def test_check_states_the_same_versions() -> None:
    stated = {package: version for _global, package, version in HOST_GLOBALS}
    assert runtime_text(SPEC, _runtime()) == (
        f"react {stated['react']}, react-dom {stated['react-dom']} (loads 18.2.0), "
        f"react-hook-form {stated['react-hook-form']}"
    )


def test_a_plugin_page_is_told_no_host_globals() -> None:
    spec = catalog.load_shipped("datasource-plugin")
    page = DevPage("plugin", "http://127.0.0.1:1", spec, api=None)  # type: ignore[arg-type]
    assert "hostGlobals" not in dev_config_js(page)
