"""The module's own data on the host pages: the moduleData and settings its components are shown with.

`check module` and the module dev page build the components' props from the spec's examples
(scaffold.host.module_props). moduleData has no fixed schema: the module defines it, so a real
Widget may rightly refuse the spec's example (`{"metric": "cpu", ...}`) and report an error. Found:
`check module` printed PASS for such a Widget and the dev page opened on a red tile. So both take
the module's own data: a JSON object `{"moduleData": {...}, "settings": ...}`, both keys optional,
which a project keeps as `frontend/host-data.json` (seeded by the template with the starter's
defaults; user-owned), given to `check module` with `--data-file` (its CI does) and read by
`scaffold dev` inside the project; `--module-data` and `--settings` give one part as JSON text.

Everything here is untrusted: the file is read up to MAX_BYTES, nesting is bounded, and every
problem is one sentence naming the source and the fix.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scaffold.errors import CheckInputError
from scaffold.host.http_client import json_depth

HOST_DATA_FILE = "frontend/host-data.json"
MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
_SHAPE = '{"moduleData": {...}, "settings": ...}'


@dataclass(frozen=True)
class HostData:
    """What the host passes instead of the spec's examples; None fields keep the examples."""

    module_data: dict[str, Any] | None = None
    settings: Any = None
    has_settings: bool = False
    sources: tuple[str, ...] = field(default=())

    def with_module_data(self, text: str, source: str) -> HostData:
        value = _parse(text.encode("utf-8", errors="replace"), source)
        if not isinstance(value, dict):
            raise CheckInputError(f"{source} is a JSON {_kind(value)}; moduleData is a JSON object")
        return replace(self, module_data=value, sources=(*self.sources, source))

    def with_settings(self, text: str, source: str) -> HostData:
        value = _parse(text.encode("utf-8", errors="replace"), source)
        return replace(self, settings=value, has_settings=True, sources=(*self.sources, source))

    def described(self) -> str:
        """Where the data came from, for a verdict that names it (`frontend/host-data.json`)."""
        return ", ".join(self.sources) if self.sources else "the spec's examples"


def read_host_data(path: Path, source: str | None = None) -> HostData:
    """The module data in the JSON file `path`; one sentence (CheckInputError) for any problem."""
    shown = source or str(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CheckInputError(
            f"{shown} cannot be read ({exc.strerror or exc})",
            hint=f"Give the path of a JSON file {_SHAPE}, such as {HOST_DATA_FILE}.",
        ) from None
    if len(raw) > MAX_BYTES:
        raise CheckInputError(f"{shown} is larger than {MAX_BYTES >> 10} KiB; it holds one widget's data")
    value = _parse(raw, shown)
    if not isinstance(value, dict):
        raise CheckInputError(f"{shown} holds a JSON {_kind(value)}; write an object {_SHAPE}")
    unknown = sorted(set(value) - {"moduleData", "settings"})
    if unknown:
        raise CheckInputError(
            f"{shown} has {', '.join(repr(k[:40]) for k in unknown[:3])}; only moduleData and settings are read"
        )
    data = HostData(sources=(shown,))
    if "moduleData" in value:
        module_data = value["moduleData"]
        if not isinstance(module_data, dict):
            raise CheckInputError(f"{shown}: moduleData is a JSON {_kind(module_data)}; it is a JSON object")
        data = replace(data, module_data=module_data)
    if "settings" in value:
        data = replace(data, settings=value["settings"], has_settings=True)
    return data


def _parse(raw: bytes, source: str) -> Any:
    too_deep = f"{source} nests deeper than {MAX_DEPTH} levels; a widget's data needs less"
    try:
        value = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise CheckInputError(too_deep) from None
    except (UnicodeDecodeError, ValueError):
        raise CheckInputError(f"{source} is not JSON; write {_SHAPE}") from None
    if json_depth(value) > MAX_DEPTH:
        raise CheckInputError(too_deep)
    return value


def _kind(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )
