"""Contract-owned files of a module frontend (`frontend/src/contract/`).

Everything the build and the components take from the contract is generated here: the props
types, the registry helper typed per component, the host globals the bundler must leave out, the
JSX runtime shim, the private-registry rules, and type stand-ins for the private host packages.
The template-owned vite.config.ts and tsconfig.json only import these, so a new contract version
(a new prop, a new host global, a new private scope) reaches the build on `scaffold regenerate`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from scaffold.codegen.header import header_text
from scaffold.codegen.module_contract import HostGlobal, ModuleContract
from scaffold.codegen.typescript.headers import typescript_header
from scaffold.codegen.typescript.literals import ts_literal, ts_string
from scaffold.codegen.typescript.render import render
from scaffold.codegen.typescript.types import generate_typescript_types
from scaffold.registry.config import CONFIG_PATH, rules_from_spec
from scaffold.specs.document import SpecDocument

BASE = "frontend/src/contract"


def stand_in_name(package: str) -> str:
    """`@ui-kit/ui` -> `ui-kit__ui` (the DefinitelyTyped convention for scoped names)."""
    return re.sub(r"[^a-z0-9._-]", "_", package.removeprefix("@").replace("/", "__").lower())


def frontend_files(
    spec: SpecDocument, contract: ModuleContract, scope: str, components: Sequence[str]
) -> dict[str, str]:
    header = typescript_header(spec)
    registry_rules = rules_from_spec(spec.data)
    files = {
        f"{BASE}/types.ts": generate_typescript_types(spec),
        f"{BASE}/index.ts": render("module/index.ts.jinja", header=header),
        f"{BASE}/module.ts": render(
            "module/module.ts.jinja",
            header=header,
            scope=ts_string(scope),
            components=[ts_string(c) for c in components],
        ),
        f"{BASE}/registry.ts": render(
            "module/registry.ts.jinja",
            header=header,
            component_props=list(contract.component_props.items()),
            props_types=sorted(set(contract.component_props.values())),
        ),
        f"{BASE}/host-globals.ts": render(
            "module/host-globals.ts.jinja",
            header=header,
            import_globals=[(_key(k), ts_string(v)) for k, v in contract.import_globals().items()],
            versions=[(_key(g.package), ts_string(g.version)) for g in contract.host_globals],
        ),
        f"{BASE}/jsx-runtime.ts": render("module/jsx-runtime.ts.jinja", header=header),
        f"{BASE}/proxy.ts": render(
            "module/proxy.ts.jinja", header=header, route=ts_string(contract.proxy_route)
        ),
        f"{BASE}/examples.ts": examples_source(spec),
        "frontend/" + CONFIG_PATH: registry_rules.to_json(header_text(spec)),
        f"{BASE}/tsconfig.contract.json": tsconfig_source(spec, contract.private_packages()),
    }
    for item in contract.private_packages():
        files[f"{BASE}/stand-ins/{stand_in_name(item.package)}.d.ts"] = render(
            "module/stand-in.d.ts.jinja",
            header=header,
            package=item.package,
            global_name=item.global_name,
            version=item.version,
        )
    return files


def _key(name: str) -> str:
    return name if re.match(r"^[A-Za-z_$][A-Za-z0-9_$]*$", name) else ts_string(name)


def tsconfig_source(spec: SpecDocument, private: Sequence[HostGlobal]) -> str:
    """Compiler options the contract decides, extended by the project's tsconfig.json."""
    paths: dict[str, list[str]] = {}
    for item in private:
        stand_in = f"./stand-ins/{stand_in_name(item.package)}.d.ts"
        paths[item.package] = [f"../../node_modules/{item.package}", stand_in]
        paths[f"{item.package}/*"] = [f"../../node_modules/{item.package}/*", stand_in]
    options = {
        "compilerOptions": {
            "jsx": "react-jsx",
            "paths": paths,
        }
    }
    note = (
        "// Private host packages resolve to node_modules when installed, else to a stand-in typed `any`.\n"
    )
    return f"// {header_text(spec)}\n{note}{json.dumps(options, indent=2)}\n"


def examples_source(spec: SpecDocument) -> str:
    """One typed constant per schema example in the spec, for tests and previews."""
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    blocks = []
    names = []
    for name, body in schemas.items():
        examples = body.get("examples") if isinstance(body, dict) else None
        if not isinstance(examples, list) or not examples:
            continue
        names.append(name)
        prefix = f"export const example{name}: {name} = "
        literal = ts_literal(examples[0], used=len(prefix) + 1)
        blocks.append(f"/** The spec's example of {name}. */\n{prefix}{literal};\n")
    imports = f"import type {{ {', '.join(sorted(names))} }} from './types';\n" if names else ""
    intro = "/** Example values from the contract spec, typed: use them in tests and previews. */\n"
    return typescript_header(spec) + "\n" + intro + imports + "".join(f"\n{b}" for b in blocks)
