"""Hostile spec files: each is refused with one sentence before anything is written, or generates valid code.

Every case here was found breaking scaffold: a `$dynamicRef` that read a local file into the models,
a YAML alias bomb that hung every spec command, reference loops and deep nesting that ended in a
RecursionError, `/dev/zero` read until memory ran out, a summary with `\"\"\"` that broke the
generated base class, and a schema named like a class scaffold already generates.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from scaffold.codegen.go.plugin_service import contract_files as go_contract_files
from scaffold.codegen.module_project import contract_files as module_contract_files
from scaffold.codegen.plugin_project import contract_files as plugin_contract_files
from scaffold.codegen.python.models import generate_python_models
from scaffold.errors import GenerationError, SpecError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.specs.loader import load_spec_file
from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, MODULE_SPEC, PLUGIN_SPEC, SPECS
from tests.git_helpers import git
from tests.go_toolchain import go_environment
from tests.hostile.projects import tree_digest

SECRET = "TOPSECRET-7f3a9c"
REVISED_PLUGIN_SPEC = SPECS / "datasource-plugin" / "1.2.0+r2.yaml"
Spec = dict[str, Any]


# The shipped specs, read once per worker with libyaml (PyYAML's pure-Python reader and writer took
# about 0.13 s of CPU per spec here, for some 90 specs a run); each test changes a copy of its own.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.cache
def _parsed(path: Path) -> Spec:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    assert isinstance(data, dict)
    return data


def _load(path: Path) -> Spec:
    return copy.deepcopy(_parsed(path))


def _dump(data: Spec, **options: Any) -> str:
    return str(yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, **options))


def _write(tmp_path: Path, name: str, data: Spec) -> Path:
    target = tmp_path / name
    target.write_text(_dump(data), encoding="utf-8")
    return target


def _schemas(data: Spec) -> dict[str, Any]:
    schemas = data["components"]["schemas"]
    assert isinstance(schemas, dict)
    return schemas


def _refused(result: subprocess.CompletedProcess[str]) -> str:
    """The one error sentence of a refused command (exit 1, no traceback, nothing on stdout)."""
    assert result.returncode == 1, (result.returncode, result.stdout[-500:], result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    target = tmp_path / "secret.json"
    target.write_text(f'{{"type": "object", "properties": {{"{SECRET}": {{"type": "string"}}}}}}')
    return target


@pytest.mark.parametrize("form", ["path", "file-url"])
@pytest.mark.parametrize("keyword", ["$dynamicRef", "$ref", "$recursiveRef"])
def test_references_to_files_are_refused_and_never_read(
    tmp_path: Path, secret_file: Path, form: str, keyword: str
) -> None:
    data = _load(PLUGIN_SPEC)
    target = str(secret_file) if form == "path" else secret_file.as_uri()
    _schemas(data)["HealthCheckResponse"]["properties"]["leak"] = {keyword: target}
    spec = _write(tmp_path, "leak.yaml", data)
    output = tmp_path / "models.py"
    for args in (["models", str(spec), "-o", str(output)], ["specs", "show", str(spec)]):
        result = run_scaffold(args, cwd=tmp_path)
        line = _refused(result)
        assert SECRET not in result.stdout + result.stderr
        assert "/components/schemas/HealthCheckResponse/properties/leak" in line
    assert not output.exists()


def test_model_generator_refuses_non_local_references_by_itself(secret_file: Path) -> None:
    """Even a SpecDocument that skipped the loader never lets datamodel-code-generator read a file."""
    spec = load_spec_file(PLUGIN_SPEC)
    data = copy.deepcopy(dict(spec.data))
    _schemas(data)["HealthCheckResponse"]["properties"]["leak"] = {"$ref": secret_file.as_uri()}
    forged = type(spec)(**{**spec.__dict__, "data": data})
    with pytest.raises(GenerationError) as caught:
        generate_python_models(forged)
    assert SECRET not in str(caught.value)


def _alias_bomb(tmp_path: Path) -> Path:
    levels = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        levels.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    text = PLUGIN_SPEC.read_text(encoding="utf-8") + "x-bomb:\n" + "".join(f"  {line}\n" for line in levels)
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(text, encoding="utf-8")
    return bomb


@pytest.mark.parametrize(
    "command",
    [
        lambda spec: ["models", str(spec)],
        lambda spec: ["specs", "show", str(spec)],
        lambda spec: ["specs", "diff", "datasource-plugin", "1.2.0", str(spec)],
    ],
    ids=["models", "show", "diff"],
)
def test_yaml_alias_bomb_is_refused_in_seconds(tmp_path: Path, command: Callable[[Path], list[str]]) -> None:
    bomb = _alias_bomb(tmp_path)
    started = time.monotonic()
    result = run_scaffold(command(bomb), timeout=20)
    assert time.monotonic() - started < 20
    assert "anchors and aliases are not allowed" in _refused(result)


def test_a_single_anchor_is_refused_too(tmp_path: Path) -> None:
    text = PLUGIN_SPEC.read_text(encoding="utf-8") + "x-a: &name {type: string}\nx-b: *name\n"
    spec = tmp_path / "anchor.yaml"
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="anchors and aliases are not allowed") as caught:
        load_spec_file(spec)
    assert caught.value.pointer == "/x-a"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _loop(data: Spec) -> None:
    _schemas(data)["LoopA"] = {"allOf": [_ref("LoopB")]}
    _schemas(data)["LoopB"] = _ref("LoopA")
    _schemas(data)["HealthCheckResponse"]["properties"]["loop"] = _ref("LoopA")


def _deep(data: Spec) -> None:
    node: dict[str, Any] = {"type": "string"}
    for _ in range(300):
        node = {"type": "object", "properties": {"x": node}}
    _schemas(data)["HealthCheckResponse"]["properties"]["deep"] = node


def _long_chain(data: Spec) -> None:
    for index in range(3000):
        _schemas(data)[f"Chain{index}"] = {"type": "object", "properties": {"x": _ref(f"Chain{index + 1}")}}
    _schemas(data)["Chain3000"] = {"type": "string"}
    _schemas(data)["HealthCheckResponse"]["properties"]["chain"] = _ref("Chain0")


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (_loop, "form a loop"),
        (_deep, "nested more than 64 levels"),
        (_long_chain, "nests more than 200 levels"),
    ],
    ids=["ref-loop", "300-levels", "3000-ref-chain"],
)
def test_loops_and_depth_end_in_one_sentence(
    tmp_path: Path, mutate: Callable[[Spec], None], expected: str
) -> None:
    data = _load(PLUGIN_SPEC)
    mutate(data)
    spec = tmp_path / "hostile.yaml"
    spec.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML, and compact under the size limit
    for args in (["models", str(spec)], ["specs", "show", str(spec)]):
        line = _refused(run_scaffold(args, timeout=60))
        assert expected in line and "/components/schemas/" in line


def test_a_recursive_schema_through_properties_generates_valid_code(tmp_path: Path) -> None:
    data = _load(PLUGIN_SPEC)
    _schemas(data)["Tree"] = {
        "type": "object",
        "properties": {"children": {"type": "array", "items": _ref("Tree")}, "parent": _ref("Tree")},
    }
    _schemas(data)["HealthCheckResponse"]["properties"]["tree"] = _ref("Tree")
    spec = load_spec_file(_write(tmp_path, "tree.yaml", data))
    _require_valid_python(plugin_contract_files(spec, {"package_name": "acme_sales"}), tmp_path)


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder", "large"])
def test_only_small_regular_files_are_read(tmp_path: Path, special: str) -> None:
    path = Path(special)
    if special == "fifo":
        path = tmp_path / "spec.yaml"
        os.mkfifo(path)
    elif special == "folder":
        path = tmp_path / "spec.yaml"
        path.mkdir()
    elif special == "large":
        path = tmp_path / "large.yaml"
        path.write_bytes(PLUGIN_SPEC.read_bytes() + b"\n# padding\n" * 60_000)
    started = time.monotonic()
    line = _refused(run_scaffold(["models", str(path)], timeout=20))
    assert time.monotonic() - started < 20
    assert str(path) in line
    if special == "large":
        assert "larger than 512 KiB" in line


def test_output_path_too_long_is_one_sentence(tmp_path: Path) -> None:
    target = tmp_path / ("a" * 300) / "models.py"
    line = _refused(run_scaffold(["models", "datasource-plugin", "-o", str(target)]))
    assert "cannot be used" in line


@pytest.mark.parametrize(
    ("pointer", "value", "expected"),
    [
        (("info", "x-contract"), None, "info.x-contract is missing"),
        (("info", "version"), 42, "info.version is 42, a number"),
        (("openapi",), None, "openapi is missing"),
        (("info", "x-release-label"), ["a"], "info.x-release-label is a list"),
    ],
)
def test_messages_describe_values_in_words(
    tmp_path: Path, pointer: tuple[str, ...], value: Any, expected: str
) -> None:
    data = _load(PLUGIN_SPEC)
    parent = data
    for part in pointer[:-1]:
        parent = parent[part]
    if value is None:
        del parent[pointer[-1]]
    else:
        parent[pointer[-1]] = value
    line = _refused(run_scaffold(["models", str(_write(tmp_path, "bad.yaml", data))]))
    assert expected in line
    assert "None" not in line and "'" not in line and "CONVENTIONS" not in line


# Patterns JavaScript's RegExp (the TypeScript plugin's validator) takes exponential time on:
# `^(a+)+$` took 3.8 s on a 28-character value, per request, with the event loop blocked (issue 38).
SLOW_PATTERNS = [r"^(a+)+$", r"^(a|a)*$", r"(\w+\s?)*$", r"^(['\"])\w*\1$"]
REFID_PATTERN = "/components/schemas/DataQuery/properties/refID/pattern"


def _with_pattern(tmp_path: Path, pattern: str) -> Path:
    data = _load(REVISED_PLUGIN_SPEC)
    _schemas(data)["DataQuery"]["properties"]["refID"]["pattern"] = pattern
    return _write(tmp_path, "slow.yaml", data)


@pytest.mark.parametrize("pattern", SLOW_PATTERNS, ids=["nested", "alternation", "words", "backreference"])
def test_patterns_that_backtrack_exponentially_are_refused_naming_the_place_and_the_fix(
    tmp_path: Path, pattern: str
) -> None:
    spec = _with_pattern(tmp_path, pattern)
    output = tmp_path / "models.py"
    shown = json.dumps(pattern)
    for args in (
        ["models", str(spec), "-o", str(output)],
        ["specs", "show", str(spec)],
        ["specs", "diff", "datasource-plugin", "1.2.0+r2", str(spec)],
    ):
        line = _refused(run_scaffold(args, cwd=tmp_path))
        assert f"{spec} at {REFID_PATTERN}: the pattern {shown} " in line
        assert "exponential in the value's length" in line
        fix = "without backreferences" if "\\1" in pattern else "Write a pattern without nested repetition"
        assert fix in line
    assert not output.exists()


@pytest.mark.parametrize("language", ["python", "typescript", "go"])
def test_an_upgrade_to_a_spec_with_such_a_pattern_is_refused_in_every_language(
    tmp_path: Path, language: str
) -> None:
    project = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language(language)
    create_project(NewProjectOptions(kind=kind, destination=project, answers={"language": language}))
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "scaffolded")
    before = tree_digest(project)
    data = _load(FUTURE_PLUGIN_SPEC)
    _schemas(data)["DataQuery"]["properties"]["refID"]["pattern"] = SLOW_PATTERNS[0]
    spec = _write(tmp_path, "slow.yaml", data)
    line = _refused(run_scaffold(["upgrade", "--to", str(spec), str(project)], timeout=300))
    assert REFID_PATTERN in line and "nested repetition" in line
    assert tree_digest(project) == before


def test_ordinary_patterns_still_generate_every_language(tmp_path: Path) -> None:
    """A pattern without nested repetition loads, and every language's generator checks it (Go's
    decoders with the pattern compiled by regexp, since the one schema model: they refused it before)."""
    spec = load_spec_file(_with_pattern(tmp_path, r"^[A-Z](-[0-9]{1,3})?$"))
    _require_valid_python(plugin_contract_files(spec, {"package_name": "acme_sales"}), tmp_path)
    files = plugin_contract_files(spec, {"package_name": "acme_sales", "language": "typescript"})
    assert "^[A-Z](-[0-9]{1,3})?$" in files["src/contract/spec.ts"]
    go = go_contract_files(spec, {"project_name": "acme-sales"})
    assert 'regexp.MustCompile("^[A-Z](-[0-9]{1,3})?$")' in go["internal/contract/patterns_gen.go"]


# Hostile strings that have broken, or could break, generated Python or TypeScript.
HOSTILE_TEXT = [
    'say """hi""" and "',
    'ends with a quote"',
    "back\\slash \\n \\u0041 \\",
    "comment */ closes /* and // too",
    "line\nbreak\r\nand\ttab",
    "nul \x00 bell \x07 escape \x1b del \x7f sep \u2028 \u2029",
    "# not a comment\n'''single''' `backtick` ${template}",
    "x" * 5000,
    "zero width \ufeff no-break space (U+FEFF, the byte order mark: Go allows it nowhere but a file's start)",
]


def _require_valid_python(files: dict[str, str], folder: Path) -> None:
    """Every Python file compiles and ruff finds no syntax error or undefined name in it."""
    python = {path: text for path, text in files.items() if path.endswith(".py")}
    if not python:
        return
    for path, text in python.items():
        compile(text, path, "exec")
        target = folder / "generated" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--select",
            "E9,F63,F7,F82",
            str(folder / "generated"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]


def _require_valid_go(files: dict[str, str], folder: Path) -> None:
    """Every Go file parses and is gofmt-clean as generated (gofmt -l -e: no error, nothing listed)."""
    go = {path: text for path, text in files.items() if path.endswith(".go")}
    if not go:
        return
    for path, text in go.items():
        target = folder / "generated-go" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    result = subprocess.run(
        ["gofmt", "-l", "-e", str(folder / "generated-go")],
        capture_output=True,
        text=True,
        check=False,
        env=go_environment(),
        timeout=120,
    )
    assert result.returncode == 0 and result.stdout == "" and result.stderr == "", (
        result.stdout[-2000:] + result.stderr[-3000:]
    )


def _require_valid_typescript(files: dict[str, str]) -> None:
    for path, text in files.items():
        if path.endswith(".ts"):
            _require_closed_comments(path, text)


def _require_closed_comments(path: str, text: str) -> None:
    """Every /* ... */ comment closes, and no string or line comment spans a line break."""
    index = 0
    while index < len(text):
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            assert end != -1, f"{path}: unterminated comment at {index}"
            index = end + 2
        elif text.startswith("//", index):
            index = text.find("\n", index)
            index = len(text) if index == -1 else index
        elif text[index] == "'":
            end = index + 1
            while text[end] != "'":
                assert text[end] not in "\n\r\u2028\u2029", f"{path}: string broken across lines at {index}"
                end += 2 if text[end] == "\\" else 1
            index = end + 1
        else:
            index += 1


def _plugin_mutations(text: str) -> list[Callable[[Spec], None]]:
    def summary(data: Spec) -> None:
        data["paths"]["/query/get-result"]["post"]["summary"] = text

    def description(data: Spec) -> None:
        data["paths"]["/query/get-result"]["post"]["description"] = text
        _schemas(data)["DataQuery"]["description"] = text
        _schemas(data)["DataQuery"]["properties"]["refID"]["description"] = text

    def title(data: Spec) -> None:
        data["info"]["title"] = text
        _schemas(data)["DataQuery"]["title"] = text

    def enum_and_property(data: Spec) -> None:
        _schemas(data)["HealthCheckResponse"]["properties"]["odd"] = {
            "type": "string",
            "enum": [text, "plain"],
        }
        _schemas(data)["HealthCheckResponse"]["properties"][text[:40]] = {"type": "string", "const": text}

    return [summary, description, title, enum_and_property]


def _module_mutations(text: str) -> list[Callable[[Spec], None]]:
    def describe(data: Spec) -> None:
        data["info"]["title"] = text
        for body in list(_schemas(data).values())[:3]:  # all of them would pass the size limit
            body["description"] = text
            for prop in (body.get("properties") or {}).values():
                if isinstance(prop, dict):
                    prop["description"] = text

    def values(data: Spec) -> None:
        _schemas(data)["FETCH_STATUSES"]["enum"] = ["", text]
        for body in _schemas(data).values():
            if isinstance(body.get("examples"), list):
                body["examples"] = [{"odd": text}]
                break

    return [describe, values]


def _outcome(tmp_path: Path, data: Spec, generate: Callable[[Any], dict[str, str]]) -> str:
    path = tmp_path / "hostile.yaml"
    path.write_text(_dump(data, width=10_000), encoding="utf-8")
    try:
        spec = load_spec_file(path)
    except SpecError as error:
        assert "\n" not in error.message
        return "refused"
    try:
        files = generate(spec)
    except GenerationError as error:  # refused at generation, naming the place (the Go model's rules)
        assert "\n" not in error.message
        return "refused"
    _require_valid_python(files, tmp_path)
    _require_valid_typescript(files)
    _require_valid_go(files, tmp_path)
    return "generated"


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_hostile_text_in_the_plugin_spec_generates_valid_code(tmp_path: Path, text: str) -> None:
    outcomes = []
    for mutate in _plugin_mutations(text):
        data = _load(PLUGIN_SPEC)
        mutate(data)

        def generate(spec: Any) -> dict[str, str]:
            files = plugin_contract_files(spec, {"package_name": "acme_sales"})
            files["models-all.py"] = generate_python_models(spec, scope="all")
            return files

        outcomes.append(_outcome(tmp_path, data, generate))
    assert "generated" in outcomes, "hostile text in summaries and descriptions must simply work"


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_hostile_text_in_the_revised_plugin_spec_generates_valid_go(tmp_path: Path, text: str) -> None:
    """The same texts in the spec a Go plugin is made from (1.2.0+r2: the Go generator refuses the
    unrevised spec's inline enums, naming them): every Go file parses and is gofmt-clean."""
    outcomes = []
    for mutate in _plugin_mutations(text):
        data = _load(REVISED_PLUGIN_SPEC)
        mutate(data)
        outcomes.append(
            _outcome(tmp_path, data, lambda spec: go_contract_files(spec, {"project_name": "acme-sales"}))
        )
    assert "generated" in outcomes, "hostile text in summaries and descriptions must simply work"


@pytest.mark.parametrize("text", HOSTILE_TEXT, ids=range(len(HOSTILE_TEXT)))
def test_hostile_text_in_the_module_spec_generates_valid_code(tmp_path: Path, text: str) -> None:
    answers = {"package_name": "acme_map", "scope": "acmeMap", "components": "Widget,WidgetEditor,Settings"}
    for mutate in _module_mutations(text):
        data = _load(MODULE_SPEC)
        mutate(data)
        assert _outcome(tmp_path, data, lambda spec: module_contract_files(spec, answers)) == "generated"


def test_summary_with_triple_quotes_generates_models_and_plugin_code(tmp_path: Path) -> None:
    data = _load(PLUGIN_SPEC)
    data["paths"]["/query/get-result"]["post"]["summary"] = 'Get """ result'
    spec = load_spec_file(_write(tmp_path, "quotes.yaml", data))
    files = plugin_contract_files(spec, {"package_name": "acme_sales"})
    _require_valid_python(files, tmp_path)
    assert 'Get \\"\\"\\" result' in files["acme_sales/_contract/base.py"]
    result = run_scaffold(["models", str(tmp_path / "quotes.yaml")])
    assert result.returncode == 0, result.stderr
    compile(result.stdout, "models.py", "exec")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("FrameField", "the class name scaffold gives the schema Field"),
        ("BaseModel", "a name the generated code already uses"),
        ("SecretBox", "a name the generated code already uses"),
        ("list", "keyword or builtin"),
        ("class", "keyword or builtin"),
        ("Data_Query", "the same Python class"),
        ("my-schema", "not usable as a Python class name"),
    ],
)
def test_schema_names_that_clash_are_refused(tmp_path: Path, name: str, expected: str) -> None:
    data = _load(PLUGIN_SPEC)
    _schemas(data)[name] = {"type": "object", "properties": {"a": {"type": "string"}}}
    _schemas(data)["HealthCheckResponse"]["properties"]["clash"] = _ref(name)
    path = _write(tmp_path, "clash.yaml", data)
    line = _refused(run_scaffold(["models", str(path)]))
    assert expected in line and f"/components/schemas/{name}" in line


@pytest.mark.parametrize("operation_id", ["getHealth", "class", "contract", "import"])
def test_operation_ids_that_clash_are_refused(tmp_path: Path, operation_id: str) -> None:
    data = _load(PLUGIN_SPEC)
    data["paths"]["/query/get-result"]["post"]["operationId"] = operation_id
    if operation_id == "getHealth":
        data["paths"]["/datasource/health-check"]["post"]["operationId"] = "getHealth"
    with pytest.raises((GenerationError, SpecError)) as caught:
        spec = load_spec_file(_write(tmp_path, "ops.yaml", data))
        plugin_contract_files(spec, {"package_name": "acme_sales"})
    assert operation_id in caught.value.message and "None" not in caught.value.message
