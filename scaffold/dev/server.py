"""The dev page server: the host page server of scaffold.host with the dev pages and their API.

One server per `scaffold dev` run. It serves the page of one kind (plugin or module) with the
browser files it needs, routes /dev-api/<kind>/... to that kind's API object, and, for a module,
plays the platform's backend proxy with the settings saved through the Settings component as
moduleContext. It reuses the harness (host.js), the React runtime, the stand-in list and the
proxy of scaffold.host, so the page shows exactly what `scaffold check module` asserts against.
"""

from __future__ import annotations

import errno
import json
import socket
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources

from scaffold.contracts import MODULE, PLUGIN, KindName
from scaffold.dev import DEFAULT_DEV_PORT
from scaffold.dev.api import ApiAnswer, ApiRequest, BadApiRequest, DevApi, ProxiedDevApi, error_answer
from scaffold.errors import ScaffoldError
from scaffold.host.module_target import module_base
from scaffold.host.page_server import (
    JS,
    ApiCall,
    HostServer,
    ModuleProxy,
    PageRoutes,
    harness_js,
    host_config_js,
    serve_pages,
)
from scaffold.host.runtime import (
    HostGlobal,
    RuntimeScript,
    chart_files,
    ensure_runtime,
    host_globals,
    stand_in_globals,
)
from scaffold.redact import without_credentials
from scaffold.specs.document import SpecDocument

API_PREFIX = "/dev-api/"
PageKind = KindName
_TYPES = {".js": JS, ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}


class DevServerError(ScaffoldError):
    """The dev page cannot be served where asked (port taken, address not on this machine)."""


@dataclass(frozen=True)
class DevPage:
    """What one dev page shows: its kind, the service it talks to, the spec, and its API."""

    kind: PageKind
    target: str
    spec: SpecDocument
    api: DevApi
    proxy_timeout: float = 10.0


@dataclass
class DevServer:
    url: str
    host: HostServer


def dev_assets() -> dict[str, tuple[bytes, str]]:
    """The page's own files (scaffold/dev/assets), by URL; only these names are ever served."""
    folder = resources.files("scaffold.dev").joinpath("assets")
    files: dict[str, tuple[bytes, str]] = {}
    for entry in folder.iterdir():
        suffix = "." + entry.name.rsplit(".", 1)[-1] if "." in entry.name else ""
        if entry.is_file() and suffix in _TYPES:
            files[f"/assets/{entry.name}"] = (entry.read_bytes(), _TYPES[suffix])
    return files


