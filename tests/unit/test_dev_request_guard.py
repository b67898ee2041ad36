"""request_guard: which Host, Origin, fetch site and content type the page server accepts."""

from __future__ import annotations

import pytest

from scaffold.host.request_guard import Kind, parse_authority, refusal, served_address

LOCAL = served_address("127.0.0.1", 8070)


def status(
    headers: dict[str, str], kind: Kind = "api", method: str = "POST", address: object = LOCAL
) -> int | None:
    found = refusal(address, method, headers.items(), kind)  # type: ignore[arg-type]
    return None if found is None else found.status


JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1:8070", "localhost:8070", "LOCALHOST:8070", "[::1]:8070", "[0:0:0:0:0:0:0:1]:8070"],
)
def test_the_loopback_names_with_the_served_port_are_accepted(host: str) -> None:
    assert status({"Host": host, **JSON}) is None


@pytest.mark.parametrize(
    "host",
    [
        "rebind.evil.example:8070",
        "127.0.0.1:8071",
        "127.0.0.1",  # port 80 implied
        "localhost.:8070",
        "evil@127.0.0.1:8070",
        "127.0.0.1:8070:8070",
        "[::1:8070",
        "::1:8070",
        "10.0.0.5:8070",  # an IP literal, but the server is bound to loopback only
        "127.0.0.1:+8070",
        "127.0.0.1:٨٠٧٠",  # Arabic-Indic digits: isdigit() says yes, a port they are not
    ],
)
def test_any_other_host_is_misdirected(host: str) -> None:
    assert status({"Host": host, **JSON}) == 421
    assert status({"Host": host}, kind="file", method="GET") == 421  # the page's files too


def test_a_request_without_host_or_with_two_is_refused() -> None:
    assert status(JSON) == 400
    found = refusal(LOCAL, "GET", [("Host", "127.0.0.1:8070"), ("host", "evil.example:8070")], "file")
    assert found is not None and found.status == 400 and "more than one" in found.message


def test_the_address_given_with_host_is_accepted_and_every_ip_when_bound_to_all() -> None:
    named = served_address("devbox.lan", 8070)
    assert status({"Host": "devbox.lan:8070", **JSON}, address=named) is None
    assert status({"Host": "127.0.0.1:8070", **JSON}, address=named) is None
    assert status({"Host": "other.lan:8070", **JSON}, address=named) == 421
    everywhere = served_address("0.0.0.0", 8070)
    assert status({"Host": "192.168.1.20:8070", **JSON}, address=everywhere) is None
    assert status({"Host": "[fe80::1]:8070", **JSON}, address=everywhere) is None
    # A name can be rebound to this machine by whoever controls its DNS; an IP literal cannot.
    assert status({"Host": "rebind.evil.example:8070", **JSON}, address=everywhere) == 421
    assert status({"Host": "localhost", **JSON}, address=served_address("127.0.0.1", 80)) is None


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "http://localhost:8070",
        "https://127.0.0.1:8070",
        "http://127.0.0.1:3000",
        "",
    ],
)
def test_an_origin_other_than_the_page_s_own_is_forbidden_on_the_api_and_the_proxy(origin: str) -> None:
    headers = {"Host": "127.0.0.1:8070", "Origin": origin, **JSON}
    assert status(headers, kind="api") == 403
    assert status(headers, kind="proxy") == 403
    assert status(headers, kind="file", method="GET") is None  # a page link from another site still opens


def test_the_page_s_own_origin_and_no_origin_pass() -> None:
    assert status({"Host": "127.0.0.1:8070", "Origin": "http://127.0.0.1:8070", **JSON}) is None
    assert status({"Host": "localhost:8070", "Origin": "http://LocalHost:8070", **JSON}) is None
    assert status({"Host": "127.0.0.1:8070", **JSON}) is None  # curl, scripts
    assert status({"Host": "127.0.0.1:8070"}, method="GET") is None


@pytest.mark.parametrize("site", ["cross-site", "same-site", "bogus"])
def test_a_fetch_from_another_site_is_forbidden_even_without_origin(site: str) -> None:
    # A cross-site <img> or no-cors GET carries no Origin, but a current browser says Sec-Fetch-Site.
    headers = {"Host": "127.0.0.1:8070", "Sec-Fetch-Site": site}
    assert status(headers, kind="api", method="GET") == 403
    assert status(headers, kind="proxy", method="GET") == 403


@pytest.mark.parametrize("site", ["same-origin", "none"])
def test_a_fetch_from_the_page_or_the_address_bar_passes(site: str) -> None:
    assert status({"Host": "127.0.0.1:8070", "Sec-Fetch-Site": site}, method="GET") is None


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None],
)
def test_the_api_takes_only_json_bodies(content_type: str | None) -> None:
    headers = {"Host": "127.0.0.1:8070"}
    if content_type is not None:
        headers["Content-Type"] = content_type
    assert status(headers, method="POST") == 415
    assert status(headers, method="PUT") == 415
    assert status(headers, method="GET") is None
    assert status(headers, kind="proxy", method="POST") is None  # a module's backend takes what it takes
    assert status({"Host": "127.0.0.1:8070", "Content-Type": "Application/JSON; charset=utf-8"}) is None


def test_authorities_parse_strictly() -> None:
    assert parse_authority("LocalHost:8070") == ("localhost", 8070)
    assert parse_authority("[::1]") == ("::1", 80)
    assert parse_authority("[::1]x") is None
    assert parse_authority("host:0") is None
    assert parse_authority("host:70000") is None
    assert parse_authority(":8070") is None
    assert parse_authority("[evil.example]:8070") is None
