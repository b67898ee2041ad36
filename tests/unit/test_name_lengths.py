"""A new project passes its own formatters and linters at every name length, not only at the two
ends (issue 40 point 9).

Found: `scaffold new-plugin weather-station-telemetry-gateway-service --defaults` (41 characters)
made a project whose CI failed at once: `ruff format --check .` rewrapped
`ACCESS_LOGGER = "<package>.access"  # ...` in tests/test_observability.py. The default name fits
on the line and the longest (tests/longest_names.py) cannot fit either way, so the formatter left
both alone; the lengths between were never tried. tests/functional/test_longest_names.py runs a
project's whole CI at the longest name; here every length from 1 to 64 (tests/name_lengths.py) is
rendered in-process, each template once per length, and the rendered files meet the project's own
formatter and linter settings, with one run of each tool over all the lengths:
- Python (the plugin and the module's backend): `ruff format --check` and `ruff check`, each file
  under its project's own pyproject.toml. The Python contract-owned files are written too: the
  import sorter tells the project's own modules by the files present, and the plugin lints them.
  Their generators' two costliest steps read the spec alone (the models, the served OpenAPI
  document: the same text at every length), so the sweep computes each once per spec.
- Go: `gofmt -l` on every .go file the template renders; gofmt's layout does not depend on
  a project's other files, so each distinct file is checked once.
The TypeScript side (the TypeScript plugin, the module's frontend) is not swept: no file prettier
formats there lays out differently with the name's length. A prettier 3.10.1 run (the version the
templates pin) over the TypeScript plugin, with and without the example, and the module's frontend
at all 64 lengths found every file formatted (2026-12-03): the name is there in string literals,
comments, CSS selectors, JSON and YAML values and Markdown text, none on a line prettier would
break or join. The Go contract-owned files are not rendered 64 times (the Go generator costs about
0.4 s of CPU a project): they name the module only in import paths (asserted below at the longest
name), where gofmt's layout does not depend on its length.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from scaffold import __version__
from scaffold.codegen.generator import Answers
from scaffold.codegen.languages import descriptor
from scaffold.codegen.module_contract import read_module_contract
from scaffold.codegen.python import module_backend, plugin_service
from scaffold.contracts import LANGUAGE_ANSWER, MODULE
from scaffold.projects.contract_files import render_contract_files
from scaffold.projects.kinds import KINDS, ProjectKind
from scaffold.projects.project import ANSWERS_FILE
from scaffold.projects.templates.render import current_template_folder, load_template, render_loaded
from scaffold.projects.templates.store import planned_store
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from tests.go_toolchain import go_environment
from tests.longest_names import LONGEST_PROJECT_NAME
from tests.name_lengths import NAMES_OF_EVERY_LENGTH

GO_KIND = KINDS["plugin"].for_language("go")
RUFF = (sys.executable, "-m", "ruff")
PythonFiles = Callable[[SpecDocument, Answers], dict[str, str]]
ANSWERS_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's when present: 64 files a kind


def _plugin_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    return render_contract_files(KINDS["plugin"], spec, answers)


def _module_backend_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    """The backend's share of a module's contract-owned files (the frontend's are TypeScript)."""
    backend = descriptor(MODULE.service().language).module_backend
    assert backend is not None
    return backend(spec, read_module_contract(spec), str(answers["package_name"]), answers)


# template -> its kind, and the contract-owned files of its Python part
PYTHON_KINDS: dict[str, tuple[ProjectKind, PythonFiles]] = {
    "plugin-python": (KINDS["plugin"], _plugin_files),
    "module-python": (KINDS["module"], _module_backend_files),
}


def _render_every_length(kind: ProjectKind, folder: Path, contract_files: PythonFiles | None) -> None:
    """One project of `kind` per name length in `folder`/<name>, rendered as `new-<kind> --defaults`
    renders it (the template's current version), with the `contract_files` given."""
    source = planned_store(kind.template)
    template = load_template(current_template_folder(source))
    spec = load_shipped(kind.contract)
    written: dict[str, Path] = {}  # a contract-owned file's text -> the first file written with it
    for name in NAMES_OF_EVERY_LENGTH:
        project = folder / name
        data = {"project_name": name, "contract_version": spec.version, "scaffold_version": __version__}
        if kind.language:
            data[LANGUAGE_ANSWER] = kind.language
        render_loaded(template, source, source.tag, project, data, {})
        if contract_files is not None:
            answers = yaml.load((project / ANSWERS_FILE).read_text(encoding="utf-8"), Loader=ANSWERS_LOADER)
            for path, text in contract_files(spec, answers).items():
                target = project / path
                target.parent.mkdir(parents=True, exist_ok=True)
                # most are the same text at every length: one copy, linked (some 40 MB less written)
                alike = written.setdefault(text, target)
                if alike == target:
                    target.write_text(text, encoding="utf-8")
                else:
                    os.link(alike, target)


def _once_per_spec(step: Callable[..., str]) -> Callable[..., str]:
    """`step`, a function of a spec and plain values alone, computed once for each set of them."""
    results: dict[tuple[int, tuple[object, ...], tuple[tuple[str, object], ...]], str] = {}
    specs: list[SpecDocument] = []  # kept alive, so no other spec ever has one of their ids

    def once(spec: SpecDocument, *args: object, **options: object) -> str:
        key = (id(spec), args, tuple(sorted(options.items())))
        if key not in results:
            specs.append(spec)
            results[key] = step(spec, *args, **options)
        return results[key]

    return once


@pytest.fixture
def spec_steps_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python generators' spec-only steps computed once per spec (see the docstring above)."""
    for generator in (plugin_service, module_backend):
        for step in ("generate_python_models", "openapi_document_module"):
            monkeypatch.setattr(generator, step, _once_per_spec(getattr(generator, step)))


def _failures(result: subprocess.CompletedProcess[str]) -> str:
    return f"{result.stdout[-6000:]}{result.stderr[-2000:]}"


@pytest.mark.usefixtures("spec_steps_once")
def test_python_projects_of_every_name_length_pass_ruff(tmp_path: Path) -> None:
    """Every Python file of a new plugin and module backend is as `ruff format` writes it and
    passes `ruff check`, at every name length, under the project's own settings."""
    for template, (kind, contract_files) in PYTHON_KINDS.items():
        _render_every_length(kind, tmp_path / template, contract_files)
    # each project's Python part, as its CI runs ruff there; relative, so a failure names the length
    folders = [
        str(Path(template, name, kind.names.service().folder))
        for template, (kind, _) in PYTHON_KINDS.items()
        for name in NAMES_OF_EVERY_LENGTH
    ]
    for check in (["format", "--check"], ["check"]):
        result = subprocess.run(
            [*RUFF, *check, "--no-cache", "--output-format", "concise", *folders],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"ruff {' '.join(check)}:\n{_failures(result)}"


def test_go_projects_of_every_name_length_pass_gofmt(tmp_path: Path) -> None:
    """Every .go file a new Go plugin's template renders is as gofmt writes it, at every length."""
    _render_every_length(GO_KIND, tmp_path / "plugin-go", None)
    distinct: dict[bytes, Path] = {}
    for path in sorted((tmp_path / "plugin-go").rglob("*.go")):
        distinct.setdefault(path.read_bytes(), path)
    checked = tmp_path / "distinct"
    checked.mkdir()
    where: dict[str, Path] = {}
    for content, path in distinct.items():
        copy = checked / f"{hashlib.sha256(content).hexdigest()[:16]}.go"
        copy.write_bytes(content)
        where[copy.name] = path.relative_to(tmp_path)
    result = subprocess.run(
        ["gofmt", "-l", str(checked)], capture_output=True, text=True, env=go_environment(), check=False
    )
    assert result.returncode == 0, result.stderr
    listed = [str(where[Path(line).name]) for line in result.stdout.splitlines()]
    assert not listed, "gofmt would change:\n" + "\n".join(listed)


def test_go_contract_files_name_the_module_only_in_import_paths() -> None:
    """Why the Go sweep above may leave the contract-owned files out: they hold the module path
    (the project name) only as an import path, whose length moves no column gofmt aligns."""
    spec = load_shipped(GO_KIND.contract)
    answers = {
        "project_name": LONGEST_PROJECT_NAME,
        "package_name": LONGEST_PROJECT_NAME.replace("-", "_"),
        LANGUAGE_ANSWER: GO_KIND.service_language,
    }
    import_line = re.compile(rf'^(?:import |\t)"{re.escape(LONGEST_PROJECT_NAME)}/[a-z/]+"$')
    holding = {
        f"{path}:{number}": line
        for path, text in render_contract_files(GO_KIND, spec, answers).items()
        for number, line in enumerate(text.splitlines(), start=1)
        if LONGEST_PROJECT_NAME in line
    }
    assert holding, "the contract files no longer name the module: drop this test's reason above"
    assert {where: line for where, line in holding.items() if not import_line.match(line)} == {}
