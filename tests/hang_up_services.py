"""The built plugin and module backend of every language, each given one operation whose handler
waits for its caller to hang up, for tests/functional/test_body_budget_hangups.py.

A body's bytes count in the process's in-flight budget until its answer is made; the case that
leaked in the TypeScript module backend was a caller who sent its whole body and hung up while the
handler still ran. To make that case every time, each service here answers one POST only after
its caller hung up (as its runtime tells a handler: the plugin method's cancellation, the module
handler's signal or context; the Python module backend's `request.is_disconnected()`, its one
way), or after WAIT_SECONDS if it is never told. The handler notes `<id>.started` when it begins
and `<id>.ended` when it ends in the folder HANGUP_NOTES names (`id` is the caller's
X-Request-ID), so the test knows the body was read whole before it hangs up, and when the handler
is done.

The projects are tests/built_plugins.py's and tests/built_module_backends.py's (Python's harness
project for the Python plugin), copied with that one operation changed:

- plugins: get-variable-values (POST /api/v1/variable/values) in the data source file (the
  compiled dist/datasource.js of the TypeScript plugin: the built project's JavaScript, edited, so
  that no `npm run build` runs for one method);
- module backends: the project's own endpoints file (for TypeScript its compiled
  dist/endpoints.js, for the same reason) with POST /api/v1/hangs.

Go is built with -trimpath: the build cache then keys the packages by their contents, not the
folder they are in, so a run after the first links the binary from the cache.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.built_module_backends import PACKAGE as MODULE_PACKAGE
from tests.built_module_backends import START, built_module
from tests.built_plugins import built_plugin, copy_project
from tests.functional.test_plugin_harness import KEY, PACKAGE, project
from tests.go_toolchain import go_environment

WAIT_SECONDS = 10
# What the waiting plugin method is asked (the padding after it is the test's).
VARIABLES = b'{"pluginContext": {"orgID": 1, "pluginID": "acme-sales"}, "json": "{}"}'
CACHES = shutil.ignore_patterns("__pycache__", ".*cache", "node_modules")


@dataclass(frozen=True)
class Waiting:
    """A service with a waiting operation: how to start it, and what to POST to that operation."""

    argv: tuple[str, ...]
    cwd: Path
    env: dict[str, str]
    path: str
    body: bytes


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _go_build(root: Path, binary: str, command: str) -> None:
    result = subprocess.run(
        ["go", "build", "-trimpath", "-o", binary, f"./cmd/{command}"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        env=go_environment(),
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --- plugins: get-variable-values waits ------------------------------------------------------------

PYTHON_METHOD = f"""\
import asyncio, os, pathlib

        note = pathlib.Path(os.environ["HANGUP_NOTES"]) / context.headers["x-request-id"]
        note.with_name(note.name + ".started").touch()
        try:
            await asyncio.sleep({WAIT_SECONDS})  # cancelled when the caller hangs up
        finally:
            note.with_name(note.name + ".ended").touch()
        return []"""

TYPESCRIPT_METHOD = f"""\
return new Promise((resolve) => {{
            const note = `${{process.env.HANGUP_NOTES}}/${{context.requestId}}`;
            writeFileSync(`${{note}}.started`, '');
            const end = () => {{
                clearTimeout(timer);
                writeFileSync(`${{note}}.ended`, '');
                resolve([]);
            }};
            const timer = setTimeout(end, {WAIT_SECONDS * 1000});
            context.signal.addEventListener('abort', end, {{ once: true }});
        }});"""

GO_WAIT = f"""\
package datasource

import (
\t"context"
\t"os"
\t"path/filepath"
\t"time"
)

// waitForHangUp notes its call's start and end in HANGUP_NOTES and waits for ctx to end (its
// caller hung up), {WAIT_SECONDS} s at most.
func waitForHangUp(ctx context.Context, id string) error {{
\tnote := filepath.Join(os.Getenv("HANGUP_NOTES"), id)
\t_ = os.WriteFile(note+".started", nil, 0o600)
\tdefer func() {{ _ = os.WriteFile(note+".ended", nil, 0o600) }}()
\tselect {{
\tcase <-ctx.Done():
\tcase <-time.After({WAIT_SECONDS} * time.Second):
\t}}
\treturn nil
}}
"""


def waiting_plugin(language: str, folder: Path, factory: pytest.TempPathFactory) -> Waiting:
    """The example plugin of `language` in `folder`, its get-variable-values waiting."""
    root = folder / "acme-sales"
    env = {"PLUGIN_STATE_DIR": str(folder / "state"), "PLUGIN_SECRET_KEY": KEY}
    if language == "python":
        shutil.copytree(project(), root, ignore=CACHES)
        _edit(
            root / PACKAGE / "datasource.py",
            "return self.example.variable_values(request, context)",
            PYTHON_METHOD,
        )
        argv: tuple[str, ...] = (sys.executable, "-m", PACKAGE)
        env["PYTHONPATH"] = str(root)
    elif language == "typescript":
        copy_project(built_plugin(language, factory), root)
        source = root / "dist" / "datasource.js"
        source.write_text("import { writeFileSync } from 'node:fs';\n" + source.read_text(encoding="utf-8"))
        _edit(
            source,
            "return Promise.resolve(this.example.variableValues(request, context));",
            TYPESCRIPT_METHOD,
        )
        argv = ("node", "dist/main.js")
    else:
        copy_project(built_plugin(language, factory), root)
        source = root / "internal" / "datasource"
        (source / "hangup_wait.go").write_text(GO_WAIT, encoding="utf-8")
        _edit(
            source / "datasource.go",
            "return d.example.VariableValues(ctx, rc, request)",
            "return nil, waitForHangUp(ctx, rc.RequestID)",
        )
        _go_build(root, "bin/plugin", "acme-sales")
        argv = ("./bin/plugin",)
        env.update(go_environment())
    return Waiting(argv, root, env, "/api/v1/variable/values", VARIABLES)


# --- module backends: POST /api/v1/hangs ----------------------------------------------------------

PYTHON_ENDPOINTS = f'''\
"""The test's endpoint: POST /api/v1/hangs answers once its caller hung up."""

