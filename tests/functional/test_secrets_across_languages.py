"""The TypeScript plugins' secrets.ts and secret-keys.ts are byte-compatible with the Python plugins'
secrets.py and secret_keys.py.

A plugin may move from one language to the other with its PLUGIN_SECRET_KEY and the data sources
the platform saved (password fields as `enc:v1:` tokens). So secrets.ts and secret-keys.ts (with
errors.ts) are compiled by a real TypeScript compiler, with the strict options of a generated
plugin, in a temporary npm project; its vitest tests run; then node and Python exchange tokens: each decrypts
what the other encrypted (also with rotated keys and the development key file), both refuse a
token bound to another field, and both read key texts, tokens and the key file alike, down to the
same messages (Python's lenient base64 and `str.strip` are what secrets.ts reproduces). The one
message part that differs on purpose is GENERATE_HINT, the command that makes a key.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files import secret_keys as py_secret_keys
from scaffold.codegen.python.runtime_files import secrets as py_secrets
from scaffold.codegen.runtime_values import spec_values
from scaffold.codegen.typescript.shared_values import FILE_NAME as RUNTIME_CONSTANTS
from scaffold.codegen.typescript.shared_values import typescript_runtime_constants
from scaffold.specs.catalog import load_shipped
from tests.built_plugins import copy_project, plugin_node_modules
from tests.run_once import once_per_run

pytestmark = pytest.mark.slow

RUNTIME = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "typescript" / "runtime_files"
SOURCES = (
    "secret-keys.ts",
    "secrets.ts",
    "python-text.ts",
    "errors.ts",
    "secrets.test.ts",
    "secret-loads.test.ts",
    "shared-cases.ts",
)
CASES = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "cases" / "secrets.json"
# The compiler options of a generated TypeScript plugin (templates/plugin-typescript/tsconfig.json).
TSCONFIG = {
    "compilerOptions": {
        "target": "ES2022",
        "lib": ["ES2023"],
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "types": ["node"],
        "strict": True,
        "noUncheckedIndexedAccess": True,
        "exactOptionalPropertyTypes": True,
        "noImplicitOverride": True,
        "noUnusedLocals": True,
        "noUnusedParameters": True,
        "noFallthroughCasesInSwitch": True,
        "isolatedModules": True,
        "verbatimModuleSyntax": True,
        "skipLibCheck": True,
        "noEmit": True,
    },
    "include": ["src"],
}
TSCONFIG_BUILD = {
    "extends": "./tsconfig.json",
    "compilerOptions": {"noEmit": False, "outDir": "dist", "rootDir": "src"},
    "exclude": ["src/**/*.test.ts"],
}
# Runs calls (a JSON list on stdin) with the compiled secrets.js: {"ok": value} or the error.
DRIVER = """\
import { readFileSync } from 'node:fs';
import { loadSecretBox } from './dist/secret-keys.js';
import { GENERATE_HINT, parseKey } from './dist/secrets.js';

const warnings = [];
const log = { warn: (message) => warnings.push(message) };
function box(options) {
  return loadSecretBox({ ...options, keyText: options.keyText ?? undefined, log });
}
function run(call) {
  switch (call.op) {
    case 'parseKey':
      return parseKey(call.text).toString('hex');
    case 'encrypt':
      return box(call.box).encrypt(call.value, call.field);
    case 'decrypt':
      return box(call.box).decrypt(call.value, call.field);
  }
  throw new Error(`unknown op ${call.op}`);
}
const results = JSON.parse(readFileSync(0, 'utf8')).map((call) => {
  try {
    return { ok: run(call) };
  } catch (error) {
    return { error: error.name, message: error.message.replaceAll(GENERATE_HINT, '<hint>') };
  }
});
process.stdout.write(JSON.stringify({ results, warnings }));
"""

KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
OLD_KEY = base64.urlsafe_b64encode(bytes(range(32, 64))).decode()
FIELD = "accessKey"
PLAINS = ["s3cret-key", "", "pässwörd 🔑", "\ufeffBOM first", "日本語のパスワード", "x" * 20_000]
ALTERED = "the encrypted value was altered or made with another key"


def _run(command: list[str], cwd: Path, timeout: float) -> None:
    result = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        # secrets.test.ts and secret-loads.test.ts read the cases every runtime reads (they fail when unset)
        env={
            **os.environ,
            "CI": "1",
            "NO_COLOR": "1",
            "FORCE_COLOR": "0",
            "SCAFFOLD_SECRET_CASES": str(CASES),
        },
    )
    assert result.returncode == 0, (
        f"`{' '.join(command)}` failed:\n{result.stdout[-4000:]}{result.stderr[-3000:]}"
    )


@pytest.fixture(scope="session")
def ts_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary npm project with secrets.ts compiled to dist/, made once per run: this file and
    test_secrets_go.py (its Go and TypeScript exchange) read it, from whichever workers run them.

    Its package.json, lock and node_modules are a generated plugin's (the `npm ci` the built plugins
    share, hard-linked): the compiler, vitest and Node types a plugin uses, with no install of its own."""
    assert shutil.which("npm") and shutil.which("node"), "Node.js and npm are needed (Node 20)"

    def make(folder: Path) -> dict[str, str]:
        plugin_node_modules(folder, tmp_path_factory)
        return _make_ts_project(folder)

    return once_per_run(tmp_path_factory, "secrets-ts", make)[0]


