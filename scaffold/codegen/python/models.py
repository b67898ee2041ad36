"""Spec -> pydantic v2 models, through datamodel-code-generator used as a library.

The pipeline is: select schemas -> prepare (integer bounds) -> datamodel-code-generator ->
post-process (contract base class, per-field null omission, canonical imports, header) -> ruff format.

Post-processing exists because three contract rules have no datamodel-code-generator option:
an optional field the contract does not allow as null must be *absent* from output rather than
`null` (done per field with pydantic's `exclude_if`, which costs nothing at serialisation time,
unlike a model-level wrap serializer: ~9x slower on a 10,000-point response); the same field
sent as an explicit `null` is a schema violation the routes answer 400, while the team's own code
may still pass None for "not set" (a marker that makes the field non-nullable in strict
validation only: a core-schema switch, no Python call per field on input or output); and models
must serialise with wire names by default while accepting either name on input.
"""

from __future__ import annotations

import ast
import copy
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from scaffold.codegen.python import model_cache
from scaffold.codegen.python.attribute_names import (
    attribute_renames,
    class_body_names,
    generated_fields,
    unrenamed,
)
from scaffold.codegen.python.class_names import CLASS_NAMES, check_class_names
from scaffold.codegen.python.formatting import format_python
from scaffold.codegen.python.headers import python_header
from scaffold.codegen.python.shipped_models import input_digest, shipped_models
from scaffold.codegen.python.source_offsets import line_starts, node_end, node_start
from scaffold.codegen.python.source_text import escape_controls_in_python_source
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.keyword_nodes import keyword_objects
from scaffold.specs.references import COMPONENT_REF
from scaffold.specs.schema_model import schema_model
from scaffold.specs.shapes import is_nullable, wire_schemas

__all__ = ["CLASS_NAMES", "INTEGER_BOUNDS", "Scope", "generate_python_models"]

INTEGER_BOUNDS: Mapping[str, tuple[int, int]] = {
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
}

_BASE_MARKER_MODULE = "scaffold_contract_base"
# Defined in runtime_files/contract_base.py, whose code heads every generated models module.
_BASE_CLASS = "ContractModel"
_OMIT = "omit_none"
_NOT_NULL = "NOT_NULL"
_BASE_SOURCE = Path(__file__).resolve().parent / "runtime_files" / "contract_base.py"


@cache
def contract_base() -> tuple[dict[str, frozenset[str]], str]:
    """The imports of runtime_files/contract_base.py (module -> names) and its code below them.

    That file is a real module (linted, typed, tested); a generated models module carries its code
    in place, after imports merged with the models' own, so a project needs no extra file for it.
    """
    source = _BASE_SOURCE.read_text(encoding="utf-8")
    tree = ast.parse(source)
    imports: dict[str, frozenset[str]] = {}
    last_import = 0
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__":
            imports[node.module] = frozenset(alias.name for alias in node.names)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            last_import = node.end_lineno or node.lineno
    code = "".join(source.splitlines(keepends=True)[last_import:])
    return imports, code


Scope = Literal["wire", "all"]


def generate_python_models(spec: SpecDocument, *, scope: Scope = "wire", use_cache: bool = True) -> str:
    """Python source of the pydantic models for `spec`, deterministic and formatted.

    The output is the same for every project made from one spec, so for a spec scaffold ships it
    is the released text (scaffold.codegen.python.shipped_models), and otherwise it is served from
    the per-user cache (scaffold.codegen.python.model_cache) when the exact same inputs were
    generated before; the checks on the spec run either way. `use_cache=False` always generates.
    The spec's schemas are read into the one schema model first (scaffold.specs.schema_model): a
    keyword it cannot hold is refused in the sentence every language gives, before
    datamodel-code-generator could enforce it here and nowhere else.
    """
    schema_model(spec)
    check_class_names(spec, spec.data.get("components", {}).get("schemas", {}) or {})
    schemas, document = _generator_input(spec, scope)
    _require_local_refs(document, spec)
    if (
        scope == "wire"
        and use_cache
        and (released := shipped_models(spec, input_digest(document))) is not None
    ):
        return released
    header = python_header(spec)
    key = (
        model_cache.cache_key(scope=scope, header=header, schemas=schemas, document=document)
        if use_cache
        else None
    )
    if key is not None:
        cached = model_cache.read_entry(key)
        if cached is not None:
            return cached
    raw = _generate_with_safe_attributes(document, spec)
    _require_planned_classes(raw, schemas, spec)
    source = _post_process(raw, schemas)
    models = _format(header + source, spec)
    if key is not None:
        model_cache.write_entry(key, models)
    return models


