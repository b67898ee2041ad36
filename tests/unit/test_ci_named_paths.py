"""Every file and folder a new project's CI files name exists in the project (issue 40 point 4).

Found (Go): `ci/before-check.sh` showed `go run ./internal/datasource/testdata/standin`, a stand-in
no Go project has; a team following it got "directory not found" in CI. Here each template's CI
files (both CI systems' and its `ci/` scripts, comments included: a comment is what a team copies)
are read from a project made in-process, every path-like token in them is taken out, and each must
be in the project, or be one CI makes itself (a build's output, a cache folder).

Found (Python): its `ci/before-check.sh` showed `python -m tests.stand_in`, a module no Python
project has; a module run with `python -m` counts as a path here (`tests/stand_in.py` or the
package folder) when its top package is a folder of the project (`python -m pip` names no path of
the project). Each language is a row of LANGUAGES.

Found (TypeScript): `ci/before-check.sh` showed `node test/stand-in.mjs`, a file no TypeScript
project has either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS

CI_FILES = (
    ".github/workflows/ci.yml",
    ".gitlab-ci.yml",
    ".github/workflows/scaffold-upgrade.yml",
    ".gitlab/scaffold-upgrade.yml",
)
SCRIPTS = "ci"
# A token with a slash (`ci/check-config.json`, `./cmd/acme`, `.scaffold/contract.yaml`) or a file
# name with a known extension (`go.mod`, `schemathesis.toml`), not inside a URL, a variable or a
# longer path.
_NOT_AFTER = r"(?<![\w$/.:@{<>-])"
PATH_TOKEN = re.compile(
    _NOT_AFTER + r"(?:\./)?\.?[\w-][\w.-]*(?:/[\w.-]+)+/?"
    r"|" + _NOT_AFTER + r"\.?[\w-]+\.(?:sh|json|toml|ya?ml|mjs|js|ts|py|go|mod|cfg|lock)\b"
)
# What is not a path of the project: GitHub action references, GitLab's name for its settings and
# the branch the scheduled upgrade job pushes.
NOT_PATHS = re.compile(r"^(?:actions/|CI/CD$|scaffold/upgrade$)")
# `python -m package.module`: a module the command runs, named by its dotted path.
MODULE_RUN = re.compile(r"\bpython3? -m ([A-Za-z_][\w.]*)")


@dataclass(frozen=True)
class Language:
    """What a language's CI makes itself before using it (build outputs, caches)."""

    made_by_ci: frozenset[str] = frozenset()


LANGUAGES = {
    "go": Language(made_by_ci=frozenset({"bin/plugin", ".cache/go-build", ".cache/pip"})),
    "python": Language(made_by_ci=frozenset({".cache/pip"})),
    "typescript": Language(made_by_ci=frozenset({"dist/main.js", ".cache/npm", ".cache/pip"})),
}


def named_paths(text: str) -> set[str]:
    """The path-like tokens of a CI file or script, without a leading `./` or trailing `/`."""
    found = set()
    for match in PATH_TOKEN.finditer(text):
        token = match.group(0)
        if NOT_PATHS.match(token):
            continue
        found.add(token.removeprefix("./").rstrip("/"))
    return found


def module_exists(root: Path, dotted: str) -> bool:
    """Whether `python -m dotted` in `root` runs a module of the project, or names none of it."""
    parts = dotted.split(".")
    if not (root / parts[0]).is_dir():
        return True  # an installed tool (`python -m pip`), no path of the project
    path = root.joinpath(*parts)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_a_module_run_is_a_path_of_the_project_only_under_a_project_folder(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "fake_upstream.py").write_text("", encoding="utf-8")
    (tmp_path / "acme_sales").mkdir()
    (tmp_path / "acme_sales" / "__init__.py").write_text("", encoding="utf-8")
    text = "python -m acme_sales &\n#   python -m tests.stand_in 9100\npython -m pip install .\n"
    named = MODULE_RUN.findall(text)
    assert named == ["acme_sales", "tests.stand_in", "pip"]
    assert [module_exists(tmp_path, name) for name in named] == [True, False, True]
    assert module_exists(tmp_path, "tests.fake_upstream")


def test_the_token_reader_finds_paths_and_leaves_urls_and_variables_alone() -> None:
    text = (
        "go build -o bin/plugin ./cmd/acme  # ./... too\n"
        "curl http://127.0.0.1:8080/healthz; PLUGIN_STATE_DIR: ${{ runner.temp }}/plugin-state\n"
        "scaffold check --spec .scaffold/contract.yaml; uses: actions/setup-go@v5; go-version-file: go.mod\n"
        "#   go run ./internal/datasource/testdata/standin 9100 > stand-in.log\n"
    )
    assert named_paths(text) == {
        "bin/plugin",
        "cmd/acme",
        ".scaffold/contract.yaml",
        "go.mod",
        "internal/datasource/testdata/standin",
    }


@pytest.mark.parametrize("example", [True, False], ids=["example", "starter"])
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_path_the_ci_files_name_exists(tmp_path: Path, language: str, example: bool) -> None:
    root = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language(language)
    create_project(
        NewProjectOptions(kind=kind, destination=root, answers={"language": language, "example": example})
    )
    sources = [root / name for name in CI_FILES] + sorted((root / SCRIPTS).glob("*.sh"))
    assert all(source.is_file() for source in sources) and len(sources) > len(CI_FILES)
    made_by_ci = LANGUAGES[language].made_by_ci
    missing = {
        f"{source.relative_to(root)}: {path}"
        for source in sources
        for path in named_paths(source.read_text(encoding="utf-8"))
        if path not in made_by_ci and not (root / path).exists()
    } | {
        f"{source.relative_to(root)}: python -m {module}"
        for source in sources
        for module in MODULE_RUN.findall(source.read_text(encoding="utf-8"))
        if not module_exists(root, module)
    }
    assert not missing, f"the CI files name what the project does not have: {sorted(missing)}"