def _make_ts_project(folder: Path) -> dict[str, str]:
    (folder / "src").mkdir()
    for name in SOURCES:
        shutil.copyfile(RUNTIME / name, folder / "src" / name)
    # the shared values secrets.ts imports, as a project's contract folder has them
    constants = typescript_runtime_constants("", spec_values(load_shipped("datasource-plugin").data))
    (folder / "src" / RUNTIME_CONSTANTS).write_text(constants.lstrip("\n"), encoding="utf-8")
    (folder / "tsconfig.json").write_text(json.dumps(TSCONFIG, indent=2), encoding="utf-8")
    (folder / "tsconfig.build.json").write_text(json.dumps(TSCONFIG_BUILD, indent=2), encoding="utf-8")
    (folder / "interop.mjs").write_text(DRIVER, encoding="utf-8")
    tsc = str(folder / "node_modules" / ".bin" / "tsc")
    _run([tsc, "-p", "tsconfig.json"], folder, timeout=300)  # sources and tests, type-checked
    _run([tsc, "-p", "tsconfig.build.json"], folder, timeout=300)
    assert all((folder / "dist" / name).is_file() for name in ("secrets.js", "secret-keys.js", "errors.js"))
    return {}


def node_calls(project: Path, calls: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The results of `calls` made by node with the compiled secrets.js, and its warnings."""
    result = subprocess.run(
        ["node", "interop.mjs"],
        cwd=project,
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    answer = json.loads(result.stdout)
    return answer["results"], answer["warnings"]


def _py_box(box: dict[str, Any]) -> py_secrets.SecretBox:
    return py_secret_keys.load_secret_box(
        key_text=box.get("keyText"),
        old_keys_text=box.get("oldKeysText"),
        production=box["production"],
        state_dir=Path(box["stateDir"]),
    )


_PY_OPS: dict[str, Callable[[dict[str, Any]], str]] = {
    "parseKey": lambda call: py_secrets.parse_key(call["text"]).hex(),
    "encrypt": lambda call: _py_box(call["box"]).encrypt(call["value"], field=call["field"]),
    "decrypt": lambda call: _py_box(call["box"]).decrypt(call["value"], field=call["field"]),
}


def python_calls(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results of `calls` made by the Python runtime, in the shape node_calls gives."""
    results: list[dict[str, Any]] = []
    for call in calls:
        try:
            results.append({"ok": _PY_OPS[call["op"]](call)})
        except (py_secrets.SecretError, py_secrets.ConfigurationError) as error:
            message = str(error).replace(py_secrets.GENERATE_HINT, "<hint>")
            results.append({"error": type(error).__name__, "message": message})
    return results


def keyed(key: str = KEY, old: str | None = None) -> dict[str, Any]:
    """The options of a box with this key (and old keys): production, so no key file is involved."""
    box: dict[str, Any] = {"keyText": key, "production": True, "stateDir": "/nonexistent"}
    if old is not None:
        box["oldKeysText"] = old
    return box


def test_the_typescript_runtime_compiles_strictly_and_passes_its_tests(
    ts_project: Path, tmp_path: Path
) -> None:
    """Compiled strictly by the fixture (tsc, sources and tests); vitest runs in a copy of its own,
    as it writes its results cache into node_modules and the project is shared."""
    copy = copy_project(ts_project, tmp_path / "secrets-ts")  # node_modules hard-linked
    _run([str(copy / "node_modules" / ".bin" / "vitest"), "run"], copy, timeout=300)


def test_node_encrypts_and_python_decrypts(ts_project: Path) -> None:
    calls = [
        {"op": "encrypt", "box": keyed(), "field": field, "value": plain}
        for plain in PLAINS
        for field in (FIELD, "пароль🔑")
    ]
    results, _ = node_calls(ts_project, calls)
    box = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY))
    for call, result in zip(calls, results, strict=True):
        token = result["ok"]
        assert token.startswith("enc:v1:") and "=" not in token
        assert box.decrypt(token, field=call["field"]) == call["value"]
        with pytest.raises(py_secrets.SecretError, match=ALTERED):
            box.decrypt(token, field="otherSecret")
    assert len({result["ok"] for result in results}) == len(results)  # a new nonce each time


