"""`scaffold registry-check` and its library: private registry settings checked before npm runs.

CASES is shared with test_registry_script.py, which runs the project's own node script on the
same folders: both checks must agree on every case.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer
import yaml
from typer.testing import CliRunner

from scaffold.cli import registry_cmd
from scaffold.codegen.header import header_text
from scaffold.errors import RegistryConfigError
from scaffold.redact import shown_url
from scaffold.registry import check_registry
from scaffold.registry.config import rules_from_spec
from scaffold.registry.env_expand import expand, references, written
from scaffold.registry.npmrc import npm_settings, parse_npmrc
from scaffold.registry.placeholders import is_placeholder_host
from scaffold.registry.registry_url import parse_registry_url, suggested_key
from scaffold.specs.loader import load_spec_file
from tests.cli_runner import run_scaffold
from tests.conftest import MODULE_SPEC, REPO

# Registries of the cases: `.test` is reserved for tests (RFC 6761) yet no placeholder, since a team
# may run a registry there; `npm.example.com` is one, and both checks refuse it (issue 27, point 5).
REGISTRY = "https://npm.acme.test/repository/npm/"
DART = "//npm.acme.test/repository/npm/"
GOOD_ENV = {
    "REGISTRY_USERNAME": "ci",
    "REGISTRY_PASSWORD_BASE64": "cGFzc3dvcmQ=",
    "REGISTRY_EMAIL": "ci@example.com",
}
NPMRC = (
    "# comment with ${NOT_A_REFERENCE}\n"
    f"@ui-kit:registry={REGISTRY}\n"
    f"@platform:registry={REGISTRY}\n"
    f"{DART}:username=${{REGISTRY_USERNAME}}\n"
    f"{DART}:_password=${{REGISTRY_PASSWORD_BASE64}}\n"
    f"{DART}:email=${{REGISTRY_EMAIL}}\n"
)
UI_KIT = {"@ui-kit/ui": "1.17.1"}
COPIER_QUESTIONS = yaml.safe_load(
    (REPO / "templates" / "module-python" / "copier.yml").read_text(encoding="utf-8")
)
TEMPLATE_PLACEHOLDER = COPIER_QUESTIONS["registry_url"]["default"]  # new-module's, without --registry-url


def placeholder_npmrc(url: str) -> str:
    """NPMRC with both scopes at `url` and the credentials keyed to it, as the template writes it."""
    return NPMRC.replace(REGISTRY, url).replace(DART, suggested_key(url))


# Issue 24, finding 5: a registry whose URL holds a token (Gemfury's form), by reference.
FURY = "https://npm.fury.test/${FURY_TOKEN}/acme/"
FURY_NPMRC = f"@ui-kit:registry={FURY}\n//npm.fury.test/${{FURY_TOKEN}}/acme/:_authToken=${{NPM_TOKEN}}\n"
FURY_ENV = {"FURY_TOKEN": "fury0path1token2secret", "NPM_TOKEN": "npm-token-s3cret"}


@dataclass(frozen=True)
class Case:
    name: str
    env: dict[str, str] = field(default_factory=lambda: dict(GOOD_ENV))
    dependencies: dict[str, str] = field(default_factory=lambda: dict(UI_KIT))
    npmrc: str | None = NPMRC
    problems: tuple[str, ...] = ()  # empty: the check passes
    secrets: tuple[str, ...] = ()  # values no output may contain, whatever the outcome
    shown: str | None = None  # how the success line shows the @ui-kit registry, when it passes

    @property
    def needed(self) -> bool:
        return any(name.startswith(("@ui-kit/", "@platform/")) for name in self.dependencies)


CASES = [
    Case(
        "no private package: silent pass, even without .npmrc",
        env={},
        dependencies={"react": "18.3.1"},
        npmrc=None,
    ),
    Case("usable configuration"),
    Case("private package in devDependencies only", dependencies={"@platform/frontend-shared": "1.3.53"}),
    Case(
        "unset password",
        env={k: v for k, v in GOOD_ENV.items() if k != "REGISTRY_PASSWORD_BASE64"},
        problems=("REGISTRY_PASSWORD_BASE64 is not set", "line 5"),
    ),
    Case(
        "empty username", env={**GOOD_ENV, "REGISTRY_USERNAME": ""}, problems=("REGISTRY_USERNAME is empty",)
    ),
    Case(
        "unset email",
        env={k: v for k, v in GOOD_ENV.items() if k != "REGISTRY_EMAIL"},
        problems=("REGISTRY_EMAIL is not set",),
    ),
    Case(
        "plain password instead of base64",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "hunter2"},
        problems=("REGISTRY_PASSWORD_BASE64 must be the password encoded as base64", "not a multiple of 4"),
    ),
    Case(
        "base64 with a trailing newline",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "cGFzc3dvcmQ=\n"},
        problems=("whitespace or a line break",),
    ),
    Case(
        "characters outside the alphabet",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "pa$$word"},
        problems=("outside the base64 alphabet",),
    ),
    Case(
        "nothing set at all",
        env={},
        problems=(
            "REGISTRY_USERNAME is not set",
            "REGISTRY_PASSWORD_BASE64 is not set",
            "REGISTRY_EMAIL is not set",
        ),
    ),
    Case(
        "scope without a registry line",
        npmrc=NPMRC.replace(f"@platform:registry={REGISTRY}\n", ""),
        dependencies={**UI_KIT, "@platform/frontend-shared": "1.3.53"},
        problems=("@platform/frontend-shared need(s) `@platform:registry=URL`",),
    ),
    Case(
        "literal secret in .npmrc",
        npmrc=NPMRC.replace("${REGISTRY_PASSWORD_BASE64}", "cGFzc3dvcmQ="),
        problems=("holds a literal secret", "_password=${REGISTRY_PASSWORD_BASE64}"),
    ),
    Case(
        "no credentials for the registry",
        npmrc=f"@ui-kit:registry={REGISTRY}\n",
        problems=("has no credentials for the registry", f"{DART}:username=${{REGISTRY_USERNAME}}"),
    ),
    Case(
        "credentials keyed to a parent path, as npm allows",
        npmrc=NPMRC.replace(f"{DART}:", "//npm.acme.test/:"),
    ),
    Case(
        "a token instead of a password",
        env={"NPM_TOKEN": "abc"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN}}\n",
    ),
    Case(
        "an unset token",
        env={},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN}}\n",
        problems=("NPM_TOKEN is not set",),
    ),
    Case("missing .npmrc", npmrc=None, problems=(".npmrc is missing",)),
    Case(
        "registry URL from an unset variable",
        npmrc=NPMRC.replace(f"@ui-kit:registry={REGISTRY}", "@ui-kit:registry=${UI_KIT_REGISTRY}"),
        problems=("UI_KIT_REGISTRY is not set", "not an http(s) URL"),
    ),
    # -- issue 24, finding 5: no output holds a credential; variables expand as npm expands them --
    Case(
        "token in the registry path, credentials keyed with the same variable",
        env=FURY_ENV,
        npmrc=FURY_NPMRC,
        secrets=tuple(FURY_ENV.values()),
        shown=FURY,
    ),
    Case(
        "token in the registry path, its variable unset",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc=FURY_NPMRC,
        problems=("FURY_TOKEN is not set", "line 1", "line 2"),
        secrets=("npm-token-s3cret",),
    ),
    Case(
        "token in the registry path, no credentials for it",
        env=FURY_ENV,
        npmrc=f"@ui-kit:registry={FURY}\n",
        problems=(
            f"has no credentials for the registry {FURY}",
            "`//npm.fury.test/${FURY_TOKEN}/acme/:username=${REGISTRY_USERNAME}`",
        ),
        secrets=tuple(FURY_ENV.values()),
    ),
    Case(
        "whole registry URL from a variable that holds a token",
        env={"UI_KIT_REGISTRY": "https://npm.fury.test/fury0path1token2secret/acme/"},
        npmrc="@ui-kit:registry=${UI_KIT_REGISTRY}\n",
        problems=("has no credentials for the registry ${UI_KIT_REGISTRY}", "//npm.fury.test/***/acme/"),
        secrets=("fury0path1token2secret",),
    ),
    Case(
        "user and password in the registry URL",
        npmrc=NPMRC.replace(REGISTRY, "https://ci:hunter2-Pa55word@npm.acme.test/repository/npm/", 1),
        problems=("carries credentials", "`https://***@npm.acme.test/repository/npm/`"),
        secrets=("hunter2-Pa55word",),
    ),
    Case(
        "user and password in the registry URL, by variables",
        env={**GOOD_ENV, "URL_PASSWORD": "hunter2-Pa55word"},
        npmrc=NPMRC.replace(REGISTRY, "https://ci:${URL_PASSWORD}@npm.acme.test/repository/npm/", 1),
        problems=("carries credentials", "`https://***@npm.acme.test/repository/npm/`"),
        secrets=("hunter2-Pa55word",),
    ),
    Case(
        "shell default syntax is not npm's",
        env={},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN:-literal-s3cret-token}}\n",
        problems=("`${NPM_TOKEN:-...}`", "is not npm syntax", "write `${NPM_TOKEN}` and set NPM_TOKEN"),
        secrets=("literal-s3cret-token",),
    ),
    Case(
        "shell default syntax with the variable set is still a lookup of another name",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN:-literal-s3cret-token}}\n",
        problems=("is not npm syntax",),
        secrets=("literal-s3cret-token", "npm-token-s3cret"),
    ),
    Case(
        "escaped reference is literal text",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=\\${{NPM_TOKEN}}\n",
        problems=("line 2 holds a literal secret",),
        secrets=("npm-token-s3cret",),
    ),
    Case(
        "optional reference to an unset token",
        env={},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN?}}\n",
        problems=("NPM_TOKEN is not set",),
    ),
    Case(
        "literal token in the registry path is masked",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc="@ui-kit:registry=https://npm.fury.test/AbCd0123EfGh4567ijkl/acme/\n"
        "//npm.fury.test/AbCd0123EfGh4567ijkl/acme/:_authToken=${NPM_TOKEN}\n",
        secrets=("AbCd0123EfGh4567ijkl", "npm-token-s3cret"),
        shown="https://npm.fury.test/***/acme/",
    ),
    Case(
        "credentials under the registry path without its trailing slash, as npm walks",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART.rstrip('/')}:_authToken=${{NPM_TOKEN}}\n",
        secrets=("npm-token-s3cret",),
    ),
    Case(
        "an inline comment after the URL",
        npmrc=NPMRC.replace(f"@ui-kit:registry={REGISTRY}", f"@ui-kit:registry = {REGISTRY} ; mirror"),
        shown=REGISTRY,
    ),
    Case(
        "credentials after a [section] header are not npm's top level",
        env={"NPM_TOKEN": "npm-token-s3cret"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n[npm]\n{DART}:_authToken=${{NPM_TOKEN}}\n",
        problems=("has no credentials for the registry",),
    ),
    Case(
        "a key that expands to the credential key",
        env={**GOOD_ENV, "REGISTRY_HOST": "npm.acme.test"},
        npmrc=NPMRC.replace(f"{DART}:", "//${REGISTRY_HOST}/repository/npm/:"),
    ),
    # -- issue 27, point 5: a placeholder registry is refused in one sentence, before npm says ENOTFOUND --
    Case(
        "the placeholder new-module writes without --registry-url",
        npmrc=placeholder_npmrc(TEMPLATE_PLACEHOLDER),
        problems=(
            f"/.npmrc line 2 (@ui-kit -> `{TEMPLATE_PLACEHOLDER}`) points at a placeholder host",
            "write your registry's URL in that line and in the credential keys that repeat it "
            "(`//npm.example.invalid/repository/npm/:...`)",
            "`scaffold new-module --registry-url URL`.",
        ),
    ),
    Case(
        "both scopes at the placeholder: one sentence naming both lines",
        dependencies={**UI_KIT, "@platform/frontend-shared": "1.3.53"},
        env={},  # unset variables are not reported beside it: the credential keys change with the URL
        npmrc=placeholder_npmrc(TEMPLATE_PLACEHOLDER),
        problems=(
            "line 2 (@ui-kit -> `https://npm.example.invalid/repository/npm/`) and line 3 (@platform -> "
            "`https://npm.example.invalid/repository/npm/`) point at a placeholder host",
            "in those lines",
        ),
    ),
    Case(
        "example.com, as in the docs",
        npmrc=placeholder_npmrc("https://npm.example.com/repository/npm/"),
        problems=("points at a placeholder host", "`//npm.example.com/repository/npm/:...`"),
    ),
    Case(
        "*.example.* host, uppercase, with a port and a trailing dot",
        npmrc=placeholder_npmrc("https://NPM.Example.Test.:8443/npm/"),
        problems=("line 2 (@ui-kit -> `https://NPM.Example.Test.:8443/npm/`) points at a placeholder",),
    ),
    Case(
        ".example top-level domain",
        npmrc=placeholder_npmrc("https://registry.example/npm/"),
        problems=("points at a placeholder host",),
    ),
    Case(
        "a placeholder that comes from a variable",
        env={**GOOD_ENV, "UI_KIT_REGISTRY": "https://npm.example.org/npm/"},
        npmrc=NPMRC.replace(f"@ui-kit:registry={REGISTRY}", "@ui-kit:registry=${UI_KIT_REGISTRY}"),
        problems=("line 2 (@ui-kit -> `${UI_KIT_REGISTRY}`) points at a placeholder host",),
    ),
    Case(
        "a placeholder scope no package uses: silent pass (rule 1)",
        env={},
        dependencies={"react": "18.3.1"},
        npmrc=placeholder_npmrc(TEMPLATE_PLACEHOLDER),
    ),
    Case(
        "a placeholder only for the scope not in use",
        npmrc=NPMRC.replace(f"@platform:registry={REGISTRY}", f"@platform:registry={TEMPLATE_PLACEHOLDER}"),
        shown=REGISTRY,
    ),
    Case(
        "a registry proxy on localhost is no placeholder",
        npmrc=placeholder_npmrc("http://localhost:4873/"),
        shown="http://localhost:4873/",
    ),
]


def make_frontend(root: Path, case: Case) -> Path:
    """A frontend folder as scaffold makes it, with the case's package.json and .npmrc."""
    frontend = root / "frontend"
    (frontend / "src" / "contract").mkdir(parents=True)
    package = {"name": "x-frontend", "private": True, "devDependencies": case.dependencies}
    (frontend / "package.json").write_text(json.dumps(package), encoding="utf-8")
    if case.npmrc is not None:
        (frontend / ".npmrc").write_text(case.npmrc, encoding="utf-8")
    spec = load_spec_file(MODULE_SPEC)
    rules = rules_from_spec(spec.data).to_json(header_text(spec))
    (frontend / "src" / "contract" / "registry.json").write_text(rules, encoding="utf-8")
    return frontend


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_library(case: Case, tmp_path: Path) -> None:
    frontend = make_frontend(tmp_path, case)
    if not case.problems:
        result = check_registry(frontend, case.env)
        assert result.needed is case.needed
        assert set(result.registries) == ({"@ui-kit"} if "@ui-kit/ui" in case.dependencies else set()) | (
            {"@platform"} if "@platform/frontend-shared" in case.dependencies else set()
        )
        if case.shown is not None:
            assert result.registries["@ui-kit"] == case.shown
        assert_no_secret(repr(result.registries), case)
        return
    with pytest.raises(RegistryConfigError) as caught:
        check_registry(frontend, case.env)
    message = str(caught.value)
    for problem in case.problems:
        assert problem in message
    assert_no_secret(message, case)


