"""`scaffold dev` for a TypeScript plugin service: the runner's checks, its commands, the layout's choice.

No real node or tsc here: a fake `node` (a shell script) stands in for both, since the build runs
`node node_modules/typescript/bin/tsc …`; it records its arguments, writes what tsc would write or
fails as tsc fails. tests/functional/test_dev_reload_typescript.py runs the real ones.
"""

from __future__ import annotations

import os
import signal
import textwrap
from pathlib import Path

import pytest

from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import BUILD_LABEL, SERVICE_LABEL, plan_service
from scaffold.dev.runners import runners_of, service_runner
from scaffold.dev.runners import typescript as ts
from scaffold.errors import DevServiceError, InterruptedByUser, ProjectError, ToolMissingError


def fake_node(folder: Path, version: str = "v20.19.0", build: str = "") -> Path:
    """A `node` that answers --version with `version` and runs `build` (sh) for anything else."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "node"
    lines = [
        "#!/bin/sh",
        f'if [ "$1" = "--version" ]; then echo "{version}"; exit 0; fi',
        f'echo "$@" >> "{folder}/calls"',
        build,
    ]
    program.write_text("\n".join(lines) + "\n", encoding="utf-8")
    program.chmod(0o755)
    return program


def ts_layout(root: Path, *, installed: bool = True, locales: bool = True) -> ProjectLayout:
    """A TypeScript plugin's files as the runner looks at them."""
    root.mkdir(parents=True, exist_ok=True)
    (root / ts.BUILD_CONFIG).write_text("{}", encoding="utf-8")
    if installed:
        tsc = root / ts.TSC
        tsc.parent.mkdir(parents=True)
        tsc.write_text("// tsc", encoding="utf-8")
    if locales:
        (root / "locales").mkdir()
    return ProjectLayout(root=root, kind="plugin", package="acme_sales", language="typescript")


WRITES_DIST = 'mkdir -p dist && echo "// main" > dist/main.js'


# --- which runner: the project's recorded language ---------------------------------------------


def test_the_layout_takes_the_projects_language_and_the_runner_follows_it(tmp_path: Path) -> None:
    default = ProjectLayout(tmp_path, "plugin", "acme_sales")
    typescript = ProjectLayout(tmp_path, "plugin", "acme_sales", language="typescript")
    assert default.service.language == "python" and service_runner(default) is runners_of("python")[0]
    assert typescript.service.language == "typescript"
    assert service_runner(typescript) is runners_of("typescript")[0]
    assert typescript.service.folder == default.service.folder and typescript.service_dir == tmp_path
    node, python = runners_of("typescript")[0], runners_of("python")[0]
    assert node is not None and node.program_name == "Node.js"
    assert python is not None and python.watch_build is None


# --- node -----------------------------------------------------------------------------------------


def test_python_is_refused_for_a_typescript_service(tmp_path: Path) -> None:
    with pytest.raises(
        DevServiceError, match=r"--python .* is TypeScript, run by the node on PATH; drop --python"
    ):
        ts.choose_node(Path("/usr/bin/python3"), {"PATH": str(tmp_path)})


def test_node_is_the_one_on_the_services_path(tmp_path: Path) -> None:
    node = fake_node(tmp_path / "bin")
    assert ts.choose_node(None, {"PATH": str(tmp_path / "bin")}) == node
    (tmp_path / "empty").mkdir()
    with pytest.raises(ToolMissingError, match=r"node is not on PATH.*install Node\.js 20\.19\+"):
        ts.choose_node(None, {"PATH": str(tmp_path / "empty")})


@pytest.mark.parametrize("version", ["v20.19.0", "v20.20.2", "v22.1.0", "v24.0.0-nightly"])
def test_a_node_as_new_as_the_templates_engines_is_accepted(tmp_path: Path, version: str) -> None:
    ts.check_node(fake_node(tmp_path, version), {})


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        (
            "v18.19.0",
            r"is Node\.js v18\.19\.0, and a TypeScript service needs 20\.19\+ \(its package\.json engines\)",
        ),
        ("v20.18.1", r"is Node\.js v20\.18\.1, .*install Node\.js 20\.19\+ and put it first on PATH"),
        ("hello", r"--version does not answer a Node\.js version \(hello\)"),
    ],
)
def test_an_older_or_strange_node_names_the_version_needed(
    tmp_path: Path, version: str, expected: str
) -> None:
    with pytest.raises(ToolMissingError, match=expected) as caught:
        ts.check_node(fake_node(tmp_path, version), {})
    assert "\n" not in str(caught.value)


def test_a_node_that_cannot_run(tmp_path: Path) -> None:
    text = tmp_path / "node"
    text.write_text("not a program", encoding="utf-8")
    with pytest.raises(ToolMissingError, match="cannot be run"):
        ts.check_node(text, {})


# --- node_modules and the build config -----------------------------------------------------------


