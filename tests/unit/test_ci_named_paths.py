"""Every file and folder a new project's CI files name exists in the project (issue 40 point 4).

Found (Go): `ci/before-check.sh` showed `go run ./internal/datasource/testdata/standin`, a stand-in
no Go project has; a team following it got "directory not found" in CI. Here each template's CI
files (both CI systems' and its `ci/` scripts, comments included: a comment is what a team copies)
are read from a project made in-process, every path-like token in them is taken out, and each must
be in the project, or be one CI makes itself (a build's output, a cache folder).

Found (TypeScript): `ci/before-check.sh` showed `node test/stand-in.mjs`, a file no TypeScript
project has either. Each language is a row of HELD (what its CI makes itself); a language joins by
its row.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS

CI_FILES = (".github/workflows/ci.yml", ".gitlab-ci.yml")
SCRIPTS = "ci"
# A token with a slash (`ci/check-config.json`, `./cmd/acme`, `.scaffold/contract.yaml`) or a file
# name with a known extension (`go.mod`, `schemathesis.toml`), not inside a URL, a variable or a
# longer path.
_NOT_AFTER = r"(?<![\w$/.:@{<>-])"
PATH_TOKEN = re.compile(
    _NOT_AFTER + r"(?:\./)?\.?[\w-][\w.-]*(?:/[\w.-]+)+/?"
    r"|" + _NOT_AFTER + r"\.?[\w-]+\.(?:sh|json|toml|ya?ml|mjs|js|ts|py|go|mod|cfg|lock)\b"
)
# What is not a path of the project: GitHub action references and GitLab's name for its settings.
NOT_PATHS = re.compile(r"^(?:actions/|CI/CD$)")
# The languages held to it, each with what its CI makes itself before using it (build outputs,
# caches).
MADE_BY_CI: dict[str, frozenset[str]] = {
    "go": frozenset({"bin/plugin", ".cache/go-build", ".cache/pip"}),
    "typescript": frozenset({"dist/main.js", ".cache/npm", ".cache/pip"}),
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
@pytest.mark.parametrize("language", sorted(MADE_BY_CI))
def test_every_path_the_ci_files_name_exists(tmp_path: Path, language: str, example: bool) -> None:
    root = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language(language)
    create_project(
        NewProjectOptions(kind=kind, destination=root, answers={"language": language, "example": example})
    )
    sources = [root / name for name in CI_FILES] + sorted((root / SCRIPTS).glob("*.sh"))
    assert all(source.is_file() for source in sources) and len(sources) > len(CI_FILES)
    missing = {
        f"{source.relative_to(root)}: {path}"
        for source in sources
        for path in named_paths(source.read_text(encoding="utf-8"))
        if path not in MADE_BY_CI[language] and not (root / path).exists()
    }
    assert not missing, f"the CI files name what the project does not have: {sorted(missing)}"
