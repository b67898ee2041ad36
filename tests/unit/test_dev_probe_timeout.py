"""SCAFFOLD_DEV_PROBE_TIMEOUT: how long `scaffold dev plugin|module URL` waits for its start-up probe."""

from __future__ import annotations

import pytest

from scaffold.dev.session import PROBE_TIMEOUT, PROBE_TIMEOUT_ENV, probe_timeout
from scaffold.errors import DevServiceError
from tests.cli_runner import run_scaffold
from tests.hostile.test_project_state import assert_one_sentence


def test_unset_or_empty_is_the_default() -> None:
    assert probe_timeout({}) == PROBE_TIMEOUT == 3.0
    assert probe_timeout({PROBE_TIMEOUT_ENV: " "}) == PROBE_TIMEOUT


@pytest.mark.parametrize(("given", "seconds"), [("10", 10.0), ("0.5", 0.5), (" 0.1 ", 0.1)])
def test_a_number_of_seconds_is_used(given: str, seconds: float) -> None:
    assert probe_timeout({PROBE_TIMEOUT_ENV: given}) == seconds


@pytest.mark.parametrize("given", ["0", "0.05", "-1", "soon", "nan", "inf", "1e999"])
def test_anything_else_is_refused_naming_the_setting(given: str) -> None:
    with pytest.raises(DevServiceError) as caught:
        probe_timeout({PROBE_TIMEOUT_ENV: given})
    assert str(caught.value).startswith(f"{PROBE_TIMEOUT_ENV} is {given.strip()!r}, not a number of seconds")


def test_the_cli_refuses_it_in_one_sentence_before_serving_anything() -> None:
    result = run_scaffold(
        ["dev", "plugin", "http://127.0.0.1:9/api/v1", "--port", "0"], env={PROBE_TIMEOUT_ENV: "soon"}
    )
    assert_one_sentence(result, PROBE_TIMEOUT_ENV, "not a number of seconds")
    assert "page:" not in result.stdout
