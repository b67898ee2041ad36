"""The JSON API behind the module dev page: what the platform knows about the module, and its state.

The page (assets/module-page.js) is a dashboard; everything it needs from the platform's side
comes from here, under /dev-api/module:

- `GET /target`: the platform's connection order up to the browser, done by `check`'s own steps
  (well-known read and validated, components judged, the JS fetched with and without the cache
  parameters, the CSS tried), so the page shows the same findings `scaffold check module` would,
  as `problems`; plus the URLs the page loads, the scope, and each component's props from
  scaffold/host/module_props.py (values, and the callbacks with their contract parameters).
- `GET /settings`, `PUT /settings`: the module's saved settings. What Settings passes to its
  onChange is saved here and becomes the `moduleContext` the proxy adds to every JSON call
  (`module_context()`), as the platform does with a module's stored settings. They live in this
  process's memory only (never on disk: they may hold secrets).
- `POST /session`: a page (re)loaded. Unless it asks `{"keepSettings": true}` (the author's
  opt-in, remembered by the browser), the saved settings are forgotten, so a fresh page starts
  empty (or with the module's own settings from its host data, `frontend/host-data.json`); the answer gives the settings then saved and `proxySince`, the number of the last proxy
  call so far, from which the page numbers its own calls 1, 2, 3 …
- `GET /bundle-stamp`: a hash of the JS the module serves right now; the page polls it and
  reloads the bundle when it changes (a rebuild by `vite build --watch`). When `scaffold dev`
  started the backend it knows the folder the backend serves the bundle from (MODULE_FRONTEND_DIST)
  and hashes the file there: asked over HTTP twice a second, the backend logged an access line for
  each poll, and the author's own calls drowned in them. A URL whose file is not in that folder (a
  frontendHost elsewhere) is still fetched.
- `GET /proxy-log?since=N&version=V&wait=S`: the calls the platform proxy received after call N,
  in the order they arrived, with the body as sent (moduleContext included), the status (null
  while the module has not answered) and the module's JSON answer. With `version` (from the last
  answer) it waits up to S seconds (at most PROXY_WAIT_MAX) for the log to change, so the page
  shows a call as it happens instead of a poll interval later.

The page masks secrets when it shows settings, events and proxy calls (assets/dev-secret-mask.js);
this API hands out what was saved and sent, unmasked: it is what the backend receives.

Every call to the module goes through `HttpClient` (bounded in time, size and JSON depth): the
module is untrusted, and a hung or huge answer must not hang the page.
"""

from __future__ import annotations

import hashlib
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import parse_qs, urlsplit

from scaffold.contracts import MODULE
from scaffold.dev.api import ApiAnswer, ApiRequest, BadApiRequest, error_answer, json_answer
from scaffold.host.host_data import HostData
from scaffold.host.http_client import DEFAULT_TIMEOUT, HttpClient
from scaffold.host.module_fetch import (
    ARTIFACT_MAX_BYTES,
    check_artifacts,
    check_components,
    check_well_known,
)
from scaffold.host.module_props import MODULE_ID, ComponentProps, component_props
from scaffold.host.module_target import ModuleTarget, artifact_urls, module_base
from scaffold.host.proxy_log import ProxyCall, ProxyLog
from scaffold.host.report import CheckReport, Status
from scaffold.host.spec_validation import SpecValidator
from scaffold.redact import shown_url, url_secrets, without_credentials
from scaffold.specs.document import SpecDocument

STAMP_TIMEOUT = 5.0
MAX_PROXY_LOG = 200
PROXY_WAIT_MAX = 20.0


@dataclass(frozen=True)
class Problem:
    """A finding of the connection steps, worded as `scaffold check module` words it."""

    status: str
    check: str
    detail: str
    rule: str | None

    def as_json(self) -> dict[str, Any]:
        return {"status": self.status, "check": self.check, "detail": self.detail, "rule": self.rule}


def props_json(props: ComponentProps) -> dict[str, Any]:
    """One component's props as the page needs them: values, and callbacks with their parameters."""
    return {
        "schema": props.schema_name,
        "values": props.values,
        "callbacks": [
            {
                "name": callback.name,
                "parameters": [
                    {"name": p.name, "required": p.required, "schema": dict(p.schema)}
                    for p in callback.parameters
                ],
            }
            for callback in props.callbacks
        ],
    }