def _generator_input(spec: SpecDocument, scope: Scope) -> tuple[dict[str, Any], dict[str, Any]]:
    """The schemas of `scope` and the document handed to the generator."""
    schemas = _select_schemas(spec, scope)
    document = {
        "openapi": "3.1.0",
        "info": {"title": spec.title, "version": spec.version},
        "paths": {},
        "components": {"schemas": {name: _prepare(body) for name, body in schemas.items()}},
    }
    return schemas, document


def wire_input_digest(spec: SpecDocument) -> str | None:
    """input_digest of what the wire models of `spec` are generated from (shipped models record it)."""
    return input_digest(_generator_input(spec, "wire")[1])


def _select_schemas(spec: SpecDocument, scope: Scope) -> dict[str, Any]:
    all_schemas: dict[str, Any] = dict(spec.data.get("components", {}).get("schemas", {}) or {})
    if scope == "all":
        return all_schemas
    names = wire_schemas(spec)
    return {name: all_schemas[name] for name in names} if names else all_schemas


def _prepare(schema: Any) -> Any:
    """A copy of `schema` with int32/int64 bounds explicit, numbers as int-or-float, no examples."""
    prepared = copy.deepcopy(schema)
    stack = [prepared]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            node.pop("examples", None)
            node.pop("example", None)
            kinds = node.get("type")
            if kinds == "number" or (
                isinstance(kinds, list) and "number" in kinds and "integer" not in kinds
            ):
                # JSON has one number type; `int | float` keeps 30000 as 30000 on a round-trip.
                listed = kinds if isinstance(kinds, list) else [kinds]
                kinds = node["type"] = [
                    k for t in listed for k in (("integer", t) if t == "number" else (t,))
                ]
            is_integer = kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds)
            bounds = INTEGER_BOUNDS.get(str(node.get("format")))
            if is_integer and bounds is not None:
                node.setdefault("minimum", bounds[0])
                node.setdefault("maximum", bounds[1])
            stack.extend(v for k, v in node.items() if k not in ("enum", "const", "default"))
        elif isinstance(node, list):
            stack.extend(node)
    return prepared


_REFERENCE_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef", "$id", "$anchor", "$dynamicAnchor", "$schema")


def _require_local_refs(document: Mapping[str, Any], spec: SpecDocument) -> None:
    """Nothing datamodel-code-generator could dereference outside `document` reaches it.

    The loader already refuses such specs; this holds for any SpecDocument (one built in code,
    one loaded by a future path), so the model generator can never read a file or a URL.
    """
    for _parts, node in keyword_objects(document):
        for key in _REFERENCE_KEYWORDS:
            value = node.get(key)
            if key in node and not (key == "$ref" and isinstance(value, str) and COMPONENT_REF.match(value)):
                raise GenerationError(
                    f"{spec.identity()} has a {key} that is not a local #/components/ reference",
                    hint="scaffold never reads other files or URLs; refer to #/components/schemas/<name>.",
                )


