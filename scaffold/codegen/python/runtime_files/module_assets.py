"""Serving the built frontend (module.js, module.css) the way the platform loads it.

The platform loads the JS as a classic script from entryPoint resolved against frontendHost and
may append `?version=...&buildTimestamp=...`; it then tries the CSS at the same path with `.css`
(a missing CSS is not an error). Caching rule (scaffold's decision; the contract shows none):

- every answer carries a strong ETag (a hash of the file's bytes), so a revalidation is a cheap 304;
- `Cache-Control: public, max-age=31536000, immutable` only when the request's `version` and
  `buildTimestamp` both equal the running module's version and the current build's mark: such a
  URL names exactly these bytes, so a browser may keep them for a year;
- any other request (no parameters, an old or unknown version or build) gets `no-cache`: the
  browser must revalidate, so a redeployed bundle is never hidden behind a stale cached copy.

The build mark is `buildTimestamp` from `build-info.json`, which the frontend build writes beside
module.js, or else the file's modification time; the well-known answer publishes it so the platform
can append the same value. Files are re-read when they change on disk (no restart after a rebuild).
A missing file is 404 with the backend's error body, `{"error": true, "message": ...}`.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .module_texts import module_text

BUILD_INFO = "build-info.json"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}


@dataclass(frozen=True)
class _Cached:
    stamp: tuple[int, int]
    body: bytes
    etag: str


def content_type(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return _TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def etag_matches(header: str | None, etag: str) -> bool:
    """If-None-Match semantics: `*`, or any listed tag equal to `etag` (weak comparison)."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in header.split(","))


class FrontendAssets:
    """The files of one frontend build folder (`dist/`), or none when the folder is missing."""

    def __init__(self, folder: Path | None, entry: str = "module.js") -> None:
        self.folder = folder.resolve() if folder is not None else None
        self.entry = entry
        self._cache: dict[Path, _Cached] = {}

    @property
    def available(self) -> bool:
        return self.folder is not None and (self.folder / self.entry).is_file()

    def build_mark(self) -> str | None:
        """The current build's buildTimestamp, or None when there is no build."""
        if not self.available or self.folder is None:
            return None
        info = self.folder / BUILD_INFO
        try:
            value = json.loads(info.read_text(encoding="utf-8")).get("buildTimestamp")
            if isinstance(value, str) and value:
                return value
        except (OSError, ValueError, AttributeError):
            pass
        modified = (self.folder / self.entry).stat().st_mtime
        return datetime.fromtimestamp(modified, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _file(self, name: str) -> Path | None:
        if self.folder is None or not name or "\\" in name or "\0" in name:
            return None
        try:
            path = (self.folder / name).resolve()
            if not path.is_relative_to(self.folder) or not path.is_file() or path.name == BUILD_INFO:
                return None
        except (OSError, ValueError):  # a name too long for the file system, for one
            return None
        return path

    def _read(self, path: Path) -> _Cached:
        status = path.stat()
        stamp = (status.st_mtime_ns, status.st_size)
        cached = self._cache.get(path)
        if cached is None or cached.stamp != stamp:
            body = path.read_bytes()
            cached = _Cached(stamp, body, f'"{hashlib.sha256(body).hexdigest()[:32]}"')
            self._cache[path] = cached
        return cached

    def response(self, name: str, request: Request, version: str) -> Response:
        """The file `name` (relative to the build folder) for `request`, with the caching rule."""
        path = self._file(name)
        if path is None:
            message = module_text("static.notFound" if self.available else "static.notBuilt")
            return JSONResponse({"error": True, "message": message}, status_code=404)
        cached = self._read(path)
        query = request.query_params
        current = query.get("version") == version and query.get("buildTimestamp") == self.build_mark()
        headers = {
            "ETag": cached.etag,
            "Cache-Control": IMMUTABLE if current else REVALIDATE,
            "X-Content-Type-Options": "nosniff",
            "Access-Control-Allow-Origin": "*",
        }
        if etag_matches(request.headers.get("if-none-match"), cached.etag):
            return Response(status_code=304, headers=headers)
        body = b"" if request.method == "HEAD" else cached.body
        headers["Content-Length"] = str(len(cached.body))
        return Response(body, media_type=content_type(path.name), headers=headers)
