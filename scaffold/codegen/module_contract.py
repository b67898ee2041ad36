"""The module contract's `x-` sections read into plain data, checked once for every generator.

Every generator of a module project reads the spec through these functions, so a spec that lacks
a section the project needs fails with one GenerationError naming it, before anything is written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.contracts import MODULE
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations
from scaffold.specs.wording import quoted

_GLOBAL = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
# npm's rule for package names (scoped or not), so a name is safe inside a quoted module specifier.
_PACKAGE = re.compile(r"^(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$")
# Entry points some host packages are imported by besides their main one. A sub-path left out of
# `external` would be bundled whole (react-dom/client drags in all of ReactDOM).
EXTRA_ENTRY_POINTS: Mapping[str, tuple[str, ...]] = {"react-dom": ("react-dom/client",)}


@dataclass(frozen=True)
class HostGlobal:
    """A library the host page provides as `window[global_name]` (contract table)."""

    global_name: str
    package: str
    version: str


@dataclass(frozen=True)
class ModuleContract:
    host_globals: tuple[HostGlobal, ...]
    private_scopes: tuple[str, ...]
    components: tuple[str, ...]
    required_for_dashboard: str
    component_props: Mapping[str, str]
    cache_parameters: tuple[str, ...]
    well_known_path: str
    demo_status_path: str
    default_locale: str
    proxy_route: str

    def import_globals(self) -> dict[str, str]:
        """Import specifier -> window global, for the bundler's `external` + `output.globals`."""
        mapping: dict[str, str] = {}
        for item in self.host_globals:
            mapping[item.package] = item.global_name
            for extra in EXTRA_ENTRY_POINTS.get(item.package, ()):
                mapping[extra] = item.global_name
        return mapping

    def private_packages(self) -> list[HostGlobal]:
        """Host packages installed from the private scoped registries (stand-ins until installed)."""
        return [g for g in self.host_globals if g.package.split("/")[0] in self.private_scopes]


def _section(spec: SpecDocument, name: str) -> Any:
    value = spec.data.get(name)
    if value is None:
        raise GenerationError(f"{spec.identity()} has no {name} section, which a module project needs")
    return value


def read_module_contract(spec: SpecDocument) -> ModuleContract:
    try:
        host = tuple(
            HostGlobal(str(item["global"]), str(item["package"]), str(item["version"]))
            for item in _section(spec, "x-host-globals")
        )
        registries = _section(spec, "x-package-registries")
        components = _section(spec, "x-components")
        artifacts = _section(spec, "x-frontend-artifacts")
        allowed = tuple(str(name) for name in components["allowed"])
        required_for_dashboard = str(components["requiredForDashboard"])
        props = {str(k): str(v) for k, v in components["props"].items()}
        scopes = tuple(str(scope) for scope in registries["scopes"])
        cache = tuple(str(p) for p in artifacts.get("cacheQueryParameters", []))
        proxy_route = str(_section(spec, "x-platform-proxy")["route"])
    except KeyError as exc:
        raise GenerationError(
            f"{spec.identity()}: a module x- section lacks the entry {quoted(str(exc.args[0]))}",
            hint=f"Compare the x- sections with those of the shipped {MODULE.contract} spec.",
        ) from exc
    except (TypeError, AttributeError) as exc:
        raise GenerationError(
            f"{spec.identity()}: a module x- section has an entry of the wrong kind (a list or mapping expected)",
            hint=f"Compare the x- sections with those of the shipped {MODULE.contract} spec.",
        ) from exc
    _require_names(spec, host, allowed, props)
    schemas = spec.data.get("components", {}).get("schemas", {}) or {}
    missing = [name for name in allowed if props.get(name) not in schemas]
    if missing:
        raise GenerationError(
            f"{spec.identity()}: x-components.props names no schema for {quoted(missing[0])}"
        )
    by_id = {op.operation_id: op for op in operations(spec)}
    try:
        well_known = by_id["getModuleMetadata"].path
        demo = by_id["postDemoStatus"].path
    except KeyError as exc:
        raise GenerationError(
            f"{spec.identity()} has no operation {exc.args[0]}, which a module project needs"
        ) from exc
    header = next((h for h in by_id["postDemoStatus"].headers if h.name.lower() == "accept-language"), None)
    default_locale = str(header.default) if header is not None and header.default else "ru-RU"
    return ModuleContract(
        host_globals=host,
        private_scopes=scopes,
        components=allowed,
        required_for_dashboard=required_for_dashboard,
        component_props=props,
        cache_parameters=cache,
        well_known_path=well_known,
        demo_status_path=demo,
        default_locale=default_locale,
        proxy_route=proxy_route,
    )


def _require_names(
    spec: SpecDocument, host: tuple[HostGlobal, ...], allowed: tuple[str, ...], props: Mapping[str, str]
) -> None:
    """Names the generated TypeScript writes unquoted or inside quotes and comments must be plain."""
    for item in host:
        if not _GLOBAL.match(item.global_name):
            raise GenerationError(
                f"{spec.identity()}: the host global {quoted(item.global_name)} is not a JavaScript identifier"
            )
        if not _PACKAGE.match(item.package):
            raise GenerationError(
                f"{spec.identity()}: the host package {quoted(item.package)} is not an npm package name",
                hint="npm names are lowercase letters, digits, '.', '_', '-' and '~', with an optional @scope/.",
            )
    for name in (*allowed, *props):
        if not _GLOBAL.match(name):
            raise GenerationError(
                f"{spec.identity()}: the component name {quoted(name)} in x-components is not an identifier",
                hint="Component names are letters and digits, like Widget.",
            )