def _require_planned_classes(source: str, schemas: Mapping[str, Any], spec: SpecDocument) -> None:
    """Every class datamodel-code-generator wrote is the planned class of a named schema.

    Anything else is an inline object schema turned into a class of a made-up name, or a schema
    it renamed to avoid a clash; either would break code that imports the classes by name.
    """
    planned = {CLASS_NAMES.get(name, name).replace("_", "").lower() for name in schemas}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name.replace("_", "").lower() not in planned:
            raise GenerationError(
                f"{spec.identity()}: an inline object schema or a name clash produced the class "
                f"{node.name}, which is not the class of any named schema",
                hint="Move inline object schemas under components/schemas and refer to them with $ref.",
            )


# Names the post-processing adds to every class body (the field markers and their imports).
_POST_PROCESS_NAMES = frozenset({"Annotated", "Field", _OMIT, _NOT_NULL})


def _generate_with_safe_attributes(document: dict[str, Any], spec: SpecDocument) -> str:
    """datamodel-code-generator's models with control characters escaped and every attribute safe.

    A property whose attribute would be lost or harmful (scaffold.codegen.python.attribute_names) is
    named explicitly in a second run; the output of ordinary specs comes from the first run alone.
    """
    raw = escape_controls_in_python_source(_run_datamodel_codegen(document, spec))
    renames = attribute_renames(generated_fields(raw), class_body_names(raw) | _POST_PROCESS_NAMES)
    if not renames:
        return raw
    raw = escape_controls_in_python_source(_run_datamodel_codegen(document, spec, aliases=renames))
    broken = unrenamed(generated_fields(raw), class_body_names(raw) | _POST_PROCESS_NAMES)
    if broken:
        raise GenerationError(
            f"{spec.identity()}: the property {broken[0].wire_name!r} of {broken[0].class_name} "
            "gets no Python attribute of its own",
            hint="Rename the property; this is also a scaffold bug, please report it with the spec file.",
        )
    return raw


def _run_datamodel_codegen(
    document: dict[str, Any], spec: SpecDocument, aliases: Mapping[str, str] | None = None
) -> str:
    import warnings

    # The package's documented top-level names; it declares no __all__ for mypy to see.
    from datamodel_code_generator import (  # type: ignore[attr-defined]
        DataModelType,
        InputFileType,
        LiteralType,
        PythonVersion,
        generate,
    )

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = generate(
                document,
                input_file_type=InputFileType.OpenAPI,
                output_model_type=DataModelType.PydanticV2BaseModel,
                target_python_version=PythonVersion.PY_311,
                snake_case_field=True,
                allow_population_by_field_name=False,
                use_annotated=True,
                field_constraints=True,
                strict_nullable=True,
                use_standard_collections=True,
                use_union_operator=True,
                use_schema_description=True,
                use_field_description=True,
                use_double_quotes=True,
                enum_field_as_literal=LiteralType.All,
                collapse_root_models=True,
                disable_timestamp=True,
                model_name_map={
                    k: v for k, v in CLASS_NAMES.items() if k in document["components"]["schemas"]
                },
                type_mappings=["string+uri=string", "string+date-time=string", "string+date=string"],
                base_class=f"{_BASE_MARKER_MODULE}.{_BASE_CLASS}",
                formatters=[],
                custom_file_header="",
                allow_remote_refs=False,
                aliases=dict(aliases or {}),
            )
        except Exception as exc:  # datamodel-code-generator raises many unrelated types
            raise GenerationError(
                f"datamodel-code-generator could not generate models for {spec.identity()}: {exc}",
                hint="The spec is valid OpenAPI but uses a construct the model generator rejects; "
                "simplify that schema.",
            ) from exc
    if not isinstance(result, str):
        raise GenerationError(f"datamodel-code-generator returned no single module for {spec.identity()}")
    return result


