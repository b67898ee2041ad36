"""The generated plugin's answers are the bytes pydantic would write, whoever writes them.

`_contract/answer_json.model_json` serialises answers with orjson from a tree of plain dicts built
from the models; it must write exactly what `TypeAdapter.dump_json(by_alias=True,
exclude_unset=True)` writes (the serialisation before it): wire names, unset optional fields and
None-valued optional fields left out, UTF-8 without escapes, the same floats, null for NaN and
infinities, and pydantic's own answer for anything orjson might write differently (datetimes,
subclasses of str, integers beyond 64 bits, non-string keys, subclasses of the models). These
tests guard that equivalence, answer by answer and through the HTTP app.
"""

from __future__ import annotations

import datetime
import enum
from typing import Any

import pytest
from pydantic import Field, TypeAdapter

from tests.functional.test_plugin_harness import (
    API,
    HOSTS,
    constructor_query,
    get_result_request,
    module,
    shared_client,
)

pytestmark = pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")


def contract() -> Any:
    return module("_contract")


def answer_json() -> Any:
    return module("_contract.answer_json")


class Colour(enum.StrEnum):
    RED = "red"


def timestamp_answer(values: list[tuple[int, Any]]) -> Any:
    c = contract()
    return c.query_response([c.timestamp_frame("A", "cpu", values, meta='{"k": "é"}')])


def regular_answer(rows: list[dict[str, Any]]) -> Any:
    c = contract()
    return c.query_response([c.regular_frame("B", "rows", rows, labels="host=db-01")])


FLOATS = [0.0, -0.0, 0.1, 1 / 3, 1e16, 1e-7, 2.5e-5, 1e21, 5e-324, 1.7976931348623157e308, 100.0]
ODD_FLOATS = [float("nan"), float("inf"), float("-inf")]
STRINGS = [
    "",
    "é",
    "日本語",
    "\U0001f600",
    '"quoted"\\',
    "line\nbreak\t\x00\x1f",
    "\u2028\u2029",
    "</script>",
]
ANSWERS: dict[str, Any] = {
    "timestamp floats": lambda: timestamp_answer([(1767225600 + i, v) for i, v in enumerate(FLOATS)]),
    "timestamp nan and inf": lambda: timestamp_answer([(1, v) for v in ODD_FLOATS]),
    "timestamp strings and None points": lambda: timestamp_answer(
        [(i, v) for i, v in enumerate([*STRINGS, None, 7, True])]
    ),
    "regular values of every JSON type": lambda: regular_answer(
        [
            {"s": s, "n": f, "i": 2**63 - 1, "neg": -(2**63), "b": False, "z": None, "l": [1, [2, {"x": s}]]}
            for s, f in zip(STRINGS, FLOATS, strict=False)
        ]
        + [{"nan": v} for v in ODD_FLOATS]
        + [{"tuple": (1, 2), "u64": 2**64 - 1}]
    ),
    "regular datetime (pydantic's format)": lambda: regular_answer(
        [{"at": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC), "day": datetime.date(2026, 1, 2)}]
    ),
    "regular str enum (pydantic's answer)": lambda: regular_answer([{"colour": Colour.RED}]),
    "regular int beyond 64 bits": lambda: regular_answer([{"big": 2**70}]),
    "regular non-string key": lambda: regular_answer([{1: "one"}]),
    "regular set and bytes": lambda: regular_answer([{"set": {1}, "bytes": b"ab"}]),
    "empty frames": lambda: contract().query_response([]),
    "error answer, validated": lambda: contract().QueryDataResponse(
        error=True, message="нет", status=422, validationErrors={"A": "ошибка"}
    ),
    "explicit None fields, validated": lambda: contract().QueryDataResponse(
        error=None, message=None, frames=[contract().Frame(name=None, fields=None)]
    ),
    "frame without fields set": lambda: contract().query_response([contract().Frame.model_construct()]),
    "field with only values": lambda: contract().query_response(
        [contract().frame("A", None, [contract().FrameField.model_construct(values=[{"1": "2"}])])]
    ),
    "a dict where a model belongs": lambda: contract().QueryDataResponse.model_construct(
        frames=[{"name": "not a model"}]
    ),
    "a tuple where a list of models belongs": lambda: contract().QueryDataResponse.model_construct(
        frames=(contract().Frame.model_construct(name="x"),)
    ),
    "a model subclass": lambda: contract().query_response(
        [
            type("Wider", (contract().Frame,), {"__annotations__": {"extra": str}, "extra": "x"})(
                name="w", extra="y"
            )
        ]
    ),
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_query_answers_are_pydantics_bytes(name: str) -> None:
    answer = ANSWERS[name]()
    model = contract().QueryDataResponse
    adapter = TypeAdapter(model)
    expected = adapter.dump_json(answer, by_alias=True, exclude_unset=True, warnings=False)
    assert answer_json().model_json(adapter, answer, model) == expected


