"""The shared enc:v1: cases (scaffold/codegen/cases/secrets.json), read by the Python runtime.

The same file is read by Go's secrets_test.go (tests/functional/test_secrets_go.py) and
TypeScript's secrets.test.ts (tests/functional/test_secrets_across_languages.py): a case added
there runs in three languages. This runner fails on a key it does not know, as the others do.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files import secret_keys, secrets
from scaffold.codegen.python.runtime_files.runtime_constants import (
    ENCRYPTED_PREFIX,
    NONCE_BYTES,
    PUBLISHED_SECRET_KEYS,
)
from tests.conftest import REPO

CASES_FILE = REPO / "scaffold" / "codegen" / "cases" / "secrets.json"
KNOWN = {"name", "token", "field", "oldKeys", "plain", "refused", "sealed"}
KNOWN_LOADS = {"name", "key", "spelled", "oldKeys", "production", "refused"}
SPELLINGS = {
    None: lambda key: key,
    "unpadded": lambda key: key.rstrip("="),
    "between spaces": lambda key: f" {key}\n",
}


def _file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(CASES_FILE).read_text(encoding="utf-8"))
    assert set(data) == {"about", "keys", "cases", "loads"}, sorted(data)
    return data


CASES: list[dict[str, Any]] = _file()["cases"]
KEYS: dict[str, str] = _file()["keys"]
LOADS: list[dict[str, Any]] = _file()["loads"]


def _key(name: str) -> str:
    """A key the cases name: one of their keys, or "published", the first key this runtime's
    constants say the spec publishes (rendered from the spec, never spelled in a runtime)."""
    if name == "published":
        assert PUBLISHED_SECRET_KEYS, "the runtime's constants name no published key"
        return PUBLISHED_SECRET_KEYS[0]
    return KEYS[name]


def _box(case: dict[str, Any]) -> secrets.SecretBox:
    old = [secrets.parse_key(KEYS[name]) for name in case.get("oldKeys", [])]
    return secrets.SecretBox(secrets.parse_key(KEYS["current"]), old_keys=old)


def test_the_cases_are_well_formed() -> None:
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names)), "a name twice"
    for case in CASES:
        assert set(case) <= KNOWN, f"{case['name']}: keys this runner does not know: {set(case) - KNOWN}"
        assert ("plain" in case) != ("refused" in case), f"{case['name']}: plain or refused, one of them"
        assert not case.get("sealed") or "plain" in case, f"{case['name']}: sealed needs plain"


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_reads_each_case_as_decided(case: dict[str, Any]) -> None:
    box = _box(case)
    if "plain" in case:
        assert box.decrypt(case["token"], field=case["field"]) == case["plain"]
    else:
        with pytest.raises(secrets.SecretError) as refused:
            box.decrypt(case["token"], field=case["field"])
        assert str(refused.value) == case["refused"]


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.get("sealed")], ids=[c["name"] for c in CASES if c.get("sealed")]
)
def test_sealing_with_the_token_s_nonce_gives_the_token_again(
    case: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = base64.urlsafe_b64decode(case["token"].removeprefix(ENCRYPTED_PREFIX) + "==")
    monkeypatch.setattr(secrets.os, "urandom", lambda size: raw[:size] if size == NONCE_BYTES else b"")
    assert _box(case).encrypt(case["plain"], field=case["field"]) == case["token"]


def test_the_load_cases_are_well_formed() -> None:
    names = [case["name"] for case in LOADS]
    assert len(names) == len(set(names)), "a name twice"
    for case in LOADS:
        assert set(case) <= KNOWN_LOADS, (
            f"{case['name']}: keys this runner does not know: {set(case) - KNOWN_LOADS}"
        )
        assert case.get("spelled") in SPELLINGS, f"{case['name']}: a spelling this runner does not know"


@pytest.mark.parametrize("case", LOADS, ids=[case["name"] for case in LOADS])
def test_the_python_runtime_loads_each_key_as_decided(case: dict[str, Any], tmp_path: Path) -> None:
    key_text = SPELLINGS[case.get("spelled")](_key(case["key"]))
    old = case.get("oldKeys", [])

    def load() -> secrets.SecretBox:
        return secret_keys.load_secret_box(
            key_text=key_text,
            old_keys_text=",".join(_key(name) for name in old),
            production=case["production"],
            state_dir=tmp_path,
        )

    if "refused" in case:
        with pytest.raises(secrets.ConfigurationError) as refused:
            load()
        assert str(refused.value) == case["refused"].replace("{hint}", secrets.GENERATE_HINT)
        return
    box = load()
    for name in (case["key"], *old):
        token = secrets.SecretBox(secrets.parse_key(_key(name))).encrypt("value", field="accessKey")
        assert box.decrypt(token, field="accessKey") == "value", name