def test_python_encrypts_and_node_decrypts(ts_project: Path) -> None:
    box = py_secrets.SecretBox(base64.urlsafe_b64decode(KEY))
    tokens = [(plain, box.encrypt(plain, field=FIELD)) for plain in PLAINS]
    calls = [{"op": "decrypt", "box": keyed(), "field": FIELD, "value": token} for _, token in tokens]
    moved = [{**call, "field": "otherSecret"} for call in calls]
    results, _ = node_calls(ts_project, calls + moved)
    assert results[: len(calls)] == [{"ok": plain} for plain, _ in tokens]
    assert results[len(calls) :] == [{"error": "SecretError", "message": ALTERED}] * len(moved)


def test_rotated_keys_work_across_languages(ts_project: Path) -> None:
    old_python = py_secrets.SecretBox(base64.urlsafe_b64decode(OLD_KEY)).encrypt("before", field=FIELD)
    results, _ = node_calls(
        ts_project,
        [
            {"op": "decrypt", "box": keyed(KEY, f" {OLD_KEY} ,"), "field": FIELD, "value": old_python},
            {"op": "decrypt", "box": keyed(KEY), "field": FIELD, "value": old_python},
            {"op": "encrypt", "box": keyed(OLD_KEY), "field": FIELD, "value": "from node"},
        ],
    )
    assert results[0] == {"ok": "before"}
    assert results[1] == {"error": "SecretError", "message": ALTERED}
    rotated = py_secret_keys.load_secret_box(
        key_text=KEY, old_keys_text=OLD_KEY, production=True, state_dir=Path("/nonexistent")
    )
    assert rotated.decrypt(results[2]["ok"], field=FIELD) == "from node"


def test_both_read_every_key_text_alike(ts_project: Path) -> None:
    """Each character of the Basic Multilingual Plane around a key, and inside it."""
    texts = [KEY, KEY[:-1], KEY + "====AAAA", KEY[:43] + "AA", "", "short", "!!!!"]
    for code in range(0x10000):
        character = chr(code)
        texts += [character + KEY + character, KEY[:21] + character + KEY[21:]]
    texts += [base64.b64encode(bytes([0xFB] * 32)).decode(), base64.urlsafe_b64encode(bytes(33)).decode()]
    calls = [{"op": "parseKey", "text": text} for text in texts]
    results, _ = node_calls(ts_project, calls)
    expected = python_calls(calls)
    differ = [(text, n, p) for text, n, p in zip(texts, results, expected, strict=True) if n != p]
    assert differ == [], f"{len(differ)} key texts read otherwise, e.g. {differ[:5]!r}"
    accepted = {text for text, result in zip(texts, results, strict=True) if "ok" in result}
    for space in ("\x1c", "\x85", "\u3000"):  # str.strip() removes them, trim() keeps the first two
        assert space + KEY + space in accepted
    assert "\ufeff" + KEY + "\ufeff" not in accepted  # trim() would remove U+FEFF, strip() does not