from __future__ import annotations

import asyncio
import os
import pathlib

from pydantic import BaseModel, ConfigDict

from ._contract.endpoints import Call, Endpoints

ENDPOINTS = Endpoints()


class Nothing(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Done(BaseModel):
    done: bool


@ENDPOINTS.post("/api/v1/hangs", payload=Nothing)
async def hangs(call: Call[Nothing, None]) -> Done:
    note = pathlib.Path(os.environ["HANGUP_NOTES"]) / call.request.headers["x-request-id"]
    note.with_name(note.name + ".started").touch()
    try:
        for _ in range({WAIT_SECONDS * 50}):  # a handler is not cancelled: it asks
            if await call.request.is_disconnected():
                break
            await asyncio.sleep(0.02)
    finally:
        note.with_name(note.name + ".ended").touch()
    return Done(done=True)
'''

TYPESCRIPT_ENDPOINTS = f"""\
import {{ writeFileSync }} from 'node:fs';
import {{ Type }} from 'typebox';
import {{ Endpoints }} from './contract/index.js';
export const endpoints = new Endpoints();
const Nothing = Type.Object({{}}, {{ additionalProperties: false }});
const Done = Type.Object({{ done: Type.Boolean() }}, {{ additionalProperties: false }});
endpoints.post('/api/v1/hangs', {{ payload: Nothing, answer: Done }}, (call) =>
    new Promise((resolve) => {{
        const note = `${{process.env.HANGUP_NOTES}}/${{call.request.id}}`;
        writeFileSync(`${{note}}.started`, '');
        const end = () => {{
            clearTimeout(timer);
            writeFileSync(`${{note}}.ended`, '');
            resolve({{ done: true }});
        }};
        const timer = setTimeout(end, {WAIT_SECONDS * 1000});
        call.signal.addEventListener('abort', end, {{ once: true }});
    }}));
"""

GO_ENDPOINTS = f"""\
package module

import (
\t"os"
\t"path/filepath"
\t"time"

\t"GO_MODULE/internal/contract/module"
)

// Nothing is the payload: no key at all.
type Nothing struct{{}}

// Done is the answer.
type Done struct {{
\tDone bool `json:"done"`
}}

// Endpoints is the test's one endpoint, answering once its caller hung up.
var Endpoints = module.NewEndpoints()

func init() {{
\tmodule.Post(Endpoints, "/api/v1/hangs", module.Route[Nothing, map[string]any, Done]{{
\t\tHandle: func(call module.Call[Nothing, map[string]any]) (Done, error) {{
\t\t\tnote := filepath.Join(os.Getenv("HANGUP_NOTES"), call.Request.Header.Get("X-Request-ID"))
\t\t\t_ = os.WriteFile(note+".started", nil, 0o600)
\t\t\tdefer func() {{ _ = os.WriteFile(note+".ended", nil, 0o600) }}()
\t\t\tselect {{
\t\t\tcase <-call.Request.Context().Done():
\t\t\tcase <-time.After({WAIT_SECONDS} * time.Second):
\t\t\t}}
\t\t\treturn Done{{Done: true}}, nil
\t\t}},
\t}})
}}
"""


def waiting_module(language: str, folder: Path, factory: pytest.TempPathFactory) -> Waiting:
    """The module backend of `language` in `folder`, with POST /api/v1/hangs."""
    module = built_module(language, factory)
    root = folder / module.name
    backend = root / "backend"
    shutil.copytree(module / "frontend" / "dist", root / "frontend" / "dist")
    env = {"MODULE_FRONTEND_DIST": str(root / "frontend" / "dist"), "LOG_LEVEL": "warning"}
    if language == "python":
        shutil.copytree(module / "backend", backend, ignore=CACHES)
        (backend / MODULE_PACKAGE / "endpoints.py").write_text(PYTHON_ENDPOINTS, encoding="utf-8")
        env["PYTHONPATH"] = str(backend)
    elif language == "typescript":
        copy_project(module / "backend", backend)
        (backend / "dist" / "endpoints.js").write_text(TYPESCRIPT_ENDPOINTS, encoding="utf-8")
    else:
        copy_project(module / "backend", backend)
        go_module = re.search(r"^module (\S+)", (backend / "go.mod").read_text(encoding="utf-8"), re.M)
        assert go_module is not None
        source = GO_ENDPOINTS.replace("GO_MODULE", go_module[1])
        (backend / "internal" / "module" / "endpoints.go").write_text(source, encoding="utf-8")
        command = next(p.name for p in (backend / "cmd").iterdir())
        _go_build(backend, START["go"][0], command)
        env.update(go_environment())
    return Waiting(tuple(START[language]), backend, env, "/api/v1/hangs", b"{}")
