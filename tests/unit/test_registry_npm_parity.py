"""Both registry checks read `.npmrc` exactly as the real npm does (issue 24, finding 5).

One `.npmrc` holds every row of the expansion and ini tables of test_registry_check.py, each under
its own `@scope:registry` key (and variables renamed per row so one environment serves them all);
`npm config list --json` says what npm makes of it, and scaffold's reader and the project's node
script must say the same for every key: the same expanded key, the same text, or "not text".
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from scaffold.registry.npmrc import npm_settings, parse_npmrc
from tests.unit.test_registry_check import EXPANSIONS, INI
from tests.unit.test_registry_script import SCRIPT, node


def npm() -> str:
    found = shutil.which("npm")
    assert found, "npm is not installed; install Node.js 20 with npm to run these tests"
    return found


def table() -> tuple[str, dict[str, str]]:
    """The .npmrc text and the environment of all rows."""
    lines: list[str] = []
    env: dict[str, str] = {"SCOPE_PART": "keyed"}
    for index, (text, row_env, _) in enumerate(EXPANSIONS):
        rename = lambda value, i=index: re.sub(r"\b([AB])\b", rf"\g<1>{i}", value)  # noqa: E731
        escaped = rename(text).replace("\\", "\\\\")  # the table is after ini, which unescapes `\\`
        lines.append(f"@x{index}:registry={escaped}")
        env.update({rename(name): value if name != "B" else rename(value) for name, value in row_env.items()})
    for index, (line, _) in enumerate(INI):
        if line.lstrip().startswith(("a", "A")):
            lines.append(re.sub(r"^\s*a", f"@ini{index}:registry", line))
    lines.append("@${SCOPE_PART}:registry=https://h/")  # npm expands keys too
    lines.append("@${UNSET_PART}:registry=https://u/")
    return "\n".join(lines) + "\n", env


def what_npm_reads(folder: Path, env: dict[str, str]) -> dict[str, Any]:
    (folder / "package.json").write_text('{"name": "x", "version": "1.0.0"}', encoding="utf-8")
    (folder / "empty-user").write_text("", encoding="utf-8")
    (folder / "empty-global").write_text("", encoding="utf-8")
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(folder),
        "npm_config_userconfig": str(folder / "empty-user"),
        "npm_config_globalconfig": str(folder / "empty-global"),
        "npm_config_update_notifier": "false",
        **env,
    }
    result = subprocess.run(
        [npm(), "config", "list", "--json"],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return {key: value for key, value in json.loads(result.stdout).items() if key.startswith("@")}


def what_the_script_reads(folder: Path, env: dict[str, str]) -> dict[str, Any]:
    program = (
        f"import {{ npmSettings, parseNpmrc }} from {json.dumps((SCRIPT.parent / 'npmrc.mjs').as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const env = JSON.parse(process.argv[1]);\n"
        "const settings = npmSettings(parseNpmrc(readFileSync('.npmrc', 'utf8')), env);\n"
        "const out = {};\n"
        "for (const [key, s] of settings) out[key] = s.entry.text ? s.value : null;\n"
        "console.log(JSON.stringify(out));\n"
    )
    result = subprocess.run(
        [node(), "--input-type=module", "-e", program, json.dumps(env)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


def test_both_checks_read_npmrc_as_npm_does(tmp_path: Path) -> None:
    text, env = table()
    (tmp_path / ".npmrc").write_text(text, encoding="utf-8")
    npm_view = what_npm_reads(tmp_path, env)
    assert "@keyed:registry" in npm_view and "@${UNSET_PART}:registry" in npm_view
    ours = {
        key: setting.value if setting.entry.text else None
        for key, setting in npm_settings(parse_npmrc(text), env).items()
    }
    script = what_the_script_reads(tmp_path, env)
    expected = {key: value if isinstance(value, str) else None for key, value in npm_view.items()}
    assert ours == expected
    assert script == expected
    for index, (_, _, value) in enumerate(EXPANSIONS):  # and the tables say what npm says
        assert npm_view[f"@x{index}:registry"] == re.sub(r"\b([AB])\b", rf"\g<1>{index}", value)