def assert_no_secret(output: str, case: Case) -> None:
    """No credential of the case in `output`, nor any variable value longer than 3 characters."""
    for value in (
        *case.secrets,
        *(v for k, v in case.env.items() if k not in ("REGISTRY_USERNAME", "REGISTRY_EMAIL")),
    ):
        if len(value) > 3:
            assert value not in output, f"a credential leaked: {value!r} in {output!r}"


def test_project_root_is_accepted_as_well_as_the_frontend(tmp_path: Path) -> None:
    make_frontend(tmp_path, Case("root"))
    assert check_registry(tmp_path, GOOD_ENV).frontend == (tmp_path / "frontend").resolve()
    with pytest.raises(RegistryConfigError, match="no package.json"):
        check_registry(tmp_path / "frontend" / "src", GOOD_ENV)


# What npm 11 does (read in @npmcli/config's env-replace.js and `ini`, confirmed with `npm config
# get` on this machine); test_registry_npm_parity.py runs the real npm on the same table.
EXPANSIONS = [
    ("${A}", {"A": "x"}, "x"),
    ("${A}", {}, "${A}"),  # unset: the reference stays, literally
    ("${A}", {"A": ""}, ""),
    ("${A?}", {}, ""),  # optional: empty when unset
    ("${A?}", {"A": "x"}, "x"),
    ("${A:-fallback}", {"A": "x"}, "${A:-fallback}"),  # no shell defaults: a name with ":-" in it
    ("${A?x}", {"A": "x"}, "${A?x}"),
    ("\\${A}", {"A": "x"}, "${A}"),  # one backslash escapes
    ("\\\\${A}", {"A": "x"}, "\\x"),  # two: one is kept, the reference is replaced
    ("\\\\\\${A}", {"A": "x"}, "\\${A}"),
    ("${A}${B}", {"A": "1", "B": "${A}"}, "1${A}"),  # one pass, no recursion
    ("$A {A} ${} ${A", {"A": "x"}, "$A {A} ${} ${A"),
]


