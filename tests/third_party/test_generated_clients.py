"""Clients that other teams generate from our specs: they build cleanly and get readable types.

For the newest spec of each contract (the one `scripts/lint_specs.py` gates too):
- openapi-python-client 0.29 (`generate --meta none`, as its README shows) generates a client
  with no warning, and the `models/` and `api/` it generates pass `mypy --strict`. Its own
  `client.py` is left out of the type check (`ignore_errors` for that one module): it is a fixed
  template, the same whatever the spec, and carries 12 strict errors of its own (it passes
  `*args: object` to httpx's `__exit__`), which no spec can fix.
- No generator invents a type name: every enum (and every `...Variables` map) openapi-python-client
  generates, and every enum or union (RootModel) datamodel-code-generator generates, is a named
  schema of the spec, so other languages get `DatasourceFieldType` instead of `Type`, `Type1`,
  `Size`, and one `Variables` type instead of one per request.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from scripts.lint_specs import newest_specs

BIN = Path(sys.executable).parent
NEWEST = newest_specs()


def spec_id(spec: Path) -> str:
    return f"{spec.parent.name}-{spec.stem}"


def components(spec: Path) -> set[str]:
    names = yaml.safe_load(spec.read_text(encoding="utf-8"))["components"]["schemas"]
    return {normal(n) for n in names}


def normal(name: str) -> str:
    """A schema name as a generator turns it into a class name (`FETCH_STATUSES` -> `FETCHSTATUSES`)."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # The generators' post-hooks run `ruff` from PATH: the venv's own.
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


@dataclass(frozen=True)
class Client:
    spec: Path
    package: Path
    output: str


@pytest.fixture(scope="module", params=NEWEST, ids=spec_id)
def client(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    spec: Path = request.param
    root = tmp_path_factory.mktemp(f"client-{spec_id(spec)}")
    package = root / f"{spec.parent.name.replace('-', '_')}_client"
    argv = [str(BIN / "openapi-python-client"), "generate", "--path", str(spec)]
    proc = run([*argv, "--output-path", str(package), "--meta", "none", "--fail-on-warning"], cwd=root)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0 and package.is_dir(), (
        f"openapi-python-client could not generate a client from {spec.name} "
        f"(exit {proc.returncode}):\n{output}"
    )
    yield Client(spec, package, output)


def test_openapi_python_client_generates_without_warnings(client: Client) -> None:
    said = [
        line for line in client.output.splitlines() if line.strip() and not line.startswith("Generating ")
    ]
    assert not said, (
        f"openapi-python-client warned while generating a client from {client.spec.name} "
        "(fix the spec, not the generator):\n" + "\n".join(said)
    )


def test_generated_models_and_api_pass_mypy_strict(client: Client) -> None:
    assert (client.package / "models").is_dir() and (client.package / "api").is_dir()
    config = client.package.parent / "mypy.ini"
    # client.py only: a fixed template with 12 strict errors whatever the spec (see module docstring).
    config.write_text(
        f"[mypy]\nstrict = True\n\n[mypy-{client.package.name}.client]\nignore_errors = True\n",
        encoding="utf-8",
    )
    cache = client.package.parent / ".mypy_cache"
    argv = [sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(cache)]
    proc = run([*argv, client.package.name], cwd=client.package.parent)
    assert proc.returncode == 0, (
        f"the client openapi-python-client generates from {client.spec.name} fails mypy --strict "
        f"(models/ and api/):\n{proc.stdout}{proc.stderr}"
    )


def classes(source: str, bases: tuple[str, ...]) -> list[str]:
    """Names of the top-level classes in `source` with a base whose name is one of `bases`."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            names = {ast.unparse(b).split("[")[0] for b in node.bases}
            if names & set(bases):
                found.append(node.name)
    return found


def test_openapi_python_client_enums_and_variables_are_named_schemas(client: Client) -> None:
    models = client.package / "models"
    sources = {p.name: p.read_text(encoding="utf-8") for p in models.glob("*.py")}
    enums = [n for s in sources.values() for n in classes(s, ("Enum", "StrEnum", "IntEnum"))]
    variables = [
        node.name
        for s in sources.values()
        for node in ast.parse(s).body
        if isinstance(node, ast.ClassDef) and node.name.endswith("Variables")
    ]
    named = components(client.spec)
    invented = sorted(n for n in enums + variables if normal(n) not in named)
    assert enums, f"no enum generated from {client.spec.name}: did the generator change?"
    assert not invented, (
        f"openapi-python-client invents these type names for {client.spec.name} (an inline enum or "
        f"variables map; give it a named schema under components/schemas): {invented}"
    )


NUMBERED = re.compile(r"Type\d+(Item)?$")


def test_openapi_python_client_numbers_no_type(client: Client) -> None:
    """A union of inline shapes becomes `<Schema>Type0`, `<Schema>Type1Item` (found for the module's
    IField.rules until revision 2026.1.1+r3 named them IFieldRule and IFieldRuleList)."""
    models = client.package / "models"
    names = [
        node.name
        for p in models.glob("*.py")
        for node in ast.parse(p.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
    ]
    numbered = sorted({n for n in names if NUMBERED.search(n)})
    assert not numbered, (
        f"openapi-python-client numbers these types of {client.spec.name} (name each shape of the "
        f"union as a schema under components/schemas): {numbered}"
    )


# Request models whose `variables` property is the one named map (plugin contract).
SHARED_VARIABLES = {
    "datasource-plugin": [
        "constructor_request",
        "data_source_constructor_request",
        "query_data_request",
        "variables_request",
    ],
}


def test_requests_share_one_variables_type(client: Client) -> None:
    models = client.package / "models"
    users = SHARED_VARIABLES.get(client.spec.parent.name, [])
    if users:
        assert (models / "variables.py").is_file(), (
            f"no models/variables.py generated from {client.spec.name}: the `variables` map is not the "
            f"named schema Variables; models: {sorted(p.name for p in models.glob('*.py'))}"
        )
    for name in users:
        source = (models / f"{name}.py").read_text(encoding="utf-8")
        assert "from ..models.variables import Variables" in source, (
            f"{name}.py (from {client.spec.name}) does not use the one named Variables type for its "
            "`variables` property"
        )


def test_datamodel_code_generator_names_no_inline_types(tmp_path: Path) -> None:
    """datamodel-code-generator names an inline enum after its property: `Type`, `Type1`, `Size`."""
    problems = []
    for spec in NEWEST:
        out = tmp_path / f"{spec_id(spec)}.py"
        argv = [str(BIN / "datamodel-codegen"), "--input", str(spec), "--input-file-type", "openapi"]
        proc = run([*argv, "--output-model-type", "pydantic_v2.BaseModel", "--output", str(out)], tmp_path)
        assert proc.returncode == 0, f"datamodel-codegen failed on {spec.name}:\n{proc.stderr}"
        generated = classes(out.read_text(encoding="utf-8"), ("Enum", "RootModel"))
        named = components(spec)
        invented = sorted(n for n in generated if normal(n) not in named)
        if invented:
            problems.append(f"{spec.parent.name}/{spec.name}: {invented}")
    assert not problems, (
        "datamodel-codegen invents these enum/union type names (an inline enum or oneOf; give it a "
        "named schema under components/schemas):\n" + "\n".join(problems)
    )
