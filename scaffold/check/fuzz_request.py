"""One fuzzed request as exact bytes on the wire, and the curl line that sends the same bytes.

A failure is only useful when a person can replay it, so the request scaffold sends and the
curl line it prints are made from one `WireRequest`: same method, URL, headers and body bytes.

The curl line goes to a terminal and into a shell, so it is printable ASCII only and every
argument is quoted with `shlex.quote`. A body that is printable ASCII is passed inline; any
other body (raw bytes, non-ASCII text, control characters, or a leading `@`, which curl would read
as a file name) is piped in from `printf` with every such byte written as an octal escape, which
POSIX printf understands in every shell. Nothing that came from the service appears in it.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from scaffold.host.http_client import NOT_JSON, parse_json
from scaffold.specs.shapes import JSON_MEDIA

_TOKEN = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")  # an HTTP header name (RFC 9110 token)
_BODYLESS = ("GET", "HEAD")


@dataclass(frozen=True)
class WireRequest:
    """Method, URL, headers and body bytes (None: no body) of one request."""

    method: str
    url: str
    headers: tuple[tuple[str, str], ...]
    content: bytes | None
    media_type: str | None

    @property
    def header_map(self) -> dict[str, str]:
        return dict(self.headers)

    @property
    def json_body(self) -> Any:
        """The body as parsed JSON, or NOT_JSON (no body, bytes that are not JSON)."""
        if self.content is None:
            return NOT_JSON
        value, _ = parse_json(self.content)
        return value

    def curl(self) -> str:
        """A shell command sending exactly this request; printable ASCII, every argument quoted."""
        words = ["curl", "-sS", "-i", "--globoff", "-X", self.method, shlex.quote(_printable_url(self.url))]
        for name, value in self.headers:
            words += ["-H", shlex.quote(f"{name}: {value}")]
        if self.content is None:
            return " ".join(words)
        if self.media_type is None:
            words += ["-H", shlex.quote("Content-Type:")]  # curl would add a form content type
        if _inline(self.content):
            return " ".join([*words, "--data-binary", shlex.quote(self.content.decode("ascii"))])
        return f"printf {shlex.quote(_octal(self.content))} | " + " ".join([*words, "--data-binary", "@-"])


def wire_request(
    base_url: str,
    method: str,
    path: str,
    *,
    headers: Mapping[str, Any] | None,
    query: Mapping[str, Any] | None,
    body: Any,
    has_body: bool,
    media_type: str | None,
) -> WireRequest | None:
    """The request for one generated case; None when it cannot be sent as HTTP/1.1 at all.

    Header values must be printable ASCII (a service never sees anything else from a platform's
    HTTP client); a JSON body is UTF-8 (ASCII escapes only when the text has lone surrogates).
    """
    sent: list[tuple[str, str]] = []
    for name, value in (headers or {}).items():
        text = str(value)
        if not _TOKEN.match(str(name)) or not all(" " <= char <= "~" for char in text):
            return None
        sent.append((str(name), text))
    content: bytes | None = None
    media: str | None = None
    upper = method.upper()
    if has_body:
        media = media_type or JSON_MEDIA
        if isinstance(body, bytes | bytearray):
            content = bytes(body)
        else:
            encoded = _json_bytes(body)
            if encoded is None:
                return None
            content = encoded
    elif upper not in _BODYLESS:
        content = b""
    if media is not None:
        sent = [(n, v) for n, v in sent if n.lower() != "content-type"] + [("Content-Type", media)]
    url = base_url.rstrip("/") + path
    if query:
        url += "?" + urlencode({str(k): _query_value(v) for k, v in query.items()}, doseq=True)
    return WireRequest(upper, url, tuple(sent), content, media)


def _json_bytes(body: Any) -> bytes | None:
    try:
        text = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: JSON can still carry them as \\u escapes
        return json.dumps(body, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def _query_value(value: Any) -> Any:
    if isinstance(value, list):
        return [_query_value(v) for v in value]
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _inline(content: bytes) -> bool:
    return not content.startswith(b"@") and all(0x20 <= byte < 0x7F for byte in content)


def _octal(content: bytes) -> str:
    """A printf format writing exactly `content`: printable ASCII as is, everything else as \\ooo."""
    out: list[str] = []
    for index, byte in enumerate(content):
        plain = 0x20 <= byte < 0x7F and chr(byte) not in "\\%" and not (index == 0 and chr(byte) == "-")
        out.append(chr(byte) if plain else f"\\{byte:03o}")
    return "".join(out)


def _printable_url(url: str) -> str:
    """The URL with anything outside printable ASCII percent-encoded (as HTTP sends it anyway)."""
    return "".join(
        char if "!" <= char <= "~" else "".join(f"%{b:02X}" for b in char.encode("utf-8")) for char in url
    )
