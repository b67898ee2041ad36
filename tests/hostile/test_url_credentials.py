"""A service URL with `user:password@` (a plugin behind basic authentication) is never printed whole.

Found after the registry fix, probing the same rule ("no output of scaffold contains a
credential, whatever its form") on the other commands that take a URL: `scaffold check plugin
http://deploy:PASSWORD@host/api` printed the password on every FAIL and SKIP line, in the JSON
report's target and details, and in the usage error for a bad port; `scaffold dev plugin` printed
it in the probe warning, the `service:` line and the page's title and config. httpx still sends
the userinfo as an Authorization header: only what scaffold prints is masked.
"""

from __future__ import annotations

import json
import signal
import socket
import urllib.request

import pytest

from scaffold.redact import url_secrets, without_credentials
from tests.cli_runner import run_scaffold
from tests.hostile.measured_cli import RunningScaffold

PASSWORD = "hunter2secret"  # the secret the tests look for in every output


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_url_secrets_are_the_userinfo_and_the_password_as_typed_and_decoded() -> None:
    assert url_secrets("http://deploy:p%40ss@host:1/api") == (
        "deploy:p%40ss",
        "deploy:p@ss",
        "p%40ss",
        "p@ss",
    )
    assert url_secrets("http://host:1/api?x=a@b") == ()
    assert url_secrets("no url at all") == ()


def test_without_credentials_masks_the_userinfo_of_every_url_and_each_known_secret() -> None:
    text = f"GET http://deploy:{PASSWORD}@h/a and https://other:pw@x/ failed; {PASSWORD} again"
    shown = without_credentials(text, url_secrets(f"http://deploy:{PASSWORD}@h/a"))
    assert shown == "GET http://***@h/a and https://***@x/ failed; *** again"
    # a raw `@` inside the userinfo: everything up to the authority's last `@` is hidden
    assert without_credentials("see http://a@b:pw@host:1/x?y=z@w now") == "see http://***@host:1/x?y=z@w now"


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_check_never_prints_the_password_of_its_target(as_json: bool) -> None:
    target = f"http://deploy:{PASSWORD}@127.0.0.1:{_closed_port()}/api/v1"
    result = run_scaffold(["check", "plugin", target, *(["--json"] if as_json else [])], timeout=120)
    assert result.returncode == 1, result.stderr
    assert PASSWORD not in result.stdout + result.stderr
    if as_json:
        report = json.loads(result.stdout)
        assert report["target"].startswith("http://***@127.0.0.1:")
    else:
        assert "http://***@127.0.0.1:" in result.stdout


def test_a_refused_url_is_quoted_without_its_password() -> None:
    result = run_scaffold(["check", "plugin", f"http://deploy:{PASSWORD}@127.0.0.1:999999/api"])
    assert result.returncode == 2
    assert PASSWORD not in result.stdout + result.stderr
    assert "'http://***@127.0.0.1:999999/api' has port 999999" in result.stderr


def test_dev_never_prints_or_serves_the_password_of_its_target() -> None:
    target = f"http://deploy:{PASSWORD}@127.0.0.1:{_closed_port()}/api/v1"
    run = RunningScaffold(["dev", "plugin", target, "--port", "0"])
    try:
        assert run.wait_for_output("Press Ctrl-C", 60), run.finish(10).describe()
        page = next(line for line in run.stdout().splitlines() if line.startswith("page:")).split()[1]
        with urllib.request.urlopen(page, timeout=30) as answer:
            html = answer.read().decode("utf-8")
        assert PASSWORD not in html and "http://***@127.0.0.1:" in html
    finally:
        run.signal(signal.SIGINT)
        result = run.finish(60)
    assert PASSWORD not in result.stdout + result.stderr, result.describe()
    assert "service: http://***@127.0.0.1:" in result.stdout