def page_html(
    page: DevPage, assets: Mapping[str, tuple[bytes, str]], runtime: Sequence[RuntimeScript]
) -> str:
    """The page: runtime first (in the order ensure_runtime gives), then config, the shared
    harness (module), the page's scripts."""
    head = [f'<script src="/vendor/{script.package}.js"></script>' for script in runtime]
    if page.kind == PLUGIN.name:
        head += [
            '<link rel="stylesheet" href="/vendor/uplot.css">',
            '<script src="/vendor/uplot.js"></script>',
        ]
    head.append('<script src="/dev-config.js"></script>')
    if page.kind == MODULE.name:
        head += ['<script src="/host-config.js"></script>', '<script src="/host.js"></script>']
    head.append('<link rel="stylesheet" href="/assets/dev.css">')
    own = f"/assets/{page.kind}-page.js"
    other = f"/assets/{MODULE.name}-" if page.kind == PLUGIN.name else f"/assets/{PLUGIN.name}-"
    # Shared helpers load on both pages; `plugin-*.js` / `module-*.js` only on their own page.
    helpers = sorted(
        name
        for name in assets
        if name.endswith(".js")
        and name != own
        and not name.endswith("-page.js")
        and not name.startswith(other)
    )
    head += [f'<script src="{name}"></script>' for name in helpers]
    head.append(f'<script src="{own}"></script>')
    title = _escape(f"scaffold dev — {page.kind} {without_credentials(page.target)}")
    scripts = "\n".join(head)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title}</title>
{scripts}
</head>
<body><div id="scaffold-dev"></div></body>
</html>
"""


def dev_config_js(page: DevPage, host: Sequence[HostGlobal] = ()) -> str:
    """What the page knows before its first request; `host`: the module page's host globals, as
    the contract states their versions and as the page provides them (scaffold.host.runtime)."""
    version = str(page.spec.data.get("info", {}).get("version", ""))
    data: dict[str, object] = {
        "kind": page.kind,
        "target": without_credentials(page.target),
        "contract": version,
        "locale": "ru-RU",
    }
    if host:
        data["hostGlobals"] = [row.as_json() for row in host]
    return f"window.__scaffoldDev = {json.dumps(data, ensure_ascii=False)};\n"


def page_files(page: DevPage) -> dict[str, tuple[bytes, str]]:
    assets = dev_assets()
    runtime = ensure_runtime(page.spec, editor_form=page.kind == MODULE.name)
    files: dict[str, tuple[bytes, str]] = dict(assets)
    files["/"] = (page_html(page, assets, runtime).encode(), "text/html; charset=utf-8")
    host = host_globals(page.spec, runtime) if page.kind == MODULE.name else []
    files["/dev-config.js"] = (dev_config_js(page, host).encode(), JS)
    for script in runtime:
        files[f"/vendor/{script.package}.js"] = (script.path.read_bytes(), JS)
    if page.kind == PLUGIN.name:
        chart, style = chart_files()
        files["/vendor/uplot.js"] = (chart.read_bytes(), JS)
        files["/vendor/uplot.css"] = (style.read_bytes(), _TYPES[".css"])
    if page.kind == MODULE.name:
        files["/host-config.js"] = (host_config_js(stand_in_globals(page.spec, runtime)).encode(), JS)
        files["/host.js"] = (harness_js().encode(), JS)
    return files


def _api_router(page: DevPage) -> Callable[[ApiCall], ApiAnswer]:
    prefix = f"{page.kind}/"

    def route(call: ApiCall) -> ApiAnswer:
        if not call.path.startswith(prefix):
            answer = error_answer(f"no API {API_PREFIX}{call.path} on a {page.kind} page", 404)
        else:
            request = ApiRequest(
                call.method, "/" + call.path[len(prefix) :], call.query, call.headers, call.body
            )
            try:
                answer = page.api.handle(request)
            except BadApiRequest as exc:
                answer = error_answer(str(exc), exc.status)
        return answer

    return route


@contextmanager
def serve_dev(page: DevPage, *, host: str = "127.0.0.1", port: int = DEFAULT_DEV_PORT) -> Iterator[DevServer]:
    """Serve the dev page on host:port for the duration of the block; the API is closed after."""
    proxy = None
    proxied = page.api if isinstance(page.api, ProxiedDevApi) else None
    if proxied is not None:  # the module page: the platform's proxy, with the saved settings as context
        proxy = ModuleProxy(module_base(page.target), proxied.module_context, page.proxy_timeout)
    routes = PageRoutes(page_files(page), api_prefix=API_PREFIX, api=_api_router(page), proxy=proxy)
    try:
        serving = serve_pages(routes, host=host, port=port)
        server = serving.__enter__()
    except OSError as exc:
        page.api.close()
        raise DevServerError(_bind_problem(host, port, exc), hint=_bind_hint(exc)) from None
    if proxied is not None:
        proxied.use_proxy_log(server.proxy_log)
    try:
        yield DevServer(server.url, server)
    finally:
        try:
            serving.__exit__(None, None, None)
        finally:
            page.api.close()


def _bind_problem(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is already in use, so the dev page cannot be served there"
    if exc.errno == errno.EACCES:
        return f"port {port} on {host} needs privileges the dev page does not have"
    if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
        return f"{host} is not an address of this machine, so the dev page cannot be served there"
    return f"the dev page cannot listen on {host}:{port} ({exc.strerror or exc})"


def _bind_hint(exc: OSError) -> str:
    if exc.errno in (errno.EADDRINUSE, errno.EACCES):
        return "Choose another port with --port (1024 or above), e.g. --port 8071."
    return "Choose an address of this machine with --host, e.g. --host 127.0.0.1."


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
