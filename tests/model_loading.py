"""Test helper: generate contract models into a temporary module and import it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import TypeAdapter

from scaffold.codegen.python.models import CLASS_NAMES, Scope, generate_python_models
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import ref_name


def import_models(spec: SpecDocument, folder: Path, scope: Scope = "all") -> ModuleType:
    name = f"models_{spec.contract.replace('-', '_')}_{spec.version.replace('.', '_')}_{scope}"
    path = folder / f"{name}.py"
    path.write_text(generate_python_models(spec, scope=scope), encoding="utf-8")
    loader_spec = importlib.util.spec_from_file_location(name, path)
    assert loader_spec is not None and loader_spec.loader is not None
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module
    loader_spec.loader.exec_module(module)
    return module


_PRIMITIVES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": int | float,
    "boolean": bool,
    "null": None,
}


def python_type(module: ModuleType, schema: dict[str, Any], components: dict[str, Any] | None = None) -> Any:
    """The Python type the generated models give a body schema (refs, arrays, unions).

    Root schemas (maps, enums) are inlined by the generator, so a ref without a class is
    resolved to the equivalent plain type.
    """
    if "$ref" in schema:
        name = ref_name(schema["$ref"])
        cls = getattr(module, CLASS_NAMES.get(name, name), None)
        if cls is not None:
            return cls
        assert components is not None, f"no class {name} and no components to inline it"
        return python_type(module, components[name], components)
    kinds = schema.get("type")
    if isinstance(kinds, list):
        union: Any = None
        for kind in kinds:
            branch = python_type(module, {**schema, "type": kind}, components)
            union = branch if union is None else union | branch
        return union
    if (
        kinds == "object"
        and isinstance(schema.get("additionalProperties"), dict)
        and not schema.get("properties")
    ):
        return dict[str, python_type(module, schema["additionalProperties"], components)]  # type: ignore[misc]
    if kinds in _PRIMITIVES:
        return _PRIMITIVES[kinds]
    if "oneOf" in schema or "anyOf" in schema:
        branches = [python_type(module, b, components) for b in schema.get("oneOf", schema.get("anyOf", []))]
        result: Any = branches[0]
        for branch in branches[1:]:
            result = result | branch
        return result
    if kinds == "array":
        return list[python_type(module, schema.get("items", {}), components)]  # type: ignore[misc]
    return dict[str, Any]


def adapter(module: ModuleType, schema: dict[str, Any], components: dict[str, Any]) -> TypeAdapter[Any]:
    return TypeAdapter(python_type(module, schema, components))
