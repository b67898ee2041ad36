# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
"""Fast builders of query results: frames and fields in the contract's two value contracts.

- Timestamp contract: each element of `values` is `{"<unix time>": "<value as text>"}`.
- Regular contract: each element of `values` is an object with arbitrary keys (a table row,
  a label and a value, ...).

The builders construct the models without validating every point (what `model_construct` makes,
see `_construct`) and the routes serialise the answer once, straight to bytes: validating
thousands of points would cost more than the query itself. They trust their inputs, so pass what
the type hints say: int unix times, and values that are str, int, float, bool or None (None
points are skipped in the Timestamp contract).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, TypeVar

from .models import ContractModel, Frame, FrameField, QueryDataResponse

Point = tuple[int, Any]
Model = TypeVar("Model", bound=ContractModel)


def timestamp_values(points: Iterable[Point]) -> list[dict[str, Any]]:
    """`[(time, value), ...]` -> Timestamp-contract values `[{"<time>": "<value>"}, ...]`."""
    return [
        {str(t): v if v.__class__ is str else str(v)}
        for t, v in points
        if v is not None
    ]


def timestamp_field(
    name: str,
    points: Iterable[Point],
    *,
    ref_id: str | None,
    type: str | None = "number",
    labels: str | None = None,
) -> FrameField:
    """A series in the Timestamp contract, e.g. `timestamp_field("usage", [(1767225600, 12.5)], ref_id="A")`."""
    return _construct(
        FrameField,
        name=name,
        ref_id=ref_id,
        type=type,
        labels=labels,
        values=timestamp_values(points),
    )


def regular_field(
    name: str,
    rows: Iterable[Mapping[str, Any]],
    *,
    ref_id: str | None,
    type: str | None = None,
    labels: str | None = None,
) -> FrameField:
    """A field in the Regular contract: `rows` are objects with arbitrary keys (JSON values)."""
    values = rows if isinstance(rows, list) else [dict(row) for row in rows]
    return _construct(
        FrameField, name=name, ref_id=ref_id, type=type, labels=labels, values=values
    )


def frame(
    ref_id: str | None,
    name: str | None,
    fields: Iterable[FrameField],
    *,
    meta: str | None = None,
) -> Frame:
    """A frame of one query; `ref_id` echoes DataQuery.refID (and is set on every field)."""
    items = list(fields)
    for item in items:
        if item.ref_id is None and ref_id is not None:
            item.ref_id = ref_id
    return _construct(Frame, name=name, ref_id=ref_id, meta=meta, fields=items)


def timestamp_frame(
    ref_id: str | None,
    name: str,
    points: Iterable[Point],
    *,
    type: str | None = "number",
    labels: str | None = None,
    meta: str | None = None,
) -> Frame:
    """A frame holding one Timestamp-contract series named `name`."""
    field = timestamp_field(name, points, ref_id=ref_id, type=type, labels=labels)
    return frame(ref_id, name, [field], meta=meta)


def regular_frame(
    ref_id: str | None,
    name: str,
    rows: Iterable[Mapping[str, Any]],
    *,
    type: str | None = None,
    labels: str | None = None,
    meta: str | None = None,
) -> Frame:
    """A frame holding one Regular-contract field named `name`."""
    field = regular_field(name, rows, ref_id=ref_id, type=type, labels=labels)
    return frame(ref_id, name, [field], meta=meta)


def query_response(frames: Iterable[Frame], *, status: int = 200) -> QueryDataResponse:
    """A successful QueryDataResponse (error false) carrying `frames`."""
    return _construct(
        QueryDataResponse, error=False, status=status, frames=list(frames)
    )


def _construct(cls: type[Model], **values: Any) -> Model:
    """`cls` built without validation; None values stay unset, so they are left out of the answer.

    The model is exactly what `cls.model_construct(**values)` makes, at about half its cost (it
    is built up to five times per answer): `model_construct` works out every field's alias and
    default again on each call, this reads them from a plan made once per class. A class the
    plan cannot copy faithfully (see `_plan`) is left to `model_construct`.
    """
    given = {key: value for key, value in values.items() if value is not None}
    plan = _PLANS.get(cls, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return cls.model_construct(**given)
    return _assemble(cls, plan, given)


# Every field of a class, in order, with its default: None, the only default a plan allows.
_Plan = dict[str, None]
_UNPLANNED: Any = object()
_ABSENT: Final = object()
_PLANS: dict[type[ContractModel], _Plan | None] = {}
_set = object.__setattr__


def _assemble(cls: type[Model], plan: _Plan, given: dict[str, Any]) -> Model:
    fields: dict[str, Any] = plan.copy()
    fields.update(given)  # a field keeps its place in the class's order
    if len(fields) != len(plan):  # a name that is no field of `cls`
        return cls.model_construct(**given)
    model = cls.__new__(cls)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", set(given))
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


def _plan(cls: type[ContractModel]) -> _Plan | None:
    """Every field of `cls` with its default, or None when `_assemble` would not make its model_construct.

    Only a class whose construction is its fields alone qualifies: no post-init hook, no private
    attributes, no extra fields kept, a root model never, and every field optional with None as
    its default (a required field absent is left out of the model, a mutable default or a factory
    is a new object per model: model_construct does both). Then one model built both ways, every
    field given and then none, must agree on everything pydantic keeps for a model, so a pydantic
    that builds models differently falls back by itself.
    """
    fields = cls.model_fields
    if (
        cls.__pydantic_root_model__
        or cls.__pydantic_post_init__ is not None
        or cls.__private_attributes__
        or cls.model_config.get("extra") == "allow"
        or any(info.default_factory is not None for info in fields.values())
        or any(
            info.is_required() or info.default is not None for info in fields.values()
        )
    ):
        return None
    plan: _Plan = dict.fromkeys(fields)
    everything: dict[str, Any] = {name: object() for name in fields}
    for sample in (everything, {}):
        fast = _assemble(cls, plan, sample)
        slow = cls.model_construct(**sample)
        if _state(fast) != _state(slow):
            return None
    return plan


def _state(model: ContractModel) -> tuple[Any, ...]:
    """What pydantic keeps for a model built without validation, field order included."""
    return (
        list(model.__dict__.items()),
        model.__pydantic_fields_set__,
        model.__pydantic_extra__,
        getattr(model, "__pydantic_private__", _ABSENT),
    )