def test_without_node_modules_names_npm_ci_in_the_project(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales", installed=False)
    with pytest.raises(ProjectError) as caught:
        ts.check_installed(layout)
    assert str(caught.value) == (
        f"{layout.root} has no node_modules, so the service cannot be built; run `npm ci` in {layout.root}"
    )


def test_node_modules_without_typescript_names_npm_ci(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales", installed=False)
    (layout.root / "node_modules").mkdir()
    with pytest.raises(ProjectError, match=rf"no TypeScript compiler .*run `npm ci` in {layout.root}$"):
        ts.check_installed(layout)


def test_a_missing_build_config_says_how_to_restore_it(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    (layout.root / ts.BUILD_CONFIG).unlink()
    with pytest.raises(
        ProjectError, match=r"tsconfig\.build\.json is missing.*git checkout -- tsconfig\.build\.json"
    ):
        ts.check_installed(layout)


# --- the build before the start --------------------------------------------------------------


def test_prepare_checks_builds_once_and_returns_node(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    node = fake_node(tmp_path / "bin", build=WRITES_DIST)
    path = os.pathsep.join([str(tmp_path / "bin"), os.defpath])
    assert ts.prepare_service(layout, None, {"PATH": path}) == node
    assert (layout.root / "dist" / "main.js").is_file()
    (call,) = (tmp_path / "bin" / "calls").read_text(encoding="utf-8").splitlines()
    root = layout.root
    assert call.split() == [
        str(root / ts.TSC), "-p", str(root / "tsconfig.build.json"),
        "--incremental", "--tsBuildInfoFile", str(root / "dist" / ".tsbuildinfo"),
    ]  # fmt: skip


def test_type_errors_alone_do_not_stop_the_start(tmp_path: Path) -> None:
    """tsc exits 2 when it reports errors but wrote dist/ anyway; the watch build shows them again."""
    layout = ts_layout(tmp_path / "acme-sales")
    node = fake_node(
        tmp_path / "bin", build=f'{WRITES_DIST}\necho "src/datasource.ts(1,1): error TS2322: no"\nexit 2'
    )
    ts.build_once(layout, node, {})


def test_a_project_tsc_cannot_compile_is_one_sentence_naming_the_first_error(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    failing = textwrap.dedent(
        """\
        echo "tsconfig.build.json(4,5): error TS5023: Unknown compiler option 'nope'."
        echo "tsconfig.build.json(5,5): error TS5023: Unknown compiler option 'other'."
        exit 1"""
    )
    with pytest.raises(DevServiceError) as caught:
        ts.build_once(layout, fake_node(tmp_path / "bin", build=failing), {})
    message = str(caught.value)
    assert "tsc cannot compile" in message and "error TS5023: Unknown compiler option 'nope'" in message
    assert "'other'" not in message and f"`npm run build` in {layout.root}" in message and "\n" not in message


def test_no_entry_written_is_refused_even_with_exit_0(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    with pytest.raises(DevServiceError, match=r"\(no dist/main\.js was written\)"):
        ts.build_once(layout, fake_node(tmp_path / "bin", build="exit 0"), {})


def test_a_deleted_dist_forgets_the_build_info_so_tsc_writes_everything(tmp_path: Path) -> None:
    """tsc --incremental trusts its build info over the files: without dist/main.js it must go."""
    layout = ts_layout(tmp_path / "acme-sales")
    info = layout.root / ts.BUILD_INFO
    info.parent.mkdir()
    info.write_text("{}", encoding="utf-8")
    seen = tmp_path / "seen"
    node = fake_node(tmp_path / "bin", build=f'test -e dist/.tsbuildinfo && touch "{seen}"\n{WRITES_DIST}')
    ts.build_once(layout, node, {})
    assert not seen.exists()
    info.write_text("{}", encoding="utf-8")  # with dist/main.js there, the build info is kept
    ts.build_once(layout, node, {})
    assert seen.exists()


def test_ctrl_c_during_the_build_is_an_interruption_not_a_compile_error(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    node = fake_node(tmp_path / "bin", build=f"kill -{int(signal.SIGINT)} $$")
    with pytest.raises(InterruptedByUser, match="interrupted while tsc compiled .*nothing was started"):
        ts.build_once(layout, node, {})


# --- what runs ---------------------------------------------------------------------------------


def test_the_service_restarts_on_dist_and_locales_each_watch_path_its_own_argument(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    root = layout.root
    (root / "dist").mkdir()
    assert ts.service_argv(layout, Path("/n/node"), "127.0.0.1", 9130) == (
        "/n/node", "--watch-path", str(root / "dist"), "--watch-path", str(root / "locales"), str(root / "dist/main.js"),
    )  # fmt: skip
    assert not any(arg.startswith("--watch-path=") for arg in ts.service_argv(layout, Path("node"), "h", 1))


def test_a_project_without_locales_watches_dist_only(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales", locales=False)
    (layout.root / "dist").mkdir()
    argv = ts.service_argv(layout, Path("node"), "127.0.0.1", 9131)
    assert argv.count("--watch-path") == 1 and str(layout.root / "locales") not in argv


def test_the_plan_runs_the_service_and_its_watch_build_on_host_and_port(tmp_path: Path) -> None:
    layout = ts_layout(tmp_path / "acme-sales")
    (layout.root / "dist").mkdir()
    plan = plan_service(layout, Path("/n/node"), {"KEEP": "1"}, port=9132)
    service, build = plan.commands
    assert (service.label, build.label) == (SERVICE_LABEL, BUILD_LABEL)
    assert service.argv[0] == "/n/node" and service.argv[-1] == str(layout.root / "dist" / "main.js")
    assert list(build.argv) == [*ts.build_argv(layout, Path("/n/node")), "--watch", "--preserveWatchOutput"]
    for command in (service, build):
        assert command.cwd == layout.root
        assert (command.env["HOST"], command.env["PORT"], command.env["KEEP"]) == ("127.0.0.1", "9132", "1")
    assert plan.service_url == "http://127.0.0.1:9132/api/v1"
    assert plan.probe_url == "http://127.0.0.1:9132/api/v1/well-known"


def test_a_python_plugin_plan_has_no_watch_build(tmp_path: Path) -> None:
    (only,) = plan_service(
        ProjectLayout(tmp_path, "plugin", "acme_sales"), Path("/py"), {}, port=9133
    ).commands
    assert only.label == SERVICE_LABEL