def target_json(spec: SpecDocument, target: ModuleTarget, data: HostData | None = None) -> dict[str, Any]:
    """What the page loads and renders: artifact URLs, scope, components and their props (with the
    module's own moduleData and settings when `data` has them)."""
    urls = artifact_urls(target.metadata, target.build_timestamp)
    props = {}
    for name in target.components:
        built = component_props(spec, name, target, data)
        if built is not None:
            props[name] = props_json(built)
    return {
        "baseUrl": target.base_url,
        "moduleId": MODULE_ID,
        "metadata": dict(target.metadata),
        "jsUrl": target.js_url,
        "plainJsUrl": urls.js,
        "cssUrl": target.css_url,
        "scope": target.scope,
        "components": target.components,
        "props": props,
    }


class ModuleDevApi:
    """The module page's side of the dev server; one per `scaffold dev` session, thread-safe."""

    def __init__(
        self,
        base_url: str,
        spec: SpecDocument,
        timeout: float = DEFAULT_TIMEOUT,
        data: HostData | None = None,
        bundle_folder: Path | None = None,
    ) -> None:
        self.base_url = module_base(base_url)
        self._bundle_folder = bundle_folder
        self.spec = spec
        self.data = data or HostData()
        self.validator = SpecValidator(spec)
        self._client = HttpClient(timeout)
        self._stamp_client = HttpClient(min(timeout, STAMP_TIMEOUT))
        self._lock = threading.Lock()
        self._settings: Any = None
        self._saved = False
        self._forget_settings()
        self._plain_js: str | None = None
        self._proxy_log = ProxyLog()  # an empty log until the server hands over the proxy's
        self._routes: dict[tuple[str, str], Callable[[ApiRequest], ApiAnswer]] = {
            ("GET", "/target"): self._target,
            ("POST", "/session"): self._session,
            ("GET", "/settings"): self._get_settings,
            ("PUT", "/settings"): self._put_settings,
            ("GET", "/bundle-stamp"): self._bundle_stamp,
            ("GET", "/proxy-log"): self._proxy_calls,
        }

    # -- the server's side ---------------------------------------------------------------------

    def handle(self, request: ApiRequest) -> ApiAnswer:
        route = self._routes.get((request.method.upper(), request.path))
        if route is not None:
            return route(request)
        if any(path == request.path for _method, path in self._routes):
            allowed = ", ".join(m for m, p in self._routes if p == request.path)
            return error_answer(f"{request.method} is not allowed here (allowed: {allowed})", 405)
        return error_answer(f"no module dev API at {request.path}", 404)

    def module_context(self) -> dict[str, Any]:
        """The moduleContext the proxy adds: the saved settings when they are an object, else {}."""
        with self._lock:
            settings = self._settings
        return dict(settings) if isinstance(settings, dict) else {}

    def use_proxy_log(self, log: ProxyLog) -> None:
        """Where the proxy's calls are read from (the page server's `proxy_log`)."""
        self._proxy_log = log

    def close(self) -> None:
        self._client.close()
        self._stamp_client.close()

    # -- routes --------------------------------------------------------------------------------

    def _target(self, _request: ApiRequest) -> ApiAnswer:
        report = CheckReport(target=self.base_url, kind=MODULE.name)
        target = self._connect(report)
        problems = [
            Problem(r.status.value, r.name, r.detail, r.rule).as_json()
            for r in report.results
            if r.status is not Status.PASS
        ]
        with self._lock:
            settings, saved = self._settings, self._saved
        shown = None
        if target is not None:
            shown = target_json(self.spec, target, self.data)
            shown["crossOrigin"] = "anonymous" if self._shares_errors(target) else None
        body: dict[str, Any] = {
            "target": shown,
            "problems": problems,
            "settings": settings if saved else {},
            "settingsSaved": saved,
        }
        return json_answer(body)

    def _connect(self, report: CheckReport) -> ModuleTarget | None:
        metadata = check_well_known(self._client, self.spec, self.validator, self.base_url, report)
        if metadata is None:
            return None
        check_components(self.spec, metadata, report)
        target = check_artifacts(self._client, metadata, self.base_url, report)
        with self._lock:
            self._plain_js = artifact_urls(metadata).js
        return target

    @staticmethod
    def _shares_errors(target: ModuleTarget) -> bool:
        """Whether the JS is served with `Access-Control-Allow-Origin: *`: then the page may load it
        in CORS mode, so errors thrown by the bundle reach the page's event log with their text."""
        return target.js_headers.get("access-control-allow-origin", "").strip() == "*"

    def _session(self, request: ApiRequest) -> ApiAnswer:
        body = request.json()
        keep = body.get("keepSettings", False) if isinstance(body, dict) else None
        if not isinstance(keep, bool):
            raise BadApiRequest('the session body is {"keepSettings": true|false}')
        with self._lock:
            if not keep:
                self._forget_settings()
            settings, saved = (self._settings if self._saved else {}), self._saved
        return json_answer({"settings": settings, "saved": saved, "proxySince": self._proxy_log.last_seq})

    def _forget_settings(self) -> None:
        """Back to a fresh session's settings: the module's own (host data) if it has some, else none."""
        if self.data.has_settings:
            self._settings, self._saved = self.data.settings, True
        else:
            self._settings, self._saved = None, False

    def _get_settings(self, _request: ApiRequest) -> ApiAnswer:
        with self._lock:
            return json_answer({"settings": self._settings if self._saved else {}, "saved": self._saved})

    def _put_settings(self, request: ApiRequest) -> ApiAnswer:
        value = request.json()  # BadApiRequest (400) when the body is not JSON
        with self._lock:
            self._settings = value
            self._saved = True
        return json_answer({"settings": value, "saved": True, "moduleContext": self.module_context()})

    def _bundle_stamp(self, _request: ApiRequest) -> ApiAnswer:
        with self._lock:
            url = self._plain_js
        if url is None:
            return json_answer(
                {"stamp": None, "error": "the module's JS URL is not known yet (no well-known read)"}
            )
        served = self._served_file(url)
        if served is not None:
            return json_answer({"stamp": hashlib.sha256(served).hexdigest(), "error": None})
        exchange = self._stamp_client.get(url, max_body=ARTIFACT_MAX_BYTES)
        if exchange.failure is not None or exchange.status != 200:
            # The URL comes from frontendHost, which may carry `user:password@`: never shown.
            error = exchange.failure or f"{shown_url(url)}: {exchange.summary()}"
            return json_answer({"stamp": None, "error": without_credentials(error, url_secrets(url))})
        stamp = hashlib.sha256(exchange.raw).hexdigest()
        return json_answer({"stamp": stamp, "error": None})

    def _served_file(self, url: str) -> bytes | None:
        """The bytes of the file `url` names in the folder the started backend serves, or None
        (no such folder, the URL on another host, no plain file there, or over the fetch limit).
        Only the URL's last segment is taken, so a name from the well-known answer (untrusted) cannot
        lead outside the folder."""
        if self._bundle_folder is None:
            return None
        parts, base = urlsplit(url), urlsplit(self.base_url)
        if (parts.scheme, parts.netloc) != (base.scheme, base.netloc):
            return None
        name = PurePosixPath(parts.path).name
        if name in ("", ".", ".."):
            return None
        path = self._bundle_folder / name
        try:
            if not path.is_file() or path.stat().st_size > ARTIFACT_MAX_BYTES:
                return None
            return path.read_bytes()
        except OSError:
            return None

    def _proxy_calls(self, request: ApiRequest) -> ApiAnswer:
        query = parse_qs(request.query)
        since = _number(query, "since", 0)
        wait = min(_number(query, "wait", 0), PROXY_WAIT_MAX)
        log = self._proxy_log
        version = log.version
        if "version" in query and _number(query, "version", 0) == version and wait > 0:
            version = log.wait_for_change(version, wait)
        calls = log.calls(since)[-MAX_PROXY_LOG:]
        return json_answer(
            {"calls": [_call_json(c) for c in calls], "version": version, "last": log.last_seq}
        )


def _call_json(call: ProxyCall) -> dict[str, Any]:
    return {
        "seq": call.seq,
        "method": call.method,
        "path": "/" + call.path,
        "status": call.status,
        "forwarded": call.forwarded,
        "answer": call.answer,
    }


def _number(query: dict[str, list[str]], name: str, default: int) -> int:
    """A whole number >= 0 of the query string; BadApiRequest (400) when it is something else."""
    values = query.get(name)
    if not values:
        return default
    try:
        value = float(values[-1])
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise BadApiRequest(f"{name} is a number of 0 or more, not {values[-1][:40]!r}")
    return int(value)
