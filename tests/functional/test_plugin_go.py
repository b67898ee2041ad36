"""A Go plugin (`new-plugin --language go`) builds, checks itself and passes `check`.

Issue 29: the project scaffold makes (the example data source by default, and the `--no-example`
starter) runs the checks its CI would (the registry's Go checks: gofmt through `make fmt-check`, `go vet`,
`go test -race`, `go build`), starts as the binary `go build` makes on a free port, and `scaffold
check plugin` (the platform's emulation) passes against it (`check --fuzz` against the example:
tests/e2e/test_new_plugin_go.py); `regenerate --check`
and `status` read it like the other languages' projects; the strict decoder refuses over real
HTTP what the spec refuses (the strictness twins of the Python and TypeScript plugins' cases live
in the project's own `strict_test.go` and run here through `go test`); the runtime's own Go tests
(scaffold/codegen/go/runtime_files/*_test.go) run beside the generated code of the shipped spec.

The example and the starter are made, checked and built once per run (tests/built_plugins.py); the
example is shared with test_ci_files.py, whose contract and Schemathesis steps start the same
binary (bin/plugin, as the project's CI builds it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import yaml

from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.host.report import render_text
from scaffold.projects.regenerate import regenerate
from scaffold.projects.templates.store import current_version
from scaffold.specs.catalog import load_shipped
from tests.built_plugins import built_plugin
from tests.functional.plugin_example_checks import assert_the_example_passes_check_plugin_with_data
from tests.go_runtime import write_go_module
from tests.go_toolchain import go_environment
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

BINARY = "bin/plugin"  # what the project's CI builds (tests/built_plugins.py BUILD) and starts
JSON_BODY_CASES = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "cases" / "json_bodies.json"
CASES = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "cases"


def _run(command: list[str], cwd: Path, timeout: float = 900, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**go_environment(), **(env or {})},
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default: the example data source, every check of its CI passed, built (read only)."""
    return built_plugin("go", tmp_path_factory)


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`--no-example`: the smallest valid answer in every method (read only)."""
    return built_plugin("go", tmp_path_factory, example=False)


@contextmanager
def _serving(project: Path, tmp_path_factory: pytest.TempPathFactory, **settings: str) -> Iterator[str]:
    env = {**go_environment(), "PLUGIN_STATE_DIR": str(tmp_path_factory.mktemp("go-state")), **settings}
    log = tmp_path_factory.mktemp("go-log") / "plugin.log"
    with serve_command(
        [str(project / BINARY)], cwd=project, env=env, probe_path="/healthz", log_path=log
    ) as origin:
        yield origin


@pytest.fixture(scope="module")
def served(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(project, tmp_path_factory) as origin:
        yield origin


def test_the_project_is_what_the_registry_says_a_go_part_is(project: Path) -> None:
    answers = (project / ".copier-answers.yml").read_text(encoding="utf-8")
    assert "language: go" in answers
    manifest = json.loads((project / ".scaffold" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["files"] and all(path.startswith("internal/contract/") for path in manifest["files"])
    # the Go of CI and the Dockerfile too (tests/unit/test_go_module_and_version.py)
    assert re.match(
        r"module acme-sales\n\ngo \d+\.\d+\.\d+\n", (project / "go.mod").read_text(encoding="utf-8")
    )
    assert "require" not in (project / "go.mod").read_text(encoding="utf-8"), "standard library only"


def test_regenerate_check_and_status_read_it(project: Path) -> None:
    regenerate(project, check=True)
    (status,) = json.loads(
        _run([sys.executable, "-m", "scaffold", "status", str(project), "--json"], project)
    )["projects"]
    assert (status["kind"], status["template_version"], status["state"]) == (
        "plugin",
        current_version("plugin-go"),
        "ok",
    )


def test_the_example_passes_check_plugin_with_data(served: str, project: Path) -> None:
    """Point 5: the TypeScript example's assertions, word for word, against the Go example."""
    assert_the_example_passes_check_plugin_with_data(served, project)


