"""The static runtime modules copied into plugin projects, tested where they live in scaffold."""

from __future__ import annotations

import base64
import json
import logging
import os
import stat
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scaffold.codegen.python.runtime_files import secret_keys as key_loading
from scaffold.codegen.python.runtime_files import secrets as secret_module
from scaffold.codegen.python.runtime_files.errors import (
    ConfigurationError,
    MissingOperationError,
    PluginError,
)
from scaffold.codegen.python.runtime_files.forms import (
    FormMessages,
    check_config,
    config_values,
    disallowed_characters,
    filter_values,
)
from scaffold.codegen.python.runtime_files.http_json import (
    clip,
    describe_validation_error,
    is_json_media_type,
    too_large_message,
)
from scaffold.codegen.python.runtime_files.operation_table import (
    ErrorShape,
    Operation,
    missing_operations,
    missing_operations_message,
    require_operations,
)
from scaffold.codegen.python.runtime_files.secret_keys import load_secret_box
from scaffold.codegen.python.runtime_files.secrets import (
    SecretBox,
    SecretError,
    is_token,
    parse_key,
)
from scaffold.codegen.python.runtime_files.text_catalog import Catalog

KEY = bytes(range(32))


# --- secrets -------------------------------------------------------------------------------------


def test_encrypt_decrypt_round_trip() -> None:
    box = SecretBox(KEY)
    token = box.encrypt("pässwörd 😀", field="password")
    assert is_token(token) and token.startswith("enc:v1:") and "=" not in token
    assert box.decrypt(token, field="password") == "pässwörd 😀"
    assert box.encrypt("x", field="password") != box.encrypt("x", field="password")


def test_seal_and_reveal_are_idempotent() -> None:
    box = SecretBox(KEY)
    token = box.seal("pw", field="f")
    assert box.seal(token, field="f") == token
    assert box.reveal(token, field="f") == "pw"
    assert box.reveal("plain", field="f") == "plain"


