"""The frame builders make exactly the models `model_construct` makes, by a cheaper path.

`_contract/frames._construct` builds Frame, FrameField and QueryDataResponse up to five times per
get-result answer. It assembles them from a per-class plan instead of calling `model_construct`,
and must leave nothing different behind: the same fields in the same order, the same set of
fields set, no extra and no private state. A class the plan cannot copy is left to
`model_construct`, and so is every class when pydantic builds models some other way.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import Field, PrivateAttr

from tests.functional.test_plugin_harness import module


def frames() -> Any:
    return module("_contract.frames")


def models() -> Any:
    return module("_contract.models")


def state(model: Any) -> tuple[Any, ...]:
    return (
        type(model),
        list(model.__dict__.items()),
        model.__pydantic_fields_set__,
        model.__pydantic_extra__,
        model.__pydantic_private__,
    )


def constructed(cls: type[Any], **values: Any) -> Any:
    return cls.model_construct(**{key: value for key, value in values.items() if value is not None})


@pytest.mark.parametrize("model", ["Frame", "FrameField", "QueryDataResponse"])
def test_answer_models_are_built_from_a_plan(model: str) -> None:
    cls = getattr(models(), model)
    frames()._construct(cls)
    assert frames()._PLANS[cls] is not None


CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "field, every value": (
        "FrameField",
        {"name": "cpu", "ref_id": "A", "type": "number", "labels": "h=1", "values": [{"1": "2"}]},
    ),
    "field, None values unset": ("FrameField", {"name": "cpu", "ref_id": None, "values": []}),
    "field, nothing": ("FrameField", {}),
    "frame": ("Frame", {"name": "t", "ref_id": "B", "meta": None, "fields": []}),
    "answer": ("QueryDataResponse", {"error": False, "status": 200, "frames": []}),
}


@pytest.mark.parametrize("case", CASES)
def test_construct_leaves_what_model_construct_leaves(case: str) -> None:
    name, values = CASES[case]
    cls = getattr(models(), name)
    assert state(frames()._construct(cls, **values)) == state(constructed(cls, **values))


def test_builders_serialise_as_before() -> None:
    f, m = frames(), models()
    answer = f.query_response([f.timestamp_frame("A", "cpu", [(1, 2.5), (2, None)], meta="{}")])
    field = constructed(m.FrameField, name="cpu", ref_id="A", type="number", values=[{"1": "2.5"}])
    frame = constructed(m.Frame, name="cpu", ref_id="A", meta="{}", fields=[field])
    expected = constructed(m.QueryDataResponse, error=False, status=200, frames=[frame])
    assert answer.model_dump_json() == expected.model_dump_json()
    assert answer == expected


def test_a_name_that_is_no_field_goes_to_model_construct() -> None:
    cls = models().FrameField
    assert state(frames()._construct(cls, name="cpu", unknown=1)) == state(
        constructed(cls, name="cpu", unknown=1)
    )


def special_classes() -> dict[str, type[Any]]:
    base = models().ContractModel

    class WithFactory(base):  # type: ignore[misc, valid-type]
        tags: list[str] = Field(default_factory=list)

    class WithDefault(base):  # type: ignore[misc, valid-type]
        limit: int = 10

    class WithPrivate(base):  # type: ignore[misc, valid-type]
        name: str | None = None
        _seen: int = PrivateAttr(default=0)

    class WithPostInit(base):  # type: ignore[misc, valid-type]
        name: str | None = None

        def model_post_init(self, context: Any, /) -> None:
            object.__setattr__(self, "name", "post-init")

    return {cls.__name__: cls for cls in (WithFactory, WithDefault, WithPrivate, WithPostInit)}


@pytest.mark.parametrize("name", ["WithFactory", "WithDefault", "WithPrivate", "WithPostInit"])
def test_classes_the_plan_cannot_copy_go_to_model_construct(name: str) -> None:
    cls = special_classes()[name]
    built = frames()._construct(cls)
    assert frames()._PLANS[cls] is None
    expected = cls.model_construct()
    assert type(built) is cls
    assert built.__dict__ == expected.__dict__
    assert built.__pydantic_private__ == expected.__pydantic_private__


def test_a_pydantic_that_builds_models_otherwise_is_left_to_model_construct() -> None:
    base = models().ContractModel

    class Marked(base):  # type: ignore[misc, valid-type]
        name: str | None = None

        @classmethod
        def model_construct(cls, _fields_set: set[str] | None = None, **values: Any) -> Any:
            model = super().model_construct(_fields_set, **values)
            model.__pydantic_fields_set__.add("marked")
            return model

    built = frames()._construct(Marked, name="x")
    assert frames()._PLANS[Marked] is None
    assert "marked" in built.__pydantic_fields_set__