@pytest.mark.parametrize(("text", "env", "expected"), EXPANSIONS)
def test_expansion_is_npms(text: str, env: dict[str, str], expected: str) -> None:
    assert expand(text, env) == expected


def test_references_and_their_written_form() -> None:
    assert [r.name for r in references("${A}\\${B}${C?}")] == ["A", "C"]
    assert written("x${NPM_TOKEN:-literal-secret}y${A?}") == "x${NPM_TOKEN:-...}y${A?}"
    assert written("${A/B}") == "${A...}"


# `ini` as npm uses it: the file text -> (key, value, is text) at npm's top level.
INI = [
    ("a = 'x'", ("a", "x", True)),
    ('a = "x\\u0041"', ("a", "xA", True)),  # double quotes are JSON
    ("a = 'x' ; no comment inside quotes", ("a", "'x'", True)),  # not quoted as a whole: comment cut
    ("a = b ; comment", ("a", "b", True)),
    ("a = b#c", ("a", "b", True)),
    ("a = b\\#c", ("a", "b#c", True)),
    ("a = true", ("a", "true", False)),
    ("a", ("a", "true", False)),
    ("a = '12'", ("a", "12", False)),
    ("  ; a = b", None),
    ("[section]", None),
]


@pytest.mark.parametrize(("line", "expected"), INI)
def test_ini_lines(line: str, expected: tuple[str, str, bool] | None) -> None:
    entries = parse_npmrc(line + "\n")
    assert [(e.key, e.value, e.text) for e in entries] == ([expected] if expected else [])


