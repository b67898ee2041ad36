"""The `check` command group registered on a fresh typer app: options, usage errors, exit codes."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from scaffold.cli.check_cmd import parse_config, parse_queries, register
from tests.fixtures.check.servers import closed_port


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """root"""

    register(app)
    return app


def test_config_pairs() -> None:
    assert parse_config(["password=a=b", "host= db ", "empty="]) == {
        "password": "a=b",
        "host": " db ",
        "empty": "",
    }
    with pytest.raises(typer.BadParameter, match="is not CODE=VALUE"):
        parse_config(["novalue"])
    with pytest.raises(typer.BadParameter):
        parse_config(["=x"])


def test_queries_must_be_json() -> None:
    assert parse_queries(['{"table": "cpu"}']) == ('{"table": "cpu"}',)
    with pytest.raises(typer.BadParameter, match="is not JSON"):
        parse_queries(["{table"])


def test_unreachable_plugin_fails_with_exit_1() -> None:
    url = f"http://127.0.0.1:{closed_port()}/api/v1"
    result = CliRunner().invoke(_app(), ["check", "plugin", url, "--timeout", "2"])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("FAIL  well-known")
    assert "cannot connect" in lines[0]
    assert lines[-1].startswith("0 passed, 1 failed")


def test_json_report_on_stdout() -> None:
    url = f"http://127.0.0.1:{closed_port()}/api/v1"
    result = CliRunner().invoke(_app(), ["check", "plugin", url, "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["kind"] == "plugin" and data["failed"] == 1


@pytest.mark.parametrize(
    "args",
    [
        ["check", "plugin", "localhost:8080"],
        ["check", "module", "ftp://x"],
        ["check", "plugin", "http://h/api/v1", "--config", "oops"],
        ["check", "plugin", "http://h/api/v1", "--timeout", "0"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 2, result.output
