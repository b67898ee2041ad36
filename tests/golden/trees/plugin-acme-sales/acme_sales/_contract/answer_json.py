# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/answer_json.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Answers to JSON bytes: the bytes pydantic's `dump_json(by_alias=True, exclude_unset=True)` makes.

Made by orjson when the project has it installed (3-5x faster on a get-result of thousands of
points), else by pydantic itself: the routes serialise every answer once, straight to bytes.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, RootModel, TypeAdapter

try:
    import orjson  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # a project made before orjson was one of its dependencies
    orjson = None  # type: ignore[assignment, unused-ignore]
try:  # the contract models' exclude_if for optional fields that are never null
    from .models import omit_none  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError:  # this file outside a project, as its own tests load it
    omit_none = None  # type: ignore[assignment, unused-ignore]


def model_json(adapter: TypeAdapter[Any], answer: Any, model: type[BaseModel]) -> bytes:
    """`adapter.dump_json(answer, by_alias=True, exclude_unset=True)`, the same bytes, faster.

    `answer` is what `adapter` validated: a `model` or a list of them. Their fields become a tree
    of plain dicts and lists (the wire names, only the fields that were set and not excluded),
    which orjson serialises; the values below a field that is not a model - thousands of points
    in a get-result - are handed over as they are, not copied. Both write UTF-8 without escapes,
    the shortest float that reads back the same, and null for NaN and infinities. Whatever the
    two might write differently - datetimes, subclasses of str, int, dict or list, dataclasses,
    integers beyond 64 bits, non-string keys, a model where the type says otherwise, a model
    with serialisers of its own - is not attempted: pydantic serialises that answer whole.
    """
    if orjson is not None:
        try:
            tree = _plain_tree(answer, model)
            return orjson.dumps(tree, default=_refuse, option=_ORJSON_OPTIONS)
        except (_NotPlain, TypeError):  # orjson.JSONEncodeError is a TypeError
            pass
    return adapter.dump_json(answer, by_alias=True, exclude_unset=True)


class _NotPlain(Exception):
    """The answer holds something only pydantic is trusted to serialise."""


def _refuse(value: Any) -> Any:
    raise _NotPlain


_ORJSON_OPTIONS = (
    0
    if orjson is None
    else orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS
)
# How a field's value becomes part of the tree: as it is, as a model, or as a list of models.
_AS_IS, _MODEL, _MODELS = 0, 1, 2
# Per field: name, wire name, left out when None, exclude_if (other than omit_none), kind, inner model.
_Step = tuple[str, str, bool, Callable[[Any], bool] | None, int, type[BaseModel] | None]
_Plan = tuple[_Step, ...]
_UNPLANNED: Any = object()
# Model class -> its plan (None: pydantic serialises it). Keyed by the contract's own classes only:
# `_plain_model` is called with the declared type of an operation's answer or of a field.
_PLANS: dict[type[BaseModel], _Plan | None] = {}


def _plain_tree(answer: Any, model: type[BaseModel]) -> Any:
    if answer.__class__ is list:
        return [_plain_model(item, model) for item in answer]
    return _plain_model(answer, model)


def _plain_model(model: Any, cls: type[BaseModel]) -> dict[str, Any]:
    if model.__class__ is not cls or model.__pydantic_extra__:  # a subclass: pydantic knows how
        raise _NotPlain
    plan = _PLANS.get(cls, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        raise _NotPlain
    tree: dict[str, Any] = {}
    values = model.__dict__
    fields_set = model.__pydantic_fields_set__
    for name, wire_name, none_left_out, exclude_if, kind, inner in plan:
        if name not in fields_set:
            continue
        value = values[name]
        if (value is None and none_left_out) or (exclude_if is not None and exclude_if(value)):
            continue
        if value is not None and kind != _AS_IS:
            assert inner is not None
            if kind == _MODEL:
                value = _plain_model(value, inner)
            elif value.__class__ is list:
                value = [_plain_model(item, inner) for item in value]
            else:
                raise _NotPlain
        tree[wire_name] = value
    return tree


def _plan(cls: type[BaseModel]) -> _Plan | None:
    """The serialisation plan of `cls`, or None: leave `cls` to pydantic.

    A field excluded by the models' `omit_none` (most optional fields of the contract) is told by
    a flag, not a call per field and answer: a get-result answer has about twenty of them.
    """
    config = cls.model_config
    decorators = cls.__pydantic_decorators__
    if (
        cls.model_computed_fields
        or decorators.field_serializers
        or decorators.model_serializers
        or config.get("ser_json_inf_nan", "null") != "null"
        or config.get("serialize_by_alias") is not True
        or config.get("alias_generator") is not None
        or issubclass(cls, RootModel)
    ):
        return None
    plan: list[_Step] = []
    for name, info in cls.model_fields.items():
        if info.exclude is True:
            continue
        if any("Serializer" in type(item).__name__ for item in info.metadata):
            return None
        kind, inner = _kind(info.annotation)
        if kind is None:
            return None
        wire_name = info.serialization_alias or info.alias or name
        none_left_out = omit_none is not None and info.exclude_if is omit_none
        plan.append((name, wire_name, none_left_out, None if none_left_out else info.exclude_if, kind, inner))
    return tuple(plan)


def _kind(annotation: Any) -> tuple[int | None, type[BaseModel] | None]:
    """How a field of this type is serialised; (None, None) for shapes left to pydantic."""
    options = [a for a in _union_members(annotation) if a is not type(None)]
    if len(options) == 1:
        only = options[0]
        if typing.get_origin(only) is list:
            (item,) = typing.get_args(only) or (Any,)
            if _is_model(item):
                return _MODELS, item
        elif _is_model(only):
            return _MODEL, only
    return (None, None) if _mentions_model(annotation) else (_AS_IS, None)


def _union_members(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is typing.Annotated:
        return _union_members(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return typing.get_args(annotation)
    return (annotation,)


def _mentions_model(annotation: Any) -> bool:
    return _is_model(annotation) or any(_mentions_model(arg) for arg in typing.get_args(annotation))


def _is_model(annotation: Any) -> bool:
    return (
        typing.get_origin(annotation) is None
        and isinstance(annotation, type)
        and issubclass(annotation, BaseModel)
    )
