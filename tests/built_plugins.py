"""The TypeScript and Go plugins scaffold makes, checked and built once per run, for tests that read them.

test_plugin_typescript.py and test_plugin_go.py (the example: the registry's checks, then served)
and test_ci_files.py (the example: its CI's install and build, before the contract and Schemathesis
steps) each scaffolded the same project and built it again: about 11 s of CPU for `npm run build`
alone, and the Go project's packages compiled again in each new folder (Go's build cache is keyed
by the folder). For one template version, language and answers, `create_project` makes the same
files (test_ci_files' default answers are the example's `acme-sales`); the one difference is
`.copier-answers.yml`'s `_src_path`, the template store of the scaffold home it was made with,
which only `scaffold upgrade` reads, and none of these tests upgrades these projects.

So each such project is made once per run (the first worker that needs it makes it, the others
wait: tests/run_once.py), with the worker's isolated scaffold home (tests/conftest.py), and passes
what its CI runs: the registry's install (`npm ci` from the shared node_modules of
tests/node_install.py; `go mod download`), every check of the language in order (eslint and
prettier, tsc, vitest, `npm run build`; gofmt through `make fmt-check`, `go vet`, `go test -race`,
`go build ./...`), then the build its CI's contract job runs before it starts the service (BUILD).
A failing check fails the first test that asks for the project, with the command's output.

Tests only read these folders (serve them, read their files); one that changes a file works on
`copy_project`'s copy. A scratch npm project that needs the plugin's tools takes its manifests and
shared install with `plugin_node_modules` (tests/functional/test_secrets_across_languages.py).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scaffold.contracts import LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.templates.store import current_version
from tests.functional.test_plugin_harness import scaffold_home
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules
from tests.run_once import once_per_run

NAME = "acme-sales"
# What the CI of a compiled plugin runs before it starts the service, after the registry's install.
BUILD = {"typescript": "npm run build", "go": f"go build -o bin/plugin ./cmd/{NAME}"}
# Caches tools write into node_modules (vitest's results): a copy gets none rather than a shared file.
NODE_CACHES = (".vite", ".cache")


def _run(command: str, cwd: Path, language: str) -> None:
    result = subprocess.run(
        command.split(),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=go_environment() if language == "go" else None,
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"


def built_plugin(language: str, factory: pytest.TempPathFactory, *, example: bool = True) -> Path:
    """acme-sales in `language` (the example data source, or the `--no-example` starter), its CI's
    install, checks and build passed; made once per run. Read it, or change a `copy_project`."""
    kind = KINDS["plugin"].for_language(language)
    if language == "typescript":
        assert shutil.which("npm"), "npm is needed for a TypeScript plugin (install Node.js 20 and npm)"
    named = LANGUAGES[language]
    commands = [*named.checks, *([] if BUILD[language] in named.checks else [BUILD[language]])]

    def make(folder: Path) -> dict[str, str]:
        root = _created(language, folder / NAME, factory, example=example)
        if language == "typescript":
            install_node_modules(root, factory)  # `npm ci`, once per run for this lock file
        else:
            _run(named.install, root, language)
        for command in commands:
            _run(command, root, language)
        return {}

    version = current_version(kind.template)
    name = f"plugin-{language}-{version}-{'example' if example else 'starter'}"
    return once_per_run(factory, name, make)[0] / NAME


def _created(language: str, root: Path, factory: pytest.TempPathFactory, *, example: bool = True) -> Path:
    """acme-sales in `language`, as `create_project` makes it, with the worker's scaffold home."""
    kind = KINDS["plugin"].for_language(language)
    with scaffold_home(
        factory.getbasetemp() / "scaffold-home"
    ):  # module fixtures start before conftest's home
        answers = {"project_name": NAME, "example": example}
        create_project(NewProjectOptions(kind=kind, destination=root, answers=answers))
    return root


def plugin_node_modules(destination: Path, factory: pytest.TempPathFactory) -> None:
    """The TypeScript plugin's package.json and package-lock.json written into `destination`, and
    node_modules as `npm ci` makes them from those: the install the built plugins share
    (tests/node_install.py), hard-linked. A scratch npm project that needs the plugin's tools
    (typescript, vitest, @types/node at the plugin's versions) gets them without an install of its own."""
    template = _created("typescript", factory.mktemp("plugin-manifests") / NAME, factory)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(template / name, destination / name)
    install_node_modules(destination, factory)


def copy_project(source: Path, destination: Path) -> Path:
    """A project of its own: the files copied, node_modules hard-linked (`cp -al`, as
    tests/node_install.py gives it) without the caches tools rewrite there."""
    shutil.copytree(source, destination, symlinks=True, ignore=shutil.ignore_patterns("node_modules"))
    if (source / "node_modules").is_dir():
        subprocess.run(
            ["cp", "-al", str(source / "node_modules"), str(destination / "node_modules")], check=True
        )
        for cache in NODE_CACHES:
            shutil.rmtree(destination / "node_modules" / cache, ignore_errors=True)
    return destination