@pytest.mark.parametrize(
    "token",
    [
        "plain",
        "enc:v1:",
        "enc:v1:AAAA",
        "enc:v1:!!!!",
        "enc:v1:" + "A" * 70_000,
        "enc:v2:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ],
)
def test_malformed_tokens(token: str) -> None:
    with pytest.raises(SecretError):
        SecretBox(KEY).decrypt(token, field="f")


def test_tampering_wrong_field_and_wrong_key_fail() -> None:
    box = SecretBox(KEY)
    token = box.encrypt("pw", field="f")
    raw = bytearray(base64.urlsafe_b64decode(token[7:] + "=="))
    raw[15] ^= 0x01
    tampered = "enc:v1:" + base64.urlsafe_b64encode(bytes(raw)).decode()
    for candidate, field, other in (
        (tampered, "f", box),
        (token, "g", box),
        (token, "f", SecretBox(bytes(32))),
    ):
        with pytest.raises(SecretError, match="altered or made with another key"):
            other.decrypt(candidate, field=field)
    rotated = SecretBox(bytes(32), old_keys=[KEY])
    assert rotated.decrypt(token, field="f") == "pw"
    with pytest.raises(SecretError):  # new tokens use the new key only
        SecretBox(KEY).decrypt(rotated.encrypt("new", field="f"), field="f")


def test_parse_key() -> None:
    text = base64.urlsafe_b64encode(KEY).decode()
    assert parse_key(text) == KEY and parse_key(text.rstrip("=") + "\n") == KEY
    for bad in ("", "abc", base64.urlsafe_b64encode(bytes(31)).decode(), "!" * 44):
        with pytest.raises(ConfigurationError, match="PLUGIN_SECRET_KEY must be 32 random bytes"):
            parse_key(bad)


def test_load_secret_box(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    text = base64.urlsafe_b64encode(KEY).decode()
    assert (
        load_secret_box(key_text=text, production=True, state_dir=tmp_path).decrypt(
            SecretBox(KEY).encrypt("a", field="b"), field="b"
        )
        == "a"
    )
    with pytest.raises(ConfigurationError, match="PLUGIN_ENV is production"):
        load_secret_box(key_text=None, production=True, state_dir=tmp_path)
    assert not (tmp_path / "secret.key").exists()
    key_loading._warned.clear()
    with caplog.at_level(logging.WARNING):
        first = load_secret_box(key_text=None, production=False, state_dir=tmp_path / "state")
        second = load_secret_box(key_text=None, production=False, state_dir=tmp_path / "state")
    assert second.decrypt(first.encrypt("x", field="y"), field="y") == "x"
    assert stat.S_IMODE((tmp_path / "state" / "secret.key").stat().st_mode) == 0o600
    warned = [r for r in caplog.records if "PLUGIN_SECRET_KEY is not set" in r.getMessage()]
    # the logger the warning had before the key loading left secrets.py: a filter on it still applies
    assert [r.name for r in warned] == [secret_module.__name__]
    with pytest.raises(ConfigurationError, match="PLUGIN_OLD_SECRET_KEYS"):
        load_secret_box(key_text=text, old_keys_text="short", production=False, state_dir=tmp_path)


def _development_box(state: Path) -> SecretBox:
    return load_secret_box(key_text=None, production=False, state_dir=state)


def test_a_private_key_file_is_used(tmp_path: Path) -> None:
    key_file = tmp_path / "secret.key"
    key_file.write_text(base64.urlsafe_b64encode(KEY).decode() + "\n", encoding="ascii")
    key_file.chmod(0o600)
    token = _development_box(tmp_path).encrypt("pw", field="f")
    assert SecretBox(KEY).decrypt(token, field="f") == "pw"
    key_file.chmod(0o400)  # read-only for its owner: fine too
    assert _development_box(tmp_path).decrypt(token, field="f") == "pw"


@pytest.mark.parametrize(
    ("mode", "who"),
    [
        (0o644, "readable"),
        (0o640, "readable"),
        (0o604, "readable"),
        (0o620, "writable"),
        (0o610, "executable"),
    ],
)
def test_a_key_file_other_users_can_use_is_refused(tmp_path: Path, mode: int, who: str) -> None:
    key_file = tmp_path / "secret.key"
    key_file.write_text(base64.urlsafe_b64encode(KEY).decode() + "\n", encoding="ascii")
    key_file.chmod(mode)
    with pytest.raises(ConfigurationError) as refused:
        _development_box(tmp_path)
    assert str(refused.value) == (
        f"{key_file} is {who} by other users (mode {mode:04o}); run chmod 600 {key_file}, or delete "
        "it and a new key is made"
    )
    assert stat.S_IMODE(key_file.stat().st_mode) == mode  # left as it was


@pytest.mark.parametrize("dangling", [False, True])
def test_a_key_file_that_is_a_symbolic_link_is_refused(tmp_path: Path, dangling: bool) -> None:
    outside = tmp_path / "elsewhere" / "key"
    outside.parent.mkdir()
    if not dangling:
        outside.write_text(base64.urlsafe_b64encode(KEY).decode() + "\n", encoding="ascii")
        outside.chmod(0o600)
    state = tmp_path / "state"
    state.mkdir()
    (state / "secret.key").symlink_to(outside)
    with pytest.raises(ConfigurationError) as refused:
        _development_box(state)
    assert str(refused.value) == (
        f"{state / 'secret.key'} is a symbolic link; replace it with the key file itself, or delete "
        "it and a new key is made"
    )
    assert outside.exists() is not dangling  # left alone
    assert sorted(p.name for p in state.iterdir()) == ["secret.key"]  # no key made beside it


def test_a_key_file_that_is_not_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.key").mkdir()
    with pytest.raises(ConfigurationError) as refused:
        _development_box(tmp_path)
    assert str(refused.value) == (
        f"{tmp_path / 'secret.key'} is not a regular file; replace it with the key file itself, or "
        "delete it and a new key is made"
    )
    fifo_state = tmp_path / "fifo"
    fifo_state.mkdir()
    os.mkfifo(fifo_state / "secret.key", 0o600)  # opened without waiting for a writer
    with pytest.raises(ConfigurationError, match="is not a regular file"):
        _development_box(fifo_state)


def test_a_key_file_that_is_not_ascii_is_a_malformed_key(tmp_path: Path) -> None:
    key_file = tmp_path / "secret.key"
    key_file.write_bytes(base64.urlsafe_b64encode(KEY) + "\u00a0".encode())
    key_file.chmod(0o600)
    with pytest.raises(ConfigurationError, match=f"^{key_file} must be 32 random bytes in base64url"):
        _development_box(tmp_path)


# --- forms ---------------------------------------------------------------------------------------


def spec(code: str, kind: str = "text", **extra: Any) -> SimpleNamespace:
    base: dict[str, Any] = {"code": code, "type": kind, "required": None, "props": None}
    return SimpleNamespace(**{**base, **extra})


def sent(code: str, value: str | None) -> SimpleNamespace:
    return SimpleNamespace(code=code, value=value)


FORM = [
    spec("host", required=True, validation_rule=r"^[a-z.]+$", validation_message="lower-case host"),
    spec("port", "number", props=SimpleNamespace(min=1, max=65535, options=None)),
    spec(
        "mode",
        "select",
        props=SimpleNamespace(options=[SimpleNamespace(value="a"), SimpleNamespace(value="b")]),
    ),
    spec("notes", "textarea", max_length=10),
    spec("secret", "password", required=True),
    spec("group", "array"),
]


def test_check_config_missing_and_empty() -> None:
    assert check_config(FORM, []).missing == ["host", "secret"]
    assert check_config(FORM, None).missing == ["host", "secret"]
    result = check_config(FORM, [sent("host", "db.example")])
    assert result.missing == ["secret"] and not result.ok
    result = check_config(FORM, [sent("host", " "), sent("secret", "")])
    assert result.missing == [] and result.errors == {
        "host": "The field is required and must not be empty",
        "secret": "The field is required and must not be empty",
    }


def test_check_config_rules() -> None:
    values = [
        sent("host", "DB!"),
        sent("port", "70000"),
        sent("mode", "c"),
        sent("notes", "0123456789abc"),
        sent("secret", "anything\u0000"),
    ]
    assert check_config(FORM, values).errors == {
        "host": "lower-case host",
        "port": "A number from 1 to 65535 is expected",
        "mode": "Choose one of: a, b",
        "notes": "At most 10 characters",
        "secret": "Disallowed characters: U+0000",
    }
    ok = [
        sent("host", "db.example"),
        sent("port", "5432"),
        sent("mode", "b"),
        sent("notes", "two\nlines"),
        sent("secret", "s"),
    ]
    assert check_config(FORM, ok).ok
    messages = FormMessages(number="число")
    assert check_config(
        FORM, [sent("host", "a"), sent("secret", "s"), sent("port", "x")], messages
    ).errors == {"port": "число"}


def test_disallowed_characters() -> None:
    assert disallowed_characters("fine text ü 😀") == ""
    assert disallowed_characters("a\nb") == "U+000A"
    assert disallowed_characters("a\nb", multiline=True) == ""
    assert disallowed_characters("\u202eevil\u2066") == "U+202E, U+2066"


def test_values_of_requests() -> None:
    assert config_values([sent("a", "1"), sent("b", None), sent("a", "2"), SimpleNamespace(code=None)]) == {
        "a": "2",
        "b": "",
    }
    filter_ = SimpleNamespace(
        fields=[
            SimpleNamespace(key="table", value="t", array_index=None),
            SimpleNamespace(key="column", value="c1", array_index=1),
            SimpleNamespace(key="column", value="c0", array_index=0),
            SimpleNamespace(key="value", value=None, array_index=0),
            SimpleNamespace(key="bad", value="x", array_index=-1),
            SimpleNamespace(key="far", value="x", array_index=10_000),
        ]
    )
    values = filter_values(filter_)
    assert values.values == {"table": "t"}
    assert values.group_list() == [{"column": "c0", "value": ""}, {"column": "c1"}]
    assert filter_values(None).values == {}


# --- catalog -------------------------------------------------------------------------------------


def test_catalog_load_and_fallback(tmp_path: Path) -> None:
    (tmp_path / "ru-RU.json").write_text(
        json.dumps({"a": {"b": "Привет {name}"}, "only": "ru"}), encoding="utf-8"
    )
    (tmp_path / "en-US.json").write_text(json.dumps({"a": {"b": "Hello {name}"}}), encoding="utf-8")
    (tmp_path / "de-DE.json").write_text("{}", encoding="utf-8")
    catalog = Catalog.load(tmp_path)
    assert catalog.locales == ("ru-RU", "de-DE", "en-US")
    assert catalog.text("en-US", "a.b", name="x") == "Hello x"
    assert catalog.text("en-US", "only") == "ru"
    assert catalog.text("en-US", "missing") == "missing"
    assert catalog.find("en-US", "missing") is None
    assert catalog.choose("en;q=0.9, ru;q=0.1") == "en-US" and catalog.choose(None) == "ru-RU"
    assert catalog.translator("de-DE")("a.b", name="y") == "Привет y"
    assert catalog.all_texts("a.b") == [("ru-RU", "Привет {name}"), ("en-US", "Hello {name}")]


def test_catalog_formatting_never_fails() -> None:
    catalog = Catalog({"ru-RU": {"a": "{known} {unknown}", "b": "broken {", "c": "{0}"}})
    assert catalog.text("ru-RU", "a", known="x") == "x {unknown}"
    assert catalog.text("ru-RU", "b", known="x") == "broken {"
    assert catalog.text("ru-RU", "c", known="x") == "{0}"


@pytest.mark.parametrize("content", ["{", "[]", '{"a": 1}'])
def test_catalog_errors(tmp_path: Path, content: str) -> None:
    (tmp_path / "ru-RU.json").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigurationError, match="ru-RU.json"):
        Catalog.load(tmp_path)


# --- http_json -----------------------------------------------------------------------------------


class Body(BaseModel):
    model_config = ConfigDict(validate_by_alias=True, validate_by_name=True)
    items: list[int] = Field(default_factory=list)
    mapping: dict[str, int] = Field(default_factory=dict)


@pytest.mark.parametrize(
    ("media", "expected"),
    [
        ("application/json", True),
        ("application/json; charset=utf-8", True),
        ("APPLICATION/JSON", True),
        ("application/problem+json", True),
        ("text/json", False),
        ("text/plain", False),
        ("application/jsonx", False),
        ("", False),
    ],
)
def test_json_media_types(media: str, expected: bool) -> None:
    assert is_json_media_type(media) is expected


def test_validation_messages_never_echo_input() -> None:
    with pytest.raises(ValidationError) as caught:
        Body.model_validate_json(
            '{"items": ["secret-value", 2, "x", "y", "z"], "mapping": {"' + "k" * 500 + '": "v"}}'
        )
    message = describe_validation_error(caught.value, "en-US", Body)
    assert message.startswith("Request format is wrong: items.0: an integer is expected")
    assert "secret-value" not in message and "k" * 100 not in message and "(and 2 more)" in message
    with pytest.raises(ValidationError) as caught:
        Body.model_validate_json(b"{nope")
    assert "the body is not valid JSON" in describe_validation_error(caught.value, "en-US", Body)


def test_clip_and_size_message() -> None:
    assert clip("a\u0000b\u202ec" + "x" * 100, 10) == "a?b?cxxxx…"
    assert too_large_message(10 * 1024 * 1024, "en-US") == "Request body is larger than 10 MiB"
    assert too_large_message(100, "en-US") == "Request body is larger than 100 bytes"
    assert too_large_message(10 * 1024 * 1024) == "Тело запроса больше 10 МиБ", "ru-RU by default"


# --- errors and operations -----------------------------------------------------------------------


def test_plugin_error() -> None:
    error = PluginError("bad", validation_errors={"a": "b"})
    assert (error.status, error.message, error.validation_errors) == (422, "bad", {"a": "b"})
    with pytest.raises(ValueError, match="400-599"):
        PluginError("ok?", status=200)


def test_error_shapes() -> None:
    assert ErrorShape().body(400, "m", {"f": "e"}) == {"error": True, "message": "m"}
    assert ErrorShape("boolean", True).body(422, "m", {"f": "e"}) == {
        "error": True,
        "message": "m",
        "status": False,
        "validationErrors": {"f": "e"},
    }
    assert ErrorShape("integer", True).body(400, "m") == {"error": True, "message": "m", "status": 400}


def _op(name: str) -> Operation:
    return Operation(
        operation_id=name,
        method_name=name,
        http_method="post",
        path=f"/{name}",
        summary="",
        request_model=None,
        response_model=dict,
        response_is_list=False,
        errors=ErrorShape(),
        signature=f"def {name}(self, context: RequestContext) -> X",
    )


def test_missing_operations_message() -> None:
    from abc import ABC, abstractmethod

    class Base(ABC):
        @abstractmethod
        def one(self) -> None: ...

        @abstractmethod
        def two(self) -> None: ...

    class Partial(Base):
        def one(self) -> None:
            return None

    ops = [_op("one"), _op("two")]
    assert [op.method_name for op in missing_operations(Partial, ops)] == ["two"]
    message = missing_operations_message(Partial, missing_operations(Partial, ops), "c 1.0")
    assert message == (
        "Partial in tests/unit/test_plugin_runtime.py does not implement two (POST /two, c 1.0); "
        "add: def two(self, context: RequestContext) -> X"
    )
    with pytest.raises(MissingOperationError, match="does not implement two"):
        require_operations(Partial, ops, "c 1.0")
    require_operations(Partial, ops[:1], "c 1.0")


# --- dispatch ------------------------------------------------------------------------------------


class Item(BaseModel):
    model_config = ConfigDict(validate_by_alias=True, validate_by_name=True, serialize_by_alias=True)
    code: str
    type: str | None = None
    value: str | None = None


class Config(BaseModel):
    fields: list[Item] = Field(default_factory=list)


class Answer(BaseModel):
    model_config = ConfigDict(validate_by_alias=True, validate_by_name=True, serialize_by_alias=True)
    seen: list[str] = Field(default_factory=list)
    thread: str | None = None
    locale: str | None = None
    base_url: str | None = Field(default=None, alias="baseUrl")
    fields: list[Item] | None = None


def _dispatch_client(datasource: Any) -> Any:
    from fastapi import APIRouter, FastAPI
    from fastapi.testclient import TestClient

    from scaffold.codegen.python.runtime_files.dispatch import Wiring, add_operation

    shape = ErrorShape("boolean", True)
    echo = Operation(
        "echo",
        "echo",
        "post",
        "/echo",
        "",
        Config,
        Answer,
        False,
        shape,
        "def echo(...)",
        (("fields",),),
        (("fields",),),
    )
    listing = Operation(
        "listing", "listing", "post", "/listing", "", Config, Item, True, ErrorShape(), "def listing(...)"
    )
    app = FastAPI()
    router = APIRouter()
    wiring = Wiring(
        datasource=datasource,
        secrets=SecretBox(KEY),
        locales=("ru-RU", "en-US"),
        max_body_bytes=1000,
        secret_fields=frozenset(datasource.secret_fields),
    )
    add_operation(router, echo, wiring)
    add_operation(router, listing, wiring)
    app.include_router(router, prefix="/api/v1")
    return TestClient(app, raise_server_exceptions=False)


class _Source:
    secret_fields = frozenset({"hidden"})

    def echo(self, request: Config, context: Any) -> Answer:
        import threading

        return Answer(
            seen=[f"{f.code}={f.value}" for f in request.fields],
            thread=threading.current_thread().name,
            locale=context.locale,
            base_url=context.base_url,
            fields=request.fields,
        )

    async def listing(self, request: Config, context: Any) -> Any:
        return [{"code": f.code, "value": f.value} for f in request.fields]


def test_dispatch_decrypts_calls_and_encrypts() -> None:
    client = _dispatch_client(_Source())
    token = SecretBox(KEY).encrypt("pw", field="password")
    body = {
        "fields": [
            {"code": "password", "type": "password", "value": token},
            {"code": "hidden", "value": "h"},
            {"code": "plain", "value": "p"},
        ]
    }
    answer = client.post("/api/v1/echo", json=body, headers={"Accept-Language": "en;q=0.9"})
    assert answer.status_code == 200
    data = answer.json()
    assert data["seen"] == ["password=pw", "hidden=h", "plain=p"]
    assert data["thread"] != "MainThread" and data["locale"] == "en-US"
    assert data["baseUrl"] == "http://testserver/api/v1"
    values = {f["code"]: f["value"] for f in data["fields"]}
    assert values["plain"] == "p" and is_token(values["password"]) and is_token(values["hidden"])
    assert SecretBox(KEY).decrypt(values["hidden"], field="hidden") == "h"
    listed = client.post("/api/v1/listing", json={"fields": [{"code": "a", "value": "1"}]})
    assert listed.json() == [{"code": "a", "value": "1"}]


def test_dispatch_errors() -> None:
    client = _dispatch_client(_Source())
    bad_token = {"fields": [{"code": "password", "value": "enc:v1:AAAA"}]}
    answer = client.post("/api/v1/echo", json=bad_token)
    assert answer.status_code == 422
    assert answer.json()["validationErrors"] == {
        "password": "Зашифрованное значение не удаётся расшифровать; введите значение заново"
    }
    assert client.post("/api/v1/listing", json=bad_token).status_code == 200  # no secrets in its request
    assert client.post(
        "/api/v1/echo", content=b"x" * 2000, headers={"content-type": "application/json"}
    ).json() == {
        "error": True,
        "message": "Тело запроса больше 1000 байт",
    }
    wrong = client.post("/api/v1/echo", json={"fields": "nope"})
    assert wrong.status_code == 400 and wrong.json()["status"] is False
    broken = _dispatch_client(type("Broken", (_Source,), {"listing": lambda self, r, c: [{"code": 5}]})())
    assert broken.post("/api/v1/listing", json={}).status_code == 500