def _post_process(source: str, schemas: Mapping[str, Any]) -> str:
    tree = ast.parse(source)
    data = source.encode("utf-8")
    starts = line_starts(data)

    def offset(line: int, col: int) -> int:
        return starts[line - 1] + col

    edits: list[tuple[int, int, bytes]] = []
    imports: dict[str, set[str]] = {}
    class_to_schema = {CLASS_NAMES.get(name, name): name for name in schemas}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module != _BASE_MARKER_MODULE:
                imports.setdefault(node.module, set()).update(
                    f"{a.name} as {a.asname}" if a.asname else a.name for a in node.names
                )
            edits.append((node_start(node, offset), node_end(node, offset), b""))
        elif isinstance(node, ast.ClassDef):
            schema = schemas.get(class_to_schema.get(node.name, ""))
            edits.extend(_omit_none_edits(node, schema, data, offset))
    base_imports, base_code = contract_base()
    for module, names in base_imports.items():
        imports.setdefault(module, set()).update(names)
    imports.setdefault("pydantic", set()).add("Field")
    imports.setdefault("typing", set()).add("Annotated")
    future = imports.pop("__future__", {"annotations"})
    for start, end, text in sorted(edits, reverse=True):
        data = data[:start] + text + data[end:]
    body = _drop_leading_comments(data.decode("utf-8"))
    import_block = _import_block(future, imports)
    return f"{import_block}{base_code}\n\n{body}\n"


def _omit_none_edits(
    node: ast.ClassDef, schema: Any, data: bytes, offset: Any
) -> list[tuple[int, int, bytes]]:
    properties = (schema or {}).get("properties", {}) if isinstance(schema, dict) else {}
    edits: list[tuple[int, int, bytes]] = []
    for statement in node.body:
        if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)):
            continue
        if statement.value is None:  # required field: no default, None is rejected on input
            continue
        wire_name, field_call = _wire_name_and_field(statement)
        prop = properties.get(wire_name)
        if isinstance(prop, dict) and is_nullable(prop):
            continue
        annotation = statement.annotation
        if field_call is not None:
            close = node_end(field_call, offset) - 1
            before = data[node_start(field_call, offset) : close].rstrip()
            joiner = b" " if before.endswith((b",", b"(")) else b", "
            edits.append((close, close, joiner + f"exclude_if={_OMIT}".encode()))
            end = node_end(field_call, offset)
            edits.append((end, end, f", {_NOT_NULL}".encode()))
        else:
            start, end = node_start(annotation, offset), node_end(annotation, offset)
            original = data[start:end]
            marked = f", Field(exclude_if={_OMIT}), {_NOT_NULL}]".encode()
            edits.append((start, end, b"Annotated[" + original + marked))
    return edits


def _wire_name_and_field(statement: ast.AnnAssign) -> tuple[str, ast.Call | None]:
    assert isinstance(statement.target, ast.Name)
    annotation = statement.annotation
    if (
        isinstance(annotation, ast.Subscript)
        and isinstance(annotation.value, ast.Name)
        and annotation.value.id == "Annotated"
        and isinstance(annotation.slice, ast.Tuple)
    ):
        for item in annotation.slice.elts[1:]:
            if isinstance(item, ast.Call) and isinstance(item.func, ast.Name) and item.func.id == "Field":
                for keyword in item.keywords:
                    if keyword.arg == "alias" and isinstance(keyword.value, ast.Constant):
                        return str(keyword.value.value), item
                return statement.target.id, item
    return statement.target.id, None


def _import_block(future: set[str], imports: dict[str, set[str]]) -> str:
    stdlib = sorted(m for m in imports if m.split(".")[0] in sys.stdlib_module_names)
    third = sorted(m for m in imports if m not in stdlib)
    lines = [f"from __future__ import {', '.join(sorted(future))}", ""]
    lines += [f"from {m} import {', '.join(sorted(imports[m]))}" for m in stdlib]
    if stdlib:
        lines.append("")
    lines += [f"from {m} import {', '.join(sorted(imports[m]))}" for m in third]
    return "\n".join(lines) + "\n"


def _drop_leading_comments(text: str) -> str:
    """Remove datamodel-code-generator's own banner; the scaffold header replaces it."""
    lines = text.strip("\n").splitlines()
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    return "\n".join(lines)


def _format(source: str, spec: SpecDocument) -> str:
    return format_python(source, what=f"the models of {spec.identity()}")
