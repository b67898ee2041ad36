"""What changed between two versions of a contract, and which changes break a project.

"Breaking" is judged from where scaffold's users stand, implementing the contract for a platform
that calls them: a change is breaking when a project built for the old version no longer conforms
to the new one without work (a new endpoint to implement, a new required response field, a type
change), or when the platform may rely on something the old version provided (a removal).
Additions of optional fields, schemas and enum values are not breaking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import (
    OperationShape,
    PropertyShape,
    SchemaShape,
    operations,
    schema_shapes,
)
from scaffold.specs.wording import terminal_text

Action = Literal["added", "removed", "changed"]
_SIGN: dict[str, str] = {"added": "+", "removed": "-", "changed": "~"}


@dataclass(frozen=True)
class Change:
    """One difference, phrased for a reader: `subject` is what changed, `detail` how."""

    kind: Literal["endpoint", "schema", "field"]
    action: Action
    subject: str
    detail: str
    breaking: bool

    def line(self) -> str:
        mark = "  BREAKING" if self.breaking else ""
        return terminal_text(f"{_SIGN[self.action]} {self.kind} {self.subject}: {self.detail}{mark}")


@dataclass(frozen=True)
class SpecDiff:
    old: SpecDocument
    new: SpecDocument
    changes: tuple[Change, ...]

    @property
    def breaking(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.breaking)

    def render(self) -> str:
        head = f"{self.old.contract} {self.old.version} -> {self.new.version}"
        if self.old.sha256 == self.new.sha256:
            return f"{head}\nno changes (identical spec text)"
        if not self.changes:
            return f"{head}\nno changes to endpoints or fields"
        lines = [head, *(c.line() for c in self.changes)]
        lines.append(f"{len(self.changes)} changes, {len(self.breaking)} breaking")
        return "\n".join(lines)


def diff_specs(old: SpecDocument, new: SpecDocument) -> SpecDiff:
    changes = [*_endpoint_changes(old, new), *_schema_changes(old, new)]
    return SpecDiff(old=old, new=new, changes=tuple(changes))


def _endpoint_changes(old: SpecDocument, new: SpecDocument) -> list[Change]:
    before = {op.key: op for op in operations(old)}
    after = {op.key: op for op in operations(new)}
    changes: list[Change] = []
    for key, op in after.items():
        if key not in before:
            changes.append(
                Change("endpoint", "added", key, f"{op.operation_id}; projects must implement it", True)
            )
    for key, op in before.items():
        if key not in after:
            changes.append(Change("endpoint", "removed", key, op.operation_id, True))
            continue
        changes.extend(_operation_changes(op, after[key]))
    return changes


def _operation_changes(old: OperationShape, new: OperationShape) -> list[Change]:
    changes: list[Change] = []
    if old.operation_id != new.operation_id:
        changes.append(
            Change(
                "endpoint",
                "changed",
                new.key,
                f"operationId {old.operation_id} -> {new.operation_id} (method name changes)",
                True,
            )
        )
    old_request = old.request.type_label if old.request else "none"
    new_request = new.request.type_label if new.request else "none"
    if old_request != new_request:
        changes.append(
            Change("endpoint", "changed", new.key, f"request {old_request} -> {new_request}", True)
        )
    old_responses = {r.status: r.type_label for r in old.responses}
    new_responses = {r.status: r.type_label for r in new.responses}
    for status in sorted(set(old_responses) | set(new_responses)):
        before, after = old_responses.get(status), new_responses.get(status)
        if before == after:
            continue
        if before is None:
            changes.append(Change("endpoint", "changed", new.key, f"response {status} {after} added", False))
        elif after is None:
            changes.append(Change("endpoint", "changed", new.key, f"response {status} removed", True))
        else:
            changes.append(
                Change("endpoint", "changed", new.key, f"response {status} {before} -> {after}", True)
            )
    old_headers = {h.name.lower(): h for h in old.headers}
    new_headers = {h.name.lower(): h for h in new.headers}
    for name in sorted(set(old_headers) | set(new_headers)):
        if name not in old_headers:
            header = new_headers[name]
            changes.append(
                Change("endpoint", "changed", new.key, f"header {header.name} added", header.required)
            )
        elif name not in new_headers:
            changes.append(
                Change("endpoint", "changed", new.key, f"header {old_headers[name].name} removed", False)
            )
    return changes


def _schema_changes(old: SpecDocument, new: SpecDocument) -> list[Change]:
    before = schema_shapes(old)
    after = schema_shapes(new)
    wire_before, wire_after = _wire_labels(before), _wire_labels(after)
    changes: list[Change] = []
    for name in after:
        if name not in before:
            changes.append(Change("schema", "added", name, after[name].type_label, False))
    for name, shape in before.items():
        if name not in after:
            changes.append(Change("schema", "removed", name, shape.type_label, True))
            continue
        changes.extend(_shape_changes(shape, after[name], (wire_before, wire_after)))
    return changes


Labels = Callable[[str], str]


def _wire_labels(shapes: Mapping[str, SchemaShape]) -> Labels:
    """A label with every named non-object schema spelled out: what travels on the wire.

    Moving an inline enum or union into a named schema (so client generators name it) changes
    the label `enum<a|b>` into `FieldType` but not one byte a client sends or receives. Labels
    compared this way are for that comparison only; the diff prints the spec's own.
    """
    plain = {name: shape.type_label for name, shape in shapes.items() if not shape.properties}

    def expand(label: str) -> str:
        for _ in range(8):  # named schemas nest a few levels at most; a cycle stops here
            expanded = _NAME.sub(lambda m: plain.get(m[0], m[0]), label)
            if expanded == label:
                break
            label = expanded
        # an object without properties takes any property (JSON Schema's default): `map<any>` is
        # the same object with `additionalProperties: true` spelled out
        return label.replace("map<any>", "object")

    return expand


_NAME = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")


def _shape_changes(old: SchemaShape, new: SchemaShape, wire: tuple[Labels, Labels]) -> list[Change]:
    changes: list[Change] = []
    if not old.properties and not new.properties and old.type_label != new.type_label:
        if wire[0](old.type_label) == wire[1](new.type_label):  # its parts named, the wire unchanged
            detail = f"now {new.type_label}, named schemas (same values)"
            changes.append(Change("schema", "changed", new.name, detail, False))
        else:
            detail = f"{old.type_label} -> {new.type_label}"
            changes.append(Change("schema", "changed", new.name, detail, _narrows(old, new)))
    before = {p.name: p for p in old.properties}
    after = {p.name: p for p in new.properties}
    for name, prop in after.items():
        if name not in before:
            changes.append(
                Change(
                    "field",
                    "added",
                    f"{new.name}.{name}",
                    _describe(prop),
                    prop.required,
                )
            )
    for name, prop in before.items():
        subject = f"{new.name}.{name}"
        if name not in after:
            changes.append(Change("field", "removed", subject, _describe(prop), True))
            continue
        changes.extend(_property_changes(subject, prop, after[name], wire))
    return changes


def _property_changes(
    subject: str, old: PropertyShape, new: PropertyShape, wire: tuple[Labels, Labels]
) -> list[Change]:
    changes: list[Change] = []
    if old.type_label != new.type_label and wire[0](old.type_label) == wire[1](new.type_label):
        changes.append(
            Change("field", "changed", subject, f"type now named {new.type_label} (same values)", False)
        )
    elif old.type_label != new.type_label:
        breaking = not _only_enum_growth(old.type_label, new.type_label)
        changes.append(
            Change("field", "changed", subject, f"type {old.type_label} -> {new.type_label}", breaking)
        )
    if old.required != new.required:
        now = "required" if new.required else "optional"
        changes.append(Change("field", "changed", subject, f"now {now}", new.required))
    if old.nullable != new.nullable:
        now = "nullable" if new.nullable else "no longer nullable"
        changes.append(Change("field", "changed", subject, f"now {now}", not new.nullable))
    return changes


def _describe(prop: PropertyShape) -> str:
    parts = [prop.type_label, "required" if prop.required else "optional"]
    if prop.nullable:
        parts.append("nullable")
    return ", ".join(parts)


def _enum_values(label: str) -> set[str] | None:
    if label.startswith("enum<") and label.endswith(">"):
        return set(label[5:-1].split("|"))
    return None


def _only_enum_growth(old: str, new: str) -> bool:
    before, after = _enum_values(old), _enum_values(new)
    return before is not None and after is not None and before <= after


def _narrows(old: SchemaShape, new: SchemaShape) -> bool:
    return not _only_enum_growth(old.type_label, new.type_label)