def test_ini_order_lines_and_sections() -> None:
    entries = parse_npmrc("a=1\r\n\r\n; c\nb=${X}\na=2\nl[]=1\nl[]=2\n[s]\nz=1\n")
    assert [(e.key, e.value, e.line) for e in entries] == [("a", "2", 5), ("b", "${X}", 4), ("l", "1,2", 7)]
    settings = npm_settings(parse_npmrc("//h/${P}/:_authToken=${T}\n"), {"P": "p", "T": "t"})
    assert list(settings) == ["//h/p/:_authToken"] and settings["//h/p/:_authToken"].value == "t"


def test_npm_credential_keys() -> None:
    url = parse_registry_url("https://NPM.example.com:443/a/./b")
    assert url is not None and url.auth_keys() == [
        "//npm.example.com/a/b/",
        "//npm.example.com/a/b",
        "//npm.example.com/a/",
        "//npm.example.com/a",
        "//npm.example.com/",
        "//npm.example.com",
    ]
    assert parse_registry_url("http://h:8080/{x}/").auth_keys()[0] == "//h:8080/%7Bx%7D/"  # type: ignore[union-attr]
    assert parse_registry_url("ftp://h/") is None and parse_registry_url("${X}") is None


# Registry hosts (in https://HOST/npm/): placeholders are names reserved for examples or for
# names that never resolve (RFC 2606, RFC 6761); a local registry proxy is none.
PLACEHOLDER_HOSTS = [
    ("npm.example.invalid", True),  # the template's default
    ("npm.example.invalid.", True),
    ("x.invalid:4873", True),
    ("example.com", True),
    ("npm.example.com", True),
    ("example.org:8080", True),
    ("npm.example.net", True),
    ("npm.example.test", True),
    ("registry.example.co.uk", True),
    ("registry.example", True),
    ("npm.%65xample.com", True),  # Node's URL decodes it; the Python twin must not be fooled
    ("localhost", False),
    ("localhost:4873", False),
    ("registry.localhost", False),
    ("verdaccio:4873", False),
    ("npm.acme.test", False),
    ("127.0.0.1:4873", False),
    ("[::1]:4873", False),
    ("examples.com", False),
    ("myexample.com", False),
    ("nexus.example-corp.com", False),
    ("registry.npmjs.org", False),
]


