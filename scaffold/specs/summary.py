"""A readable summary of one contract spec, for `scaffold specs show`."""

from __future__ import annotations

from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations, schema_shapes
from scaffold.specs.wording import terminal_text


def summarize(spec: SpecDocument) -> str:
    """The summary, with control characters from the spec's text escaped (wording.terminal_text)."""
    lines = [
        f"{spec.contract} {spec.version}  (release label {spec.release_label or '-'})",
        f"  title:  {spec.title}",
        f"  file:   {spec.path}",
        f"  sha256: {spec.sha256}",
        "",
        "endpoints:",
    ]
    for op in operations(spec):
        request = op.request.type_label if op.request else "none"
        success = op.success
        answer = f"{success.status} {success.type_label}" if success else "-"
        errors = ", ".join(f"{e.status} {e.type_label}" for e in op.errors)
        headers = ", ".join(h.name for h in op.headers)
        line = f"  {op.method.upper():6} {op.path:34} {op.operation_id:30} {request} -> {answer}"
        if errors:
            line += f"; errors {errors}"
        if headers:
            line += f"; headers {headers}"
        lines.append(line)
    lines += ["", "schemas:"]
    for shape in schema_shapes(spec).values():
        if not shape.properties:
            lines.append(f"  {shape.name}: {shape.type_label}")
            continue
        lines.append(f"  {shape.name}:")
        for prop in shape.properties:
            flags = "required" if prop.required else "optional"
            if prop.nullable:
                flags += ", nullable"
            lines.append(f"    {prop.name}: {prop.type_label} ({flags})")
    return terminal_text("\n".join(lines))