def test_list_answers_are_pydantics_bytes() -> None:
    c = contract()
    options = [
        c.ConstructorFieldPropOption(label="Ярлык", value="v"),
        c.ConstructorFieldPropOption.model_construct(value="only value"),
        c.ConstructorFieldPropOption(label=None, value="\U0001f600"),
    ]
    adapter = TypeAdapter(list[c.ConstructorFieldPropOption])
    expected = adapter.dump_json(options, by_alias=True, exclude_unset=True)
    assert answer_json().model_json(adapter, options, c.ConstructorFieldPropOption) == expected
    assert answer_json().model_json(adapter, [], c.ConstructorFieldPropOption) == b"[]"


def test_plain_answers_do_not_go_through_pydantic() -> None:
    """The fast path is taken (else the equivalence above would hold trivially)."""

    class Refusing:
        def dump_json(self, *args: Any, **kwargs: Any) -> bytes:
            raise AssertionError("pydantic serialised a plain answer")

    answer = timestamp_answer([(1, 2.5), (2, "x")])
    model = contract().QueryDataResponse
    assert answer_json().orjson is not None
    assert answer_json().model_json(Refusing(), answer, model) == TypeAdapter(model).dump_json(
        answer, by_alias=True, exclude_unset=True
    )


def test_exclude_if_other_than_omit_none_is_called() -> None:
    """The contract's optional fields skip None by a flag; any other exclude_if is still asked."""
    m = module("_contract.models")

    class Counted(m.ContractModel):  # type: ignore[misc, name-defined]
        zero_left_out: int | None = Field(
            default=None, alias="zeroLeftOut", exclude_if=lambda value: value == 0
        )
        never_null: str | None = Field(default=None, alias="neverNull", exclude_if=m.omit_none)

    adapter = TypeAdapter(Counted)
    for answer in (
        Counted(zeroLeftOut=0, neverNull=None),
        Counted(zeroLeftOut=None, neverNull="x"),
        Counted(zeroLeftOut=5),
        Counted(),
    ):
        expected = adapter.dump_json(answer, by_alias=True, exclude_unset=True)
        assert answer_json().model_json(adapter, answer, Counted) == expected
    plan = answer_json()._PLANS[Counted]
    assert [(name, none_left_out, exclude_if is None) for name, _, none_left_out, exclude_if, *_ in plan] == [
        ("zero_left_out", False, False),
        ("never_null", True, True),
    ]


@pytest.mark.parametrize(
    "queries",
    [
        [constructor_query("A", HOSTS[0]), constructor_query("B", HOSTS[1])],
        [constructor_query("A", HOSTS[0], valueColumns=["usage", "iowait"], format="table")],
        [constructor_query("ü", HOSTS[2], groupBy="host")],
    ],
    ids=["two series", "table", "grouped"],
)
def test_get_result_over_http_is_pydantics_bytes(queries: list[dict[str, Any]]) -> None:
    """The HTTP answer is byte for byte what pydantic makes of the data source's own result."""
    c = contract()
    request = get_result_request(queries)
    answer = shared_client().post(f"{API}/query/get-result", json=request)
    datasource = shared_client().app.state.datasource
    context = c.RequestContext(locale="ru-RU", headers={}, operation_id="getQueryResult", base_url="")
    result = datasource.example.run_queries(c.QueryDataRequest.model_validate(request), context)
    expected = TypeAdapter(c.QueryDataResponse).dump_json(result, by_alias=True, exclude_unset=True)
    assert answer.status_code == 200, answer.text[:300]
    assert answer.content == expected
