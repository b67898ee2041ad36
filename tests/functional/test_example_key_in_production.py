"""A plugin in production refuses the example key its contract spec publishes, in every language.

The spec's `info.x-example-secret-key` is the PLUGIN_SECRET_KEY its `enc:v1:` examples are
encrypted with, published for tests and served again at /openapi.json: anyone can decrypt what it
encrypts. Found (issue 40 point 7): a plugin started with PLUGIN_ENV=production and that key
started and served, in Python, TypeScript and Go. Now each one ends its start with one line, the
same sentence (scaffold/codegen/runtime_values.py PUBLISHED_KEY_REFUSAL, with the language's
command that makes a key), and exit status 1; outside production the key still works (the example
replays, tests/conformance/test_example_replay.py, start with it).

The key is read from the project's own spec (`.scaffold/contract.yaml`), never spelled here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from scaffold.codegen.runtime_values import RUNTIME_VALUES
from tests.built_plugins import built_plugin
from tests.functional.test_plugin_harness import PACKAGE, project
from tests.go_toolchain import go_environment
from tests.served_process import free_port

pytestmark = pytest.mark.slow

REFUSAL = next(item.value for item in RUNTIME_VALUES if item.name == "PUBLISHED_KEY_REFUSAL")
# How each language's plugin is started (as its README and CI start it) and what its one line begins with.
STARTS = {
    "python": ([sys.executable, "-m", PACKAGE], "acme-sales: cannot start: "),
    "typescript": (["node", "dist/main.js"], "error: "),
    "go": (["bin/plugin"], "error: "),
}


def _project(language: str, factory: pytest.TempPathFactory) -> Path:
    return project() if language == "python" else built_plugin(language, factory)


def _example_key(root: Path) -> str:
    spec = yaml.safe_load((root / ".scaffold" / "contract.yaml").read_text(encoding="utf-8"))
    key = spec["info"]["x-example-secret-key"]
    assert isinstance(key, str) and key, "the project's spec publishes an example key"
    return key


def _start(
    language: str, root: Path, environment: str, key: str, state: Path
) -> subprocess.CompletedProcess[str]:
    base = go_environment() if language == "go" else dict(os.environ)
    env = {
        **base,
        "PYTHONPATH": str(root),
        "PLUGIN_ENV": environment,
        "PLUGIN_SECRET_KEY": key,
        "PLUGIN_STATE_DIR": str(state),
        "HOST": "127.0.0.1",
        "PORT": str(free_port()),
    }
    env.pop("PLUGIN_OLD_SECRET_KEYS", None)
    command, _ = STARTS[language]
    # A plugin that does not refuse serves until the timeout, which then fails the test.
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=30, check=False)


@pytest.mark.parametrize("language", sorted(STARTS))
def test_production_refuses_the_spec_s_example_key_in_one_line(
    language: str, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    root = _project(language, tmp_path_factory)
    try:
        result = _start(language, root, "production", _example_key(root), tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the {language} plugin started in production with the spec's example key")
    lines = result.stderr.strip().splitlines()
    before, after = REFUSAL.split("{hint}")
    prefix = STARTS[language][1]
    assert result.returncode == 1, result.stderr[-3000:]
    assert lines and lines[-1].startswith(prefix + before), result.stderr[-3000:]
    assert lines[-1].endswith(after) and "generate one with: " in lines[-1], lines[-1]
    assert "Traceback" not in result.stderr and "    at " not in result.stderr, result.stderr[-3000:]
    assert list(tmp_path.iterdir()) == [], "no development key was made"
