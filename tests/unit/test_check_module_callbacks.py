"""Callback values judged against the spec's x-callback signatures, without a browser."""

from __future__ import annotations

from typing import Any

from scaffold.check.module_callbacks import Call, judge_calls, signatures
from scaffold.host.module_props import ComponentProps, component_props
from scaffold.host.module_target import ModuleTarget
from scaffold.host.report import Status
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs import catalog

SPEC = catalog.load_shipped("dashboard-module", "2026.1.1")
VALIDATOR = SpecValidator(SPEC)
TARGET = ModuleTarget("http://h", {"scope": "demo", "components": ["Widget"]}, "http://h/a.js", None)


def _props(component: str) -> ComponentProps:
    props = component_props(SPEC, component, TARGET)
    assert props is not None
    return props


def _call(callback: str, *args: Any, kind: str = "value") -> Call:
    described = tuple({"kind": kind, "value": a, "text": repr(a)} for a in args)
    return Call("X", callback, "X:render", len(args), described)


def test_contract_values_pass() -> None:
    calls = [_call("onFetch", "fetchLinerSuccess"), _call("onFetch", ""), _call("onErrorChange", False)]
    status, detail = judge_calls(VALIDATOR, _props("Widget"), calls)
    assert status is Status.PASS
    assert detail == "onFetch('fetchLinerSuccess'), onFetch(''), onErrorChange(False)"


def test_wrong_values_fail() -> None:
    status, detail = judge_calls(VALIDATOR, _props("Widget"), [_call("setRefreshClicked", 1)])
    assert status is Status.FAIL and "1 is not of type 'boolean'" in detail
    status, detail = judge_calls(
        VALIDATOR, _props("Widget"), [_call("onErrorChange", None, kind="undefined")]
    )
    assert status is Status.FAIL and detail == "onErrorChange: hasError is undefined"


def test_settings_data_is_required_but_free() -> None:
    props = _props("Settings")
    assert judge_calls(VALIDATOR, props, [_call("onChange", None)])[0] is Status.PASS
    assert judge_calls(VALIDATOR, props, [_call("onChange")]) == (
        Status.FAIL,
        "onChange() called without data",
    )


def test_extra_arguments_warn() -> None:
    status, detail = judge_calls(VALIDATOR, _props("WidgetEditor"), [_call("onChange", {"a": 1})])
    assert status is Status.WARN and "the contract declares 0" in detail


def test_no_calls_pass_and_signatures_come_from_the_spec() -> None:
    assert judge_calls(VALIDATOR, _props("Widget"), []) == (Status.PASS, "no callback called")
    assert signatures(_props("Widget")) == (
        "setRefreshClicked(isRefreshClicked: boolean), onErrorChange(hasError: boolean), onFetch(status: FETCH_STATUSES)"
    )
