"""The Python attribute of every property: ASCII, distinct, and shadowing nothing the models use.

datamodel-code-generator names a field after its property (snake_case) and adds the wire name as
an alias only when the two differ. Three kinds of property name survive that and break the
generated models, so they are found in its output and given an attribute of their own, with the
exact wire name as alias (a second generator run, only for specs that have such a name):

- a name that is not ASCII. Python reads identifiers in NFKC form (PEP 3131), so `ﬁle` and `file`,
  or `µ` (micro sign) and `μ` (Greek mu), are one attribute: the class keeps the last field and the
  first is silently lost, and even alone `µ` is read back as `μ`, which is not its wire name. Each
  character outside ASCII becomes `u` and its code point (`ﬁle` -> `ufb01_le`, `µ` -> `u00b5`);
- a name in pydantic's protected namespaces (`model_dump...`, `model_validate...`): pydantic
  warns on import, and `-W error` test runs fail. It gets a `field_` prefix (`field_model_dump`);
- a name the class body itself refers to (`omit_none`, `bool`, `Annotated`, ...): a field of that
  name replaces the module's object for every annotation pydantic evaluates in that class, so
  `exclude_if=omit_none` would read the field's default. It gets a trailing `_` (`omit_none_`).

A renamed attribute that is still taken gets `_2`, `_3`, ... in property order; the output is the
same for the same spec.
"""

from __future__ import annotations

import ast
import keyword
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

# Field names pydantic v2 (>= 2.10, which generated projects require) warns about on import.
PROTECTED_PREFIXES = ("model_dump", "model_validate")
RENAMED_PREFIX = "field_"
_UNDERSCORES = re.compile(r"_+")


@dataclass(frozen=True)
class FieldName:
    """One field of a generated class: its attribute as written in the source, and its wire name."""

    class_name: str
    attribute: str
    wire_name: str


def generated_fields(source: str) -> list[FieldName]:
    """Every field of every class in `source`, with attributes as written (not NFKC-normalised).

    `ast` gives identifiers in NFKC form, so the attribute is read from the source text by offset.
    """
    data = source.encode("utf-8")
    starts = [0]
    starts.extend(index + 1 for index, byte in enumerate(data) if byte == 0x0A)
    fields: list[FieldName] = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)):
                continue
            target = statement.target
            line = starts[target.lineno - 1]
            attribute = data[line + target.col_offset : line + (target.end_col_offset or 0)].decode("utf-8")
            fields.append(FieldName(node.name, attribute, _alias(statement) or attribute))
    return fields


def _alias(statement: ast.AnnAssign) -> str | None:
    """The `alias=` of the field's `Field(...)`, wherever datamodel-code-generator put it."""
    for node in ast.walk(statement):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Field":
            for item in node.keywords:
                if item.arg == "alias" and isinstance(item.value, ast.Constant):
                    return str(item.value.value)
    return None


def class_body_names(source: str) -> frozenset[str]:
    """Every name the class bodies of `source` load (as Python reads them, NFKC), methods aside.

    These are what pydantic evaluates in the class's namespace: the annotations and defaults.
    """
    names: set[str] = set()
    stack: list[ast.AST] = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.add(node.id)
        stack.extend(
            child
            for child in ast.iter_child_nodes(node)
            if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        )
    return frozenset(names)


def attribute_renames(fields: Iterable[FieldName], reserved: frozenset[str]) -> dict[str, str]:
    """`Class.wireName` -> new attribute for every field whose attribute breaks a rule above.

    The keys are datamodel-code-generator's scoped `aliases` keys; an empty result means the
    generated output is already right as it is.
    """
    by_class: dict[str, list[FieldName]] = {}
    for field in fields:
        by_class.setdefault(field.class_name, []).append(field)
    renames: dict[str, str] = {}
    for class_name, class_fields in by_class.items():
        kept = {_nfkc(f.attribute) for f in class_fields if not needs_rename(f.attribute, reserved)}
        for field in class_fields:
            if not needs_rename(field.attribute, reserved):
                continue
            chosen = _distinct(_safe_attribute(field.attribute, reserved), kept, reserved)
            kept.add(chosen)
            renames[f"{class_name}.{field.wire_name}"] = chosen
    return renames


def needs_rename(attribute: str, reserved: frozenset[str]) -> bool:
    return not attribute.isascii() or attribute.startswith(PROTECTED_PREFIXES) or _nfkc(attribute) in reserved


def _safe_attribute(attribute: str, reserved: frozenset[str]) -> str:
    name = attribute
    if not name.isascii():
        spelled = "".join(c if c.isascii() else f"_u{ord(c):04x}_" for c in name)
        name = _UNDERSCORES.sub("_", spelled).strip("_").lower()
        if not name or not name[0].isalpha():
            name = f"{RENAMED_PREFIX}{name}"
    if name.startswith(PROTECTED_PREFIXES):
        name = f"{RENAMED_PREFIX}{name}"
    if name in reserved or keyword.iskeyword(name):
        name = f"{name}_"
    return name


def _distinct(name: str, kept: set[str], reserved: frozenset[str]) -> str:
    candidate, count = name, 1
    while candidate in kept or candidate in reserved or keyword.iskeyword(candidate):
        count += 1
        candidate = f"{name}_{count}"
    return candidate


def _nfkc(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


def unrenamed(fields: Iterable[FieldName], reserved: frozenset[str]) -> list[FieldName]:
    """Fields that still break a rule (what a second generator run must leave empty)."""
    seen: dict[tuple[str, str], str] = {}
    broken: list[FieldName] = []
    for field in fields:
        key = (field.class_name, _nfkc(field.attribute))
        if needs_rename(field.attribute, reserved) or (key in seen and seen[key] != field.wire_name):
            broken.append(field)
        seen.setdefault(key, field.wire_name)
    return broken