def test_both_read_every_token_alike(ts_project: Path) -> None:
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
    limit = 64 * 1024  # characters as Python counts them; an emoji is two UTF-16 units in node
    values += ["enc:v1:" + "A" * limit, "enc:v1:" + "A" * (limit + 1), "enc:v1:" + "🔑" * limit]
    values += ["enc:v1:" + "🔑" * (limit // 2 + 1), "enc:v1:" + "A" * (limit - 1) + "🔑"]
    calls = [{"op": "decrypt", "box": keyed(), "field": FIELD, "value": value} for value in values]
    results, _ = node_calls(ts_project, calls)
    expected = python_calls(calls)
    differ = [(value[:80], n, p) for value, n, p in zip(values, results, expected, strict=True) if n != p]
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


def test_the_development_key_file_is_shared(
    ts_project: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Node workers that start at once share one key file, which Python reads, and vice versa."""
    state = tmp_path / "node-state"
    box = {"keyText": None, "production": False, "stateDir": str(state)}
    payload = json.dumps([{"op": "encrypt", "box": box, "field": FIELD, "value": "pw"}])
    workers = [
        subprocess.Popen(
            ["node", "interop.mjs"],
            cwd=ts_project,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    outputs = [worker.communicate(payload, timeout=120) for worker in workers]
    assert [worker.returncode for worker in workers] == [0] * 4, [err for _, err in outputs]
    answers = [json.loads(out) for out, _ in outputs]
    assert sorted(p.name for p in state.iterdir()) == ["secret.key"]
    with caplog.at_level(logging.WARNING, logger=py_secrets.__name__):
        python_box = _py_box(box)
    for answer in answers:
        assert python_box.decrypt(answer["results"][0]["ok"], field=FIELD) == "pw"
        assert answer["warnings"] == [caplog.records[0].getMessage()]  # the same words

    python_state = tmp_path / "python-state"
    python_token = _py_box({**box, "stateDir": str(python_state)}).encrypt("from python", field=FIELD)
    node_box = {**box, "stateDir": str(python_state)}
    results, _ = node_calls(
        ts_project, [{"op": "decrypt", "box": node_box, "field": FIELD, "value": python_token}]
    )
    assert results == [{"ok": "from python"}]


def test_both_refuse_alike_to_start(ts_project: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    bad_file = tmp_path / "bad"
    bad_file.mkdir()
    (bad_file / "secret.key").write_text("not a key\n", encoding="ascii")
    (bad_file / "secret.key").chmod(0o600)
    boxes = [
        {"keyText": None, "production": True, "stateDir": str(tmp_path)},
        {"keyText": "", "production": True, "stateDir": str(tmp_path)},
        {"keyText": "short", "production": True, "stateDir": str(tmp_path)},
        {"keyText": KEY, "oldKeysText": f"{OLD_KEY},nope", "production": True, "stateDir": str(tmp_path)},
        {"keyText": None, "production": False, "stateDir": str(blocker / "state")},
        {"keyText": None, "production": False, "stateDir": str(bad_file)},
    ]
    boxes.append({"keyText": None, "production": False, "stateDir": str(oversized_key_file(tmp_path))})
    unsafe = unsafe_key_files(tmp_path)
    boxes += [{"keyText": None, "production": False, "stateDir": str(state)} for state in unsafe]
    calls = [{"op": "encrypt", "box": box, "field": FIELD, "value": "pw"} for box in boxes]
    results, _ = node_calls(ts_project, calls)
    assert results == python_calls(calls)
    assert all(result.get("error") == "ConfigurationError" for result in results), results
    assert results[4]["message"] == (
        f"cannot create the development key in {blocker / 'state'}: Not a directory; set "
        "PLUGIN_SECRET_KEY or PLUGIN_STATE_DIR to a writable folder"
    )
    assert [result["message"] for result in results[-len(unsafe) :]] == list(unsafe.values())


def oversized_key_file(folder: Path) -> Path:
    """A state folder whose secret.key holds a valid key followed by more whitespace than a key file
    may hold (4 KiB in every language): refused as a malformed key, since the file is read no
    further than that (found: each language read the whole file, whatever its size, and took it)."""
    state = folder / "oversized"
    state.mkdir()
    (state / "secret.key").write_text(KEY + " " * 5000 + "\n", encoding="ascii")
    (state / "secret.key").chmod(0o600)
    return state


def unsafe_key_files(folder: Path) -> dict[Path, str]:
    """State folders under `folder` whose secret.key no plugin may use, and the message each gives:
    a key file other users may read or write, a symbolic link (to a valid key file elsewhere, or
    to nothing), and a folder where the file should be. Each holds nothing else."""
    valid = folder / "elsewhere" / "secret.key"
    valid.parent.mkdir()
    valid.write_text(KEY + "\n", encoding="ascii")
    valid.chmod(0o600)
    expected: dict[Path, str] = {}
    for mode, use in ((0o644, "readable"), (0o640, "readable"), (0o620, "writable")):
        state = folder / f"mode-{mode:o}"
        state.mkdir()
        (state / "secret.key").write_text(KEY + "\n", encoding="ascii")
        (state / "secret.key").chmod(mode)
        path = state / "secret.key"
        expected[state] = (
            f"{path} is {use} by other users (mode {mode:04o}); run chmod 600 {path}, or delete it "
            "and a new key is made"
        )
    for name, target in (("linked", valid), ("dangling", folder / "nothing")):
        state = folder / name
        state.mkdir()
        (state / "secret.key").symlink_to(target)
        expected[state] = (
            f"{state / 'secret.key'} is a symbolic link; replace it with the key file itself, or "
            "delete it and a new key is made"
        )
    state = folder / "folder"
    (state / "secret.key").mkdir(parents=True)
    expected[state] = (
        f"{state / 'secret.key'} is not a regular file; replace it with the key file itself, or "
        "delete it and a new key is made"
    )
    return expected