def test_the_starter_passes_its_checks_and_check_plugin(
    starter: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    assert not (starter / "internal" / "example").exists()
    with _serving(starter, tmp_path_factory) as origin:
        report = check_plugin(f"{origin}/api/v1", PluginCheckOptions(timeout=15))
    assert report.ok, render_text(report)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b'{"dataQuery": [{"refID": "A", "maxDataPoints": "5"}]}', 400),
        (b'{"dataQuery": [{"refID": "A", "refID": "B"}]}', 400),
        (b'{"dataQuery": [{"refID": "A", "maxDataPoints": NaN}]}', 400),
        (b'{"dataQuery": []}', 400),
        (
            b'{"dataQuery": [{"refID": "A", "json": "{\\"table\\": \\"servers\\", \\"format\\": \\"table\\"}", "REFID": 5}]}',
            200,
        ),
        (
            b'{"dataQuery": [{"refID": "A", "json": "{\\"table\\": \\"servers\\", \\"format\\": \\"table\\"}", "maxDataPoints": 10.0}]}',
            200,
        ),
    ],
)
def test_strict_bodies_over_http(served: str, body: bytes, status: int) -> None:
    answer = httpx.post(
        f"{served}/api/v1/query/get-result",
        content=body,
        headers={"content-type": "application/json", "accept-language": "en-US"},
    )
    assert answer.status_code == status, answer.text
    if status == 400:
        assert answer.json()["message"].startswith("Request format is wrong: ")
        assert b"REFID" not in answer.content and b"NaN" not in answer.content


def test_the_published_document_is_the_projects_spec(served: str, project: Path) -> None:
    document = httpx.get(f"{served}/openapi.json").json()
    assert document["info"]["version"] == "1.2.0+r3"
    assert document["servers"] == [{"url": "/api/v1", "description": document["servers"][0]["description"]}]


