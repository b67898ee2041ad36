"""The shared module body cases (scaffold/codegen/cases/module_bodies.json), read by the Python runtime.

The same file is read by the TypeScript module runtime's vitest runner (module-bodies.test.ts) and
the Go one's go test, so a row decided once holds in every language a module backend is written in
(issue 42 point 4). Each body goes the way the demo endpoint reads one: parse_json, then unwrap,
in scaffold's own runtime files (what a project's `_contract/envelope.py` is a copy of); the message
of a refusal is compared with the text of scaffold/codegen/module_backend_texts.py the case names.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.python.runtime_files.module_envelope import BodyError, parse_json, unwrap
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("module_bodies.json")
KNOWN = {"name", "body", "expect", "status", "text", "params", "viaProxy", "moduleContext"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def body_bytes(body: str | list[Any]) -> bytes:
    """The case's body: code points below 256, one byte each, or parts joined (a part [s, n]: s n times)."""
    parts = [body] if isinstance(body, str) else body
    text = "".join(part if isinstance(part, str) else part[0] * part[1] for part in parts)
    return text.encode("latin-1")


def expected_text(key: str, params: dict[str, Any]) -> str:
    """The text `key` of the one table with its `{name}`s filled in (a [key, params] value nested)."""

    def value(name: str) -> str:
        given = params[name]
        return expected_text(given[0], given[1]) if isinstance(given, list) else str(given)

    return _PLACEHOLDER.sub(lambda m: value(m[1]) if m[1] in params else m[0], MODULE_TEXTS[key])


def test_the_cases_use_known_keys_and_texts() -> None:
    assert_known_keys(CASES, KNOWN, "module_bodies.json")
    assert all(case["text"] in MODULE_TEXTS for case in CASES if case["expect"] == "refused")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_demo_endpoint_reads_the_body_as_decided(case: dict[str, Any]) -> None:
    raw = body_bytes(case["body"])
    if case["expect"] == "accepted":
        read = unwrap(parse_json(raw), "en-US")
        assert read.via_proxy is case["viaProxy"]
        assert ("present" if read.has_module_context else "absent") == case["moduleContext"]
        return
    with pytest.raises(BodyError) as refused:
        unwrap(parse_json(raw), "en-US")
    assert refused.value.status == case["status"]
    assert refused.value.message == expected_text(case["text"], case.get("params", {}))


def test_the_file_is_json_a_runner_of_any_language_reads() -> None:
    path = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "cases" / "module_bodies.json"
    assert json.loads(path.read_text(encoding="ascii"))["cases"] == CASES
