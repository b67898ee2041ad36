"""Data source config values for `scaffold check plugin` from a file and from an environment variable.

A plugin whose health check reaches a real service needs a working configuration for the check,
in CI as on a laptop. `--config CODE=VALUE` gives one value; these give many, without editing the
template-owned CI file: `--config-file FILE` reads a JSON object `{"code": value}` (a project keeps
it as its own `ci/check-config.json`), where a string `${NAME}` takes the value of environment
variable NAME, so a secret stays in the CI's variables; `--config-env NAME` reads such an object
from one variable (a CI secret `CHECK_CONFIG`), so it never reaches the disk or a process list; its
values are taken as they are (a secret may contain `${`).
Later sources win: files in order, then the variable, then `--config`.

Everything here is untrusted: the file is read up to MAX_CONFIG_BYTES, a value must be a string,
number or boolean (numbers and booleans as their JSON text, which is how form values travel), and
a reference to an unset variable is an error naming it, never an empty value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scaffold.errors import CheckInputError

MAX_CONFIG_BYTES = 1 << 20
_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def config_from_file(path: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """The values of the JSON object in `path`, `${NAME}` references taken from `environ`."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise CheckInputError(
            f"--config-file {path} cannot be read ({exc.strerror or exc})",
            hint="Give the path of a JSON file such as ci/check-config.json.",
        ) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise CheckInputError(
            f"--config-file {path} is larger than {MAX_CONFIG_BYTES >> 10} KiB; it holds form values only"
        )
    values = _object(raw, f"--config-file {path}")
    return {code: _expand(value, code, f"--config-file {path}", environ) for code, value in values.items()}


def config_from_env(name: str, environ: Mapping[str, str]) -> dict[str, str]:
    """The values of the JSON object in environment variable `name`; nothing when it is unset or empty."""
    text = environ.get(name, "")
    if not text.strip():
        return {}
    if len(text) > MAX_CONFIG_BYTES:
        raise CheckInputError(
            f"--config-env {name}: the variable is larger than {MAX_CONFIG_BYTES >> 10} KiB"
        )
    values = _object(text.encode("utf-8", errors="replace"), f"--config-env {name}")
    return {code: _text(value, code, f"--config-env {name}") for code, value in values.items()}


def _object(raw: bytes, source: str) -> dict[str, Any]:
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise CheckInputError(
            f'{source} is not JSON; write an object of form values such as {{"url": "http://127.0.0.1:9100"}}'
        ) from None
    if not isinstance(value, dict):
        raise CheckInputError(f"{source} holds a JSON {type(value).__name__}, not an object of form values")
    for code in value:
        if not code or len(code) > 128 or not code.isprintable():
            raise CheckInputError(f"{source}: {code[:60]!r} is not a form field code")
    return value


def _text(value: Any, code: str, source: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool | int | float):
        return json.dumps(value)
    raise CheckInputError(f"{source}: the value of {code} must be a string, number or boolean")


def _expand(value: Any, code: str, source: str, environ: Mapping[str, str]) -> str:
    text = _text(value, code, source)

    def variable(match: re.Match[str]) -> str:
        name = match[1]
        if name not in environ:
            raise CheckInputError(
                f"{source}: the value of {code} names ${{{name}}}, which is not set",
                hint=f"Set {name} in the environment (in CI, as a variable or secret).",
            )
        return environ[name]

    return _REFERENCE.sub(variable, text)
