"""Module checker parts that need no browser: artifact URLs, props, host runtime versions."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from scaffold.host.module_props import component_props
from scaffold.host.module_target import BUILD_TIMESTAMP, ModuleTarget, artifact_urls, module_base
from scaffold.host.runtime import RuntimeScript, runtime_packages, stand_in_globals
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs import catalog

SPEC = catalog.load_shipped("dashboard-module", "2026.1.1")
METADATA = {
    "name": "demo",
    "title": [{"lang": "en-US", "value": "Demo"}],
    "description": [{"lang": "en-US", "value": "Demo"}],
    "version": "1.2.3",
    "entryPoint": "static/demo.js",
    "frontendHost": "http://cdn.example/modules/",
    "scope": "demo",
    "components": ["Widget", "WidgetEditor", "Settings"],
}


@pytest.mark.parametrize(
    ("host", "entry", "js", "css"),
    [
        ("http://h/modules/", "static/a.js", "http://h/modules/static/a.js", "http://h/modules/static/a.css"),
        ("http://h/modules", "static/a.js", "http://h/static/a.js", "http://h/static/a.css"),
        ("http://h/modules/", "/root/a.js", "http://h/root/a.js", "http://h/root/a.css"),
        ("http://h/", "http://cdn/x/a.js", "http://cdn/x/a.js", "http://cdn/x/a.css"),
        ("http://h/", "a.mjs", "http://h/a.mjs", None),
    ],
)
def test_artifact_urls_follow_urljoin(host: str, entry: str, js: str, css: str | None) -> None:
    urls = artifact_urls({**METADATA, "frontendHost": host, "entryPoint": entry}, "2026-01-01")
    assert urls.js == js
    assert urls.cacheable_js == f"{js}?version=1.2.3&buildTimestamp=2026-01-01"
    assert urls.css == css


def test_existing_query_string_is_kept() -> None:
    urls = artifact_urls({**METADATA, "entryPoint": "a.js?v=7"}, "t")
    assert urls.js == "http://cdn.example/modules/a.js?v=7"
    assert urls.cacheable_js == "http://cdn.example/modules/a.js?v=7&version=1.2.3&buildTimestamp=t"
    assert urls.css is None, "the contract tries CSS only when entryPoint ends with .js"


def test_build_timestamp_comes_from_well_known_when_given() -> None:
    given = artifact_urls({**METADATA, "buildTimestamp": "2026-05-01T00:00:00Z"})
    assert given.cacheable_js.endswith("?version=1.2.3&buildTimestamp=2026-05-01T00%3A00%3A00Z")
    absent = artifact_urls(METADATA)
    assert absent.cacheable_js.endswith(f"&buildTimestamp={quote(BUILD_TIMESTAMP, safe='')}")


def test_module_base_tolerates_api_v1() -> None:
    assert module_base("http://h:1/mod/") == "http://h:1/mod"
    assert module_base("http://h:1/mod/api/v1") == "http://h:1/mod"


@pytest.mark.parametrize("component", ["Widget", "WidgetEditor", "Settings"])
def test_props_are_valid_against_the_spec(component: str) -> None:
    target = ModuleTarget("http://h", METADATA, "http://h/a.js", None)
    props = component_props(SPEC, component, target)
    assert props is not None
    validator = SpecValidator(SPEC)
    # Callbacks are functions in the page; everything else must satisfy the props schema.
    values = {**props.values, **{c.name: None for c in props.callbacks}}
    schema = SPEC.data["components"]["schemas"][props.schema_name]
    relaxed = {
        **schema,
        "properties": {k: v for k, v in schema["properties"].items() if "x-callback" not in v},
    }
    assert validator.errors_for_value(relaxed, values) == []


def test_props_callbacks_come_from_x_callback() -> None:
    target = ModuleTarget("http://h", METADATA, "http://h/a.js", None)
    widget = component_props(SPEC, "Widget", target)
    assert widget is not None
    assert {c.name for c in widget.callbacks} == {"setRefreshClicked", "onErrorChange", "onFetch"}
    on_fetch = widget.callback("onFetch")
    assert on_fetch is not None and on_fetch.parameters[0].required
    editor = component_props(SPEC, "WidgetEditor", target)
    assert editor is not None
    assert [f["name"] for f in editor.values["generalFields"]] == ["title", "description"]
    assert editor.values["module"]["scope"] == "demo"
    assert editor.values["module"]["baseUrl"] == "http://h"
    assert component_props(SPEC, "Chart", target) is None


def test_runtime_versions_from_x_host_globals() -> None:
    assert runtime_packages(SPEC) == [
        ("React", "react", "18.3.1"),
        ("ReactDOM", "react-dom", "18.2.0"),
        ("ReactHookForm", "react-hook-form", "7.54.2"),  # the host's editor form
    ]


def test_stand_ins_are_the_other_host_globals() -> None:
    runtime = [
        RuntimeScript("React", "react", "18.3.1", Path("r.js")),
        RuntimeScript("ReactDOM", "react-dom", "18.2.0", Path("d.js")),
    ]
    assert stand_in_globals(SPEC, runtime) == [
        "UiKit",
        "FrontendShared",
        "ReactHookForm",
        "DnDKitCore",
        "DnDKitSortable",
        "DnDKitUtilities",
    ]