def test_the_dockerfile_passes_hadolint(project: Path) -> None:
    """Multi-stage, a static binary on distroless, non-root, a HEALTHCHECK through the binary itself."""
    result = subprocess.run(
        [str(Path(sys.executable).parent / "hadolint"), "--failure-threshold", "warning", "Dockerfile"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    text = (project / "Dockerfile").read_text(encoding="utf-8")
    assert "CGO_ENABLED=0 go build" in text and "FROM gcr.io/distroless/static-debian12:nonroot" in text
    assert "USER 10001:10001" in text and '"-healthcheck"]' in text


def test_the_kubernetes_manifests_are_valid_and_fit_a_distroless_go_image(project: Path) -> None:
    """The Python and TypeScript plugins' manifests (validated offline the same way), with what a Go
    binary on distroless needs: the kubelet's sleep action before SIGTERM (no sleep binary in the
    image), and GOMEMLIMIT below the container's memory limit."""
    folder = project / "deploy" / "kubernetes"
    manifests = sorted(str(p) for p in folder.glob("*.yaml") if p.name != "kustomization.yaml")
    result = subprocess.run(
        [str(Path(sys.executable).parent / "kubernetes-validate"), "-k", "1.30.0", "--strict", *manifests],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (deployment,) = [
        d for d in yaml.safe_load_all((folder / "deployment.yaml").read_text(encoding="utf-8")) if d
    ]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["lifecycle"]["preStop"] == {"sleep": {"seconds": 5}}
    env = {item["name"]: item.get("value") for item in container["env"]}
    assert env["GOMEMLIMIT"] == "448MiB" and container["resources"]["limits"]["memory"] == "512Mi"
    assert container["image"] == "acme-sales:0.1.0"


def test_the_binary_answers_its_own_healthcheck(served: str, project: Path) -> None:
    port = served.rsplit(":", 1)[1]
    binary = str(project / BINARY)
    up = subprocess.run([binary, "-healthcheck"], env={**os.environ, "PORT": port}, check=False, timeout=30)
    assert up.returncode == 0
    down = subprocess.run([binary, "-healthcheck"], env={**os.environ, "PORT": "9"}, check=False, timeout=30)
    assert down.returncode == 1


def test_the_runtime_tests_pass_beside_the_generated_code(tmp_path: Path) -> None:
    """scaffold/codegen/go/runtime_files/*_test.go, in a module holding the shipped spec's package:
    gofmt-clean, vetted, passing with -race (secrets_test.go among them: test_secrets_go.py's
    scratch module only builds its driver)."""
    module = tmp_path / "runtime"
    write_go_module(module, load_shipped("datasource-plugin"), with_tests=True)
    assert _run(["gofmt", "-l", "."], module) == "", "not gofmt-clean"
    _run(["go", "vet", "./..."], module)
    # jsonbodies_test.go, secrets/secrets_test.go, acceptlanguage/, logging/ (two), erroranswers_test.go,
    # metriccases_test.go, bodylimits/bodylimitcases_test.go, configchecks_test.go, querytexts_test.go and
    # formvalues_test.go read the cases every runtime reads (each fails when its variable is unset)
    cases = {
        "SCAFFOLD_JSON_BODIES": str(JSON_BODY_CASES),
        "SCAFFOLD_SECRET_CASES": str(CASES / "secrets.json"),
        "SCAFFOLD_LOCALE_CASES": str(CASES / "locales.json"),
        "SCAFFOLD_LOG_CASES": str(CASES / "log_lines.json"),
        "SCAFFOLD_ERROR_ANSWERS": str(CASES / "error_answers.json"),
        "SCAFFOLD_METRIC_CASES": str(CASES / "metrics.json"),
        "SCAFFOLD_BODY_LIMIT_CASES": str(CASES / "body_limits.json"),
        "SCAFFOLD_LOG_RECORD_CASES": str(CASES / "log_records.json"),
        "SCAFFOLD_CONFIG_CHECKS": str(CASES / "config_checks.json"),
        "SCAFFOLD_DATA_QUERIES": str(CASES / "data_queries.json"),
        "SCAFFOLD_VARIABLE_EXPANSION": str(CASES / "variable_expansion.json"),
        "SCAFFOLD_FORM_VALUES": str(CASES / "form_values.json"),
    }
    _run(["go", "test", "-race", "./..."], module, env=cases)


def test_the_projects_own_tests_hold_every_answer_against_the_spec(starter: Path, tmp_path: Path) -> None:
    """Issue 29 (the TypeScript plugin's issue 28 point 6, in Go): an answer the spec's schema
    refuses fails the seeded tests, naming the operation and the place.

    Found: the seeded tests checked answers by value only, so a query form field of a type the
    contract does not know (the encoder writes any string of a named enum) passed them all. The
    spec's examples are replayed against contract.Stub since plugin-go 1.4.0 (issue 40 point 4), so
    the team's tests (yours_test.go) ask for the forms of their data source.
    """
    root = tmp_path / "acme-sales"
    shutil.copytree(starter, root, ignore=shutil.ignore_patterns("bin"))
    datasource = root / "internal" / "datasource" / "datasource.go"
    text = datasource.read_text(encoding="utf-8")
    start = text.index("func (d *DataSource) GetQueryConstructorFields")
    smallest = "return []contract.ConstructorField{}, nil"
    at = text.index(smallest, start)
    wrong = 'return []contract.ConstructorField{{Code: "x", Type: contract.Some(contract.ConstructorFieldType("dial"))}}, nil'
    datasource.write_text(text[:at] + wrong + text[at + len(smallest) :], encoding="utf-8")
    result = subprocess.run(
        ["go", "test", "-count=1", "-run", "TestYourFormsAreAsTheContractSays", "./internal/datasource"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        env=go_environment(),
    )
    out = result.stdout + result.stderr
    assert result.returncode != 0, out
    assert (
        "an answer is not as the contract documents it: POST /query/constructor-fields answered 200 "
        "with a body the schema refuses: not as the contract's schema says: 0.type: choice"
    ) in out, out[-3000:]
    assert "--- FAIL: TestYourFormsAreAsTheContractSays" in out, out[-3000:]
