"""The props the platform passes to Widget, WidgetEditor and Settings, built from the module spec.

`x-components.props` names each component's props schema; every property with an `x-callback`
becomes a recording function in the page, every other property gets a realistic value: the
spec's own examples (palette, module record, saved widget, variables, IField), completed from the
module's well-known answer, and a type-driven default for anything the spec adds later. The unit
tests validate the built props against the props schemas, so they stay contract-correct.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.host.host_data import HostData
from scaffold.host.module_target import ModuleTarget
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import SCHEMA_PREFIX

MODULE_ID = "6650f1c2a9e4b3d2c1f0a987"
WIDGET_ID = "6650f6a7a9e4b3d2c1f0ad20"
FROM = "2026-03-14T09:00:00.000Z"
TO = "2026-03-15T09:00:00.000Z"


@dataclass(frozen=True)
class CallbackParameter:
    name: str
    schema: Mapping[str, Any]
    required: bool


@dataclass(frozen=True)
class CallbackSpec:
    """A callback prop and the parameters the contract gives it."""

    name: str
    parameters: tuple[CallbackParameter, ...]


@dataclass(frozen=True)
class ComponentProps:
    component: str
    schema_name: str
    values: dict[str, Any]
    callbacks: tuple[CallbackSpec, ...]

    def callback(self, name: str) -> CallbackSpec | None:
        return next((c for c in self.callbacks if c.name == name), None)


def _schemas(spec: SpecDocument) -> Mapping[str, Any]:
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    return schemas


def _example(spec: SpecDocument, name: str) -> Any:
    examples = _schemas(spec).get(name, {}).get("examples") or []
    return copy.deepcopy(examples[0]) if examples else None


def props_schema_name(spec: SpecDocument, component: str) -> str | None:
    mapping = spec.data.get("x-components", {}).get("props", {}) or {}
    name = mapping.get(component)
    return str(name) if name else None


def realistic_values(
    spec: SpecDocument, target: ModuleTarget, data: HostData | None = None
) -> dict[str, Any]:
    """Values by prop name, shared by the three components so they describe one consistent widget;
    `data` (the module's own moduleData and settings) replaces the spec's examples of those."""
    metadata = target.metadata
    palette = _example(spec, "IPalette") or {
        "name": "Default",
        "colors": ["#1f77b4", "#ff7f0e"],
        "createdAt": FROM,
        "updatedAt": TO,
    }
    module = _example(spec, "ExternalModule") or {}
    module.update(
        {
            "id": MODULE_ID,
            "name": str(metadata.get("name", "")),
            "version": str(metadata.get("version", "")),
            "baseUrl": target.base_url,
            "buildTimestamp": target.build_timestamp,
            "frontendHost": str(metadata.get("frontendHost", "")),
            "scope": target.scope,
            "entryPoint": str(metadata.get("entryPoint", "")),
            "components": target.components,
            "canAddToDashboard": bool(metadata.get("canAddToDashboard", True)),
        }
    )
    for key in ("title", "description"):
        if isinstance(metadata.get(key), list):
            module[key] = copy.deepcopy(metadata[key])
    widget = _example(spec, "IModuleWidgetData") or {
        "dashboardId": "d1",
        "title": "Widget",
        "widgetType": "module",
        "moduleData": {},
    }
    widget["moduleId"] = MODULE_ID
    if data is not None and data.module_data is not None:
        widget["moduleData"] = copy.deepcopy(data.module_data)
    if data is not None and data.has_settings:
        module["settings"] = copy.deepcopy(data.settings)
    title_field = _example(spec, "IField") or {"title": "Title", "name": "title", "rules": {"required": True}}
    description_field = {
        "title": "Description",
        "name": "description",
        "rules": {},
        "defaultValue": "",
        "props": {"placeholder": "Widget description", "rows": 3},
        "controlWidth": None,
        "helpText": "Shown under the title",
        "type": "textarea",
    }
    variables = _example(spec, "VariableValues") or {}
    return {
        "moduleId": MODULE_ID,
        "moduleData": copy.deepcopy(widget.get("moduleData", {})),
        "palette": list(palette.get("colors", [])),
        "palettes": [palette],
        "id": WIDGET_ID,
        "widgetId": WIDGET_ID,
        "variables": variables,
        "from": FROM,
        "to": TO,
        "title": str(widget.get("title", "")),
        "cols": 6,
        "rows": 4,
        "isDashboardEdit": False,
        "isWidgetEdit": False,
        "isRefreshClicked": False,
        "refreshClicked": False,
        "dashboardProps": {"from": FROM, "to": TO, "refreshTime": 30000, "cols": 6, "rows": 4},
        "module": module,
        "widget": widget,
        "generalFields": [title_field, description_field],
        "settings": copy.deepcopy(module.get("settings", {})),
    }


def component_props(
    spec: SpecDocument, component: str, target: ModuleTarget, data: HostData | None = None
) -> ComponentProps | None:
    """The props of `component`, or None when the spec defines no props schema for it."""
    schema_name = props_schema_name(spec, component)
    if schema_name is None:
        return None
    schema = _schemas(spec).get(schema_name, {})
    known = realistic_values(spec, target, data)
    values: dict[str, Any] = {}
    callbacks: list[CallbackSpec] = []
    for prop, body in (schema.get("properties") or {}).items():
        callback = body.get("x-callback")
        if isinstance(callback, dict):
            parameters = tuple(
                CallbackParameter(
                    str(p.get("name", f"arg{i}")), p.get("schema") or {}, bool(p.get("required", False))
                )
                for i, p in enumerate(callback.get("parameters") or [])
            )
            callbacks.append(CallbackSpec(str(prop), parameters))
        elif prop in known:
            values[prop] = copy.deepcopy(known[prop])
        else:
            values[prop] = default_for(spec, body)
    return ComponentProps(component, schema_name, values, tuple(callbacks))


def default_for(spec: SpecDocument, schema: Mapping[str, Any], depth: int = 0) -> Any:
    """A plain value of a schema's type, for props the realistic table does not know yet."""
    if depth > 6:
        return None
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(SCHEMA_PREFIX):
        name = ref[len(SCHEMA_PREFIX) :]
        example = _example(spec, name)
        return example if example is not None else default_for(spec, _schemas(spec).get(name, {}), depth + 1)
    if schema.get("examples"):
        return copy.deepcopy(schema["examples"][0])
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("oneOf", "anyOf"):
        branches = [b for b in schema.get(key) or [] if b.get("type") != "null"]
        if branches:
            return default_for(spec, branches[0], depth + 1)
    kind = schema.get("type")
    kind = next((k for k in kind if k != "null"), None) if isinstance(kind, list) else kind
    if kind == "object":
        required = schema.get("required") or []
        props = schema.get("properties") or {}
        return {key: default_for(spec, props.get(key, {}), depth + 1) for key in required}
    return {"string": "", "number": 0, "integer": 0, "boolean": False, "array": []}.get(str(kind))
