"""Password fields: encrypted in health-check answers, accepted back, never in plain text.

AES-GCM tokens `enc:v1:...` made with PLUGIN_SECRET_KEY; a development plugin without the key
keeps one in its state folder and warns once; a production plugin refuses to start.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from tests.functional.test_plugin_harness import (
    API,
    CONFIG,
    KEY,
    OTHER_KEY,
    PACKAGE,
    by_code,
    client,
    constructor_request,
    get_result_request,
    module,
    project,
    shared_client,
)

PLAIN = CONFIG[1]["value"]


def health(api: Any, fields: list[dict[str, str]]) -> Any:
    return api.post(f"{API}/datasource/health-check", json={"fields": fields})


def saved_config(api: Any) -> list[dict[str, str]]:
    answer = health(api, CONFIG)
    assert answer.status_code == 200
    return list(answer.json()["datasourceConfig"]["fields"])


def test_password_comes_back_encrypted_with_aes_gcm() -> None:
    api = shared_client()
    answer = health(api, CONFIG)
    assert PLAIN not in answer.text
    token = by_code(answer.json()["datasourceConfig"]["fields"])["accessKey"]["value"]
    assert token.startswith("enc:v1:")
    raw = base64.urlsafe_b64decode(token[len("enc:v1:") :] + "==")
    nonce, sealed = raw[:12], raw[12:]
    plain = AESGCM(base64.urlsafe_b64decode(KEY)).decrypt(nonce, sealed, b"field:accessKey")
    assert plain.decode() == PLAIN
    again = by_code(health(api, CONFIG).json()["datasourceConfig"]["fields"])["accessKey"]["value"]
    assert again != token  # a random nonce per encryption


def test_other_fields_stay_plain_and_defaults_are_filled() -> None:
    fields = by_code(saved_config(shared_client()))
    assert fields["database"] == {"code": "database", "type": "text", "value": "example.sqlite3"}
    assert fields["codeMode"] == {"code": "codeMode", "value": "true"}
    partial = health(shared_client(), [{"code": "database", "value": "example.sqlite3"}]).json()
    assert set(by_code(partial["datasourceConfig"]["fields"])) == {
        "database",
        "rowLimit",
        "codeMode",
        "codeLang",
    }


def test_encrypted_value_is_accepted_back_everywhere() -> None:
    api = shared_client()
    saved = saved_config(api)
    again = health(api, saved)
    assert again.status_code == 200 and again.json()["status"] is True
    token = by_code(saved)["accessKey"]["value"]
    assert by_code(again.json()["datasourceConfig"]["fields"])["accessKey"]["value"] != PLAIN
    assert token.startswith("enc:v1:")
    for path in (
        "/query/constructor-fields",
        "/variable/constructor-fields",
        "/datasource/constructor-fields",
    ):
        assert api.post(API + path, json=constructor_request(config=saved)).status_code == 200
    query = {"refID": "A", "json": json.dumps({"table": "servers", "format": "table"})}
    assert (
        api.post(f"{API}/query/get-result", json=get_result_request([query], config=saved)).status_code == 200
    )


def test_access_key_is_checked_when_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXAMPLE_DB_ACCESS_KEY", PLAIN)
    api = client()
    saved = saved_config(api)
    assert health(api, saved).json()["status"] is True
    wrong = [{**f, "value": "nope"} if f["code"] == "accessKey" else f for f in CONFIG]
    body = health(api, wrong).json()
    assert body["status"] is False and body["error"] is True
    answer = api.post(f"{API}/query/constructor-fields", json=constructor_request(config=wrong))
    assert answer.status_code == 422 and answer.json()["error"] is True
    assert (
        api.post(f"{API}/query/constructor-fields", json=constructor_request(config=saved)).status_code == 200
    )


def _tampered(token: str) -> str:
    body = bytearray(base64.urlsafe_b64decode(token[len("enc:v1:") :] + "=="))
    body[-1] ^= 1
    return "enc:v1:" + base64.urlsafe_b64encode(bytes(body)).decode().rstrip("=")


@pytest.mark.parametrize(
    "change",
    [
        _tampered,
        lambda token: token[:-6],
        lambda token: token + "AAAA",
        lambda token: "enc:v1:",
        lambda token: "enc:v1:!!!not-base64!!!",
        lambda token: "enc:v1:" + "A" * 100_000,
    ],
)
def test_tampered_token_is_a_field_error(change: Any) -> None:
    api = shared_client()
    saved = saved_config(api)
    bad = [{**f, "value": change(f["value"])} if f["code"] == "accessKey" else f for f in saved]
    answer = health(api, bad)
    assert answer.status_code == 422
    body = answer.json()
    assert body["status"] is False and set(body["validationErrors"]) == {"accessKey"}
    assert body["validationErrors"]["accessKey"].startswith("Зашифрованное значение не удаётся расшифровать")
    elsewhere = api.post(
        f"{API}/query/constructor-fields",
        json=constructor_request(config=bad),
        headers={"Accept-Language": "en-US"},
    )
    assert elsewhere.status_code == 422
    assert elsewhere.json() == {
        "error": True,
        "message": "The encrypted value cannot be decrypted; enter the value again",
    }
    result = api.post(f"{API}/query/get-result", json=get_result_request([{"refID": "A"}], config=bad))
    assert result.status_code == 422 and result.json()["status"] == 422
    assert set(result.json()["validationErrors"]) == {"accessKey"}


def test_token_is_bound_to_its_field_and_key() -> None:
    api = shared_client()
    token = by_code(saved_config(api))["accessKey"]["value"]
    moved = [*CONFIG[:1], {"code": "otherSecret", "type": "password", "value": token}]
    assert health(api, moved).status_code == 422
    other = client(secret_key=OTHER_KEY)
    config = [{**f, "value": token} if f["code"] == "accessKey" else f for f in CONFIG]
    assert health(other, config).status_code == 422
    rotated = client(secret_key=OTHER_KEY, old_secret_keys=KEY)
    assert health(rotated, config).status_code == 200


def test_secrets_never_reach_the_log(caplog: pytest.LogCaptureFixture) -> None:
    api = shared_client()
    with caplog.at_level(logging.DEBUG):
        saved = saved_config(api)
        health(api, saved)
        api.post(f"{API}/query/get-result", json=get_result_request([{"refID": "A"}], config=CONFIG))
    assert PLAIN not in caplog.text


def test_development_key_is_created_once_and_warned_about(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret_keys = module("_contract.secret_keys")
    state = tmp_path / "state"
    with caplog.at_level(logging.WARNING):
        box = secret_keys.load_secret_box(key_text=None, production=False, state_dir=state)
        again = secret_keys.load_secret_box(key_text=None, production=False, state_dir=state)
    key_file = state / "secret.key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    token = box.encrypt("pw", field="p")
    assert again.decrypt(token, field="p") == "pw"
    warnings = [r for r in caplog.records if "PLUGIN_SECRET_KEY is not set" in r.getMessage()]
    assert len(warnings) == 1 and str(key_file) in warnings[0].getMessage()


def test_production_without_key_refuses_to_start(tmp_path: Path) -> None:
    contract = module("_contract")
    with pytest.raises(
        contract.ConfigurationError, match="PLUGIN_SECRET_KEY is not set and PLUGIN_ENV is production"
    ):
        client(secret_key=None, environment="production", state_dir=tmp_path)
    env = {
        **os.environ,
        "PYTHONPATH": str(project()),
        "PLUGIN_ENV": "production",
        "PLUGIN_STATE_DIR": str(tmp_path),
        "PORT": "1",
    }
    env.pop("PLUGIN_SECRET_KEY", None)
    result = subprocess.run(
        [sys.executable, "-m", PACKAGE], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith("acme-sales: cannot start: PLUGIN_SECRET_KEY is not set and PLUGIN_ENV is production")
    )
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("unsafe", ["readable", "link", "dangling link"])
def test_an_unsafe_development_key_file_refuses_to_start(tmp_path: Path, unsafe: str) -> None:
    """A key file other users may read, or a symbolic link (to a key elsewhere, or to nothing):
    one line that says what to do, exit status 1, no traceback."""
    key_file = tmp_path / "secret.key"
    valid = tmp_path / "elsewhere.key"
    valid.write_text(KEY + "\n", encoding="ascii")
    valid.chmod(0o644 if unsafe == "readable" else 0o600)
    if unsafe == "readable":
        valid.rename(key_file)
        problem = f"is readable by other users (mode 0644); run chmod 600 {key_file}"
    else:
        key_file.symlink_to(valid if unsafe == "link" else tmp_path / "nothing")
        problem = "is a symbolic link; replace it with the key file itself"
    env = {**os.environ, "PYTHONPATH": str(project()), "PLUGIN_STATE_DIR": str(tmp_path), "PORT": "1"}
    for name in ("PLUGIN_SECRET_KEY", "PLUGIN_ENV"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-m", PACKAGE], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        f"acme-sales: cannot start: {key_file} {problem}, or delete it and a new key is made"
    )
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("bad", ["short", "!!!!", base64.urlsafe_b64encode(bytes(16)).decode()])
def test_invalid_key_refuses_to_start(bad: str) -> None:
    contract = module("_contract")
    with pytest.raises(contract.ConfigurationError, match="PLUGIN_SECRET_KEY must be 32 random bytes"):
        client(secret_key=bad)
