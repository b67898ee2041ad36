"""Judging the callback calls a component made against the contract's `x-callback` signatures.

Every argument is validated against its parameter schema from the spec (FETCH_STATUSES for
onFetch, boolean for onErrorChange, any value for Settings' onChange data). A missing required
argument or a wrong-typed one is a FAIL; more arguments than the contract declares is a WARN
(the host ignores them, but the module relies on something the contract does not promise).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scaffold.host.module_props import ComponentProps
from scaffold.host.report import Status
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.shapes import type_label


@dataclass(frozen=True)
class Call:
    """One call of a callback prop, as the page recorded it (each argument described as JSON)."""

    component: str
    callback: str
    phase: str
    argc: int
    args: tuple[Mapping[str, Any], ...]

    def shown(self) -> str:
        return f"{self.callback}({', '.join(str(a.get('text', '')) for a in self.args)})"

    @classmethod
    def from_page(cls, raw: Mapping[str, Any]) -> Call:
        return cls(
            str(raw.get("component")),
            str(raw.get("callback")),
            str(raw.get("phase")),
            int(raw.get("argc", 0)),
            tuple(a for a in raw.get("args") or [] if isinstance(a, dict)),
        )


def signatures(props: ComponentProps) -> str:
    """`onFetch(status: FETCH_STATUSES), onChange()`: the signatures a rule citation names."""
    parts = []
    for callback in props.callbacks:
        params = ", ".join(
            f"{p.name}: {type_label(p.schema) if p.schema else 'any'}" for p in callback.parameters
        )
        parts.append(f"{callback.name}({params})")
    return ", ".join(parts)


def judge_calls(validator: SpecValidator, props: ComponentProps, calls: Sequence[Call]) -> tuple[Status, str]:
    """The verdict on all calls of one component, and the detail for its report line."""
    problems: list[str] = []
    extras: list[str] = []
    for call in calls:
        spec = props.callback(call.callback)
        if spec is None:
            continue
        for index, parameter in enumerate(spec.parameters):
            if index >= call.argc:
                if parameter.required:
                    problems.append(f"{call.callback}() called without {parameter.name}")
                continue
            arg = call.args[index]
            if arg.get("kind") != "value":
                problems.append(f"{call.callback}: {parameter.name} is {arg.get('kind')}")
                continue
            errors = validator.errors_for_value(parameter.schema, arg.get("value"))
            if errors:
                problems.append(f"{call.shown()[:80]}: {parameter.name} {errors[0].split(': ', 1)[-1]}")
        if call.argc > len(spec.parameters):
            extras.append(
                f"{call.callback} got {call.argc} argument(s), the contract declares {len(spec.parameters)}"
            )
    counted = Counter(c.shown()[:60] for c in calls)
    seen = ", ".join(f"{text}×{n}" if n > 1 else text for text, n in counted.items()) or "no callback called"
    if problems:
        return Status.FAIL, "; ".join(dict.fromkeys(problems))
    if extras:
        return Status.WARN, "; ".join(dict.fromkeys(extras)) + f" (calls: {seen})"
    return Status.PASS, seen