@pytest.mark.parametrize(("host", "placeholder"), PLACEHOLDER_HOSTS)
def test_placeholder_hosts(host: str, placeholder: bool) -> None:
    url = parse_registry_url(f"https://{host}/npm/")
    assert url is not None and is_placeholder_host(url.host) is placeholder


def test_shown_urls_hold_no_credentials() -> None:
    assert shown_url("https://u:p@h/${T}/a/?token=x#y") == "https://***@h/${T}/a/?***#***"
    assert shown_url("https://h/${T?}/npm_abcdefgh1234/") == "https://h/${T?}/***/"
    assert shown_url("https://h/repository/npm-private/") == "https://h/repository/npm-private/"
    assert shown_url("https://h/\x1b[31m/") == "https://h/\\u001b[31m/"


def cli() -> typer.Typer:
    app = typer.Typer()
    registry_cmd.register(app)

    @app.callback()
    def root() -> None:
        """Command group, so the command keeps its name."""

    return app


def test_cli_passes_silently_without_private_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_frontend(tmp_path, CASES[0])
    result = CliRunner().invoke(cli(), ["registry-check", str(tmp_path)])
    assert result.exit_code == 0 and result.output == ""


def test_cli_reports_a_usable_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_frontend(tmp_path, Case("ok"))
    for key, value in GOOD_ENV.items():
        monkeypatch.setenv(key, value)
    result = CliRunner().invoke(cli(), ["registry-check", str(tmp_path / "frontend")])
    assert result.exit_code == 0
    assert f"@ui-kit -> {REGISTRY}" in result.output


