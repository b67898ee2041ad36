"""The curl line of a fuzzed request sends exactly the bytes scaffold sent, and is safe to print.

The body part of each line is replayed through a real POSIX shell (`sh -c`), with curl replaced
by a function that writes its stdin or its --data-binary argument, so the test needs no server.
"""

from __future__ import annotations

import shlex
import subprocess

import pytest

from scaffold.check.fuzz_request import wire_request
from scaffold.host.report import CheckReport, render_line

BODIES = [
    {"message": 'it\'s "quoted"\nand\ttabbed'},
    {"name": "Источник данных", "emoji": "\U0001f4ca", "rtl": "\u202eabc"},
    {"escape": "\x1b[31mred\x1b[0m", "nul": "\x00", "percent": "100% \\ back"},
    {"lone": "\ud800"},
]
RAW = [b"\x00", b"@/etc/passwd", b"-n", b"%s%d\\", b"\xff\xfe{", b""]


def _replay(line: str) -> bytes:
    """Run the line with a fake curl that prints what it would send as the body."""
    fake = (
        'curl() { while [ $# -gt 0 ]; do if [ "$1" = --data-binary ]; then shift; '
        'if [ "$1" = @- ]; then cat; else printf %s "$1"; fi; fi; shift; done; }; '
    )
    done = subprocess.run(["sh", "-c", fake + line], capture_output=True, timeout=10, check=True)
    return done.stdout


def _request(body: object, *, has_body: bool = True) -> tuple[bytes, str]:
    request = wire_request(
        "http://127.0.0.1:9/api/v1",
        "post",
        "/query/get-result",
        headers={"Accept-Language": "en-US"},
        query=None,
        body=body,
        has_body=has_body,
        media_type="application/json",
    )
    assert request is not None and request.content is not None
    return request.content, request.curl()


@pytest.mark.parametrize("body", BODIES + RAW)
def test_the_curl_line_sends_the_same_bytes_and_is_printable_ascii(body: object) -> None:
    content, line = _request(body)
    assert all(" " <= char <= "~" for char in line), line
    assert _replay(line) == content
    assert "-H 'Content-Type: application/json'" in line and "-H 'Accept-Language: en-US'" in line


def test_a_json_body_is_utf8_as_a_platform_would_send_it() -> None:
    content, _ = _request({"name": "Источник"})
    assert content == '{"name":"Источник"}'.encode()


def test_headers_no_http_client_sends_make_no_request() -> None:
    for headers in ({"Accept-Language": "ru\nRU"}, {"Accept-Language": "é"}, {"bad name": "x"}):
        made = wire_request(
            "http://h/api/v1",
            "post",
            "/x",
            headers=headers,
            query=None,
            body={},
            has_body=True,
            media_type=None,
        )
        assert made is None


def test_url_and_arguments_are_quoted() -> None:
    made = wire_request(
        "http://h/api/v1;touch'$(x)",
        "get",
        "/well-known",
        headers=None,
        query=None,
        body=None,
        has_body=False,
        media_type=None,
    )
    assert made is not None
    assert shlex.split(made.curl())[-1] == "http://h/api/v1;touch'$(x)/well-known"


def test_the_report_prints_reproduce_lines_escaped() -> None:
    report = CheckReport(target="t", kind="plugin-fuzz")
    result = report.failed("fuzz.x", "detail", "contract: x", ("curl ok", "curl \x1b[31m\n"))
    text = render_line(result)
    assert text.splitlines()[1:] == ["      curl ok", "      curl \\x1b[31m\\n"]
    assert report.as_json()["results"][0]["reproduce"] == ["curl ok", "curl \\x1b[31m\\n"]