def test_cli_raises_the_scaffold_error_for_the_app_to_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_frontend(tmp_path, Case("bad"))
    for key in GOOD_ENV:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli(), ["registry-check"])
    assert isinstance(result.exception, RegistryConfigError)
    assert "REGISTRY_PASSWORD_BASE64 is not set" in str(result.exception)


LEAKY = [case for case in CASES if case.secrets]


@pytest.mark.parametrize("case", LEAKY, ids=[c.name for c in LEAKY])
def test_the_command_prints_no_credential(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24, finding 5, end to end: `scaffold registry-check` in a child process, as a user runs it."""
    frontend = make_frontend(tmp_path, case)
    for name in {name for each in CASES for name in each.env}:
        monkeypatch.delenv(name, raising=False)  # the child sees only the case's variables
    result = run_scaffold(["registry-check", str(frontend)], env=case.env, timeout=60)
    assert result.returncode == (1 if case.problems else 0), result.stderr
    assert_no_secret(result.stdout + result.stderr, case)
    if case.shown is not None:
        assert f"@ui-kit -> {case.shown}" in result.stdout


@pytest.mark.parametrize(
    ("url", "secret", "message"),
    [
        ("https://ci:hunter2-Pa55word@npm.example.com/npm/", "hunter2-Pa55word", "carries credentials"),
        ("https://npm.example.com/npm/?token=s3cret-query-token", "s3cret-query-token", "without query"),
    ],
)
def test_new_module_refuses_a_registry_url_with_credentials_without_echoing_them(
    url: str, secret: str, message: str, tmp_path: Path
) -> None:
    """`new-module --registry-url` would write the URL into .npmrc and the README: no secrets there."""
    result = run_scaffold(["new-module", str(tmp_path / "acme-map"), "--registry-url", url, "--defaults"])
    assert result.returncode == 1
    assert message in result.stderr
    assert secret not in result.stdout + result.stderr
    assert list(tmp_path.iterdir()) == []
