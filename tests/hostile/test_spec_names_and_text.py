"""Property names and spec text that broke the generated models (issue 24, finding 9).

Each case was found breaking scaffold: properties equal after NFKC (`ﬁle`/`file`, `µ`/`μ`) that
silently became one field, a bare CR in a description that ended in a traceback, a raw U+0085 in
a JSON spec that came back as a space, properties named like pydantic's methods or like the names
the models use, and a property named `$ref` that was refused as a bad reference. The models are
checked the way a project uses them: imported with warnings as errors, then a payload validated
by its wire names and dumped back unchanged.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from scaffold.codegen.module_project import contract_files as module_contract_files
from scaffold.codegen.plugin_project import contract_files as plugin_contract_files
from scaffold.codegen.typescript.literals import ts_literal
from scaffold.codegen.typescript.plugin_service import spec_source
from scaffold.codegen.typescript.types import generate_typescript_types
from scaffold.errors import SpecError
from scaffold.specs.loader import load_spec_file
from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, MODULE_SPEC, PLUGIN_SPEC
from tests.hostile.projects import copy_of
from tests.hostile.test_hostile_specs import _refused, _require_closed_comments, _require_valid_python

Spec = dict[str, Any]
# Every character Python's tokenizer or str.splitlines() ends a line at, except \n.
LINE_BREAKS = ["\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def _plugin_spec(source: Path = PLUGIN_SPEC) -> Spec:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _schemas(data: Spec) -> dict[str, Any]:
    schemas = data["components"]["schemas"]
    assert isinstance(schemas, dict)
    return schemas


def _with_schema(data: Spec, name: str, properties: dict[str, Any]) -> Spec:
    """`data` with an object schema `name` of `properties`, reachable from a response (so generated)."""
    _schemas(data)[name] = {"type": "object", "properties": properties}
    _schemas(data)["HealthCheckResponse"]["properties"]["extra"] = {"$ref": f"#/components/schemas/{name}"}
    return data


def _write_json(tmp_path: Path, data: Spec, *, ascii_only: bool = True) -> Path:
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(data, ensure_ascii=ascii_only), encoding="utf-8")
    return path


def _models(tmp_path: Path, spec: Path) -> Path:
    """`scaffold models SPEC -o models.py`, as a user runs it."""
    target = tmp_path / "models.py"
    result = run_scaffold(["models", str(spec), "-o", str(target), "--force"], timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return target


def _round_trip(models: Path, class_name: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Import `models` with warnings as errors, validate `payload` (wire names) and dump it back."""
    script = (
        "import json, sys\n"
        "import models\n"
        f"cls = models.{class_name}\n"
        "payload = json.loads(sys.stdin.read())\n"
        "value = cls.model_validate(payload)\n"
        "print(json.dumps({'fields': len(cls.model_fields), 'dump': value.model_dump(mode='json'),"
        " 'empty': cls().model_dump(mode='json'), 'doc': cls.__doc__}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", script],
        cwd=models.parent,
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    answer = json.loads(result.stdout)
    assert isinstance(answer, dict)
    return answer


def test_properties_equal_after_nfkc_each_keep_a_field_and_round_trip(tmp_path: Path) -> None:
    properties = {f"p{index}": {"type": "string"} for index in range(69)}
    for name in ("\ufb01le", "file", "\u00b5", "\u03bc"):  # ﬁle (ligature), file, micro sign, Greek mu
        properties[name] = {"type": "string"}
    spec = _write_json(tmp_path, _with_schema(_plugin_spec(), "Wide", properties))
    payload = {name: f"value of {name}" for name in properties}
    answer = _round_trip(_models(tmp_path, spec), "Wide", payload)
    assert answer["fields"] == 73
    assert answer["dump"] == payload
    assert answer["empty"] == {}
    types = generate_typescript_types(load_spec_file(spec))
    for member in ("'\ufb01le'?: string;", "  file?: string;", "'\u00b5'?: string;", "'\u03bc'?: string;"):
        assert member in types, member


@pytest.mark.parametrize(
    "names",
    [
        [name for name in dir(BaseModel) if not name.startswith("_")],  # model_dump, json, copy, ...
        ["omit_none", "NOT_NULL", "bool", "int", "str", "Annotated", "Field"],
    ],
    ids=["pydantic-methods", "names-the-models-use"],
)
def test_properties_named_like_what_the_models_use_round_trip_without_warnings(
    tmp_path: Path, names: list[str]
) -> None:
    properties = {name: {"type": "string"} for name in names}
    properties["count"] = {"type": "integer"}
    spec = _write_json(tmp_path, _with_schema(_plugin_spec(), "Odd", properties))
    payload: dict[str, Any] = {name: f"v-{name}" for name in names}
    payload["count"] = 3
    answer = _round_trip(_models(tmp_path, spec), "Odd", payload)
    assert answer["fields"] == len(properties)
    assert answer["dump"] == payload
    assert answer["empty"] == {}, "a field named omit_none must not stop the others being left out"


def test_a_property_may_be_named_dollar_ref(tmp_path: Path) -> None:
    data = _plugin_spec()
    _schemas(data)["Target"] = {"type": "object", "properties": {"$ref": {"type": "string"}}}
    _with_schema(
        data, "Pointing", {"$ref": {"$ref": "#/components/schemas/Target"}, "n": {"type": "integer"}}
    )
    spec = _write_json(tmp_path, data)
    assert run_scaffold(["specs", "show", str(spec)]).returncode == 0
    payload = {"$ref": {"$ref": "#/somewhere"}, "n": 1}
    answer = _round_trip(_models(tmp_path, spec), "Pointing", payload)
    assert answer["dump"] == payload
    types = generate_typescript_types(load_spec_file(spec))
    assert "export interface Pointing {\n  $ref?: Target;\n" in types


def test_a_string_dollar_ref_among_properties_is_still_checked(tmp_path: Path) -> None:
    """A `properties` map whose `$ref` is a string is not a schema: it is checked as a reference."""
    data = _plugin_spec()
    _schemas(data)["HealthCheckResponse"]["properties"]["$ref"] = "file:///etc/passwd"
    line = _refused(run_scaffold(["models", str(_write_json(tmp_path, data))]))
    assert "a reference must name a component of this file" in line


def _describe_everywhere(data: Spec, text: str) -> None:
    data["paths"]["/query/get-result"]["post"]["summary"] = text
    data["paths"]["/query/get-result"]["post"]["description"] = text
    for name in ("HealthCheckResponse", "DataQuery"):
        _schemas(data)[name]["description"] = text
        for body in _schemas(data)[name]["properties"].values():
            if isinstance(body, dict):
                body["description"] = text


def test_line_breaks_in_descriptions_generate_valid_code_and_keep_the_text(tmp_path: Path) -> None:
    text = "start" + "".join(f"{char}after {ord(char):x}" for char in LINE_BREAKS)
    data = _plugin_spec()
    _describe_everywhere(data, text)
    spec = _write_json(tmp_path, data)
    models = _models(tmp_path, spec)
    answer = _round_trip(models, "HealthCheckResponse", {"status": True})
    assert text in answer["doc"], "the docstring holds the description exactly"
    loaded = load_spec_file(spec)
    _require_valid_python(plugin_contract_files(loaded, {"package_name": "acme_sales"}), tmp_path)
    types = generate_typescript_types(loaded)
    _require_closed_comments("types.ts", types)
    assert not any(char in types for char in LINE_BREAKS)


def test_line_breaks_in_module_spec_descriptions_generate_valid_code(tmp_path: Path) -> None:
    data = _plugin_spec(MODULE_SPEC)
    for body in list(_schemas(data).values())[:5]:
        body["description"] = "one" + "two".join(LINE_BREAKS) + "end"
    spec = _write_json(tmp_path, data)
    answers = {"package_name": "acme_map", "scope": "acmeMap", "components": "Widget,WidgetEditor,Settings"}
    files = module_contract_files(load_spec_file(spec), answers)
    _require_valid_python(files, tmp_path)
    for path, content in files.items():
        if path.endswith(".ts"):
            _require_closed_comments(path, content)
            assert not any(char in content for char in LINE_BREAKS), path


def test_upgrade_to_a_spec_with_a_bare_cr_in_a_description(pristine_plugin: Path, tmp_path: Path) -> None:
    plugin = copy_of(pristine_plugin, tmp_path)
    data = _plugin_spec(FUTURE_PLUGIN_SPEC)
    _describe_everywhere(data, "first line\rsecond line")
    spec = tmp_path / "datasource-plugin-1.3.0.yaml"
    spec.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = run_scaffold(["upgrade", "--to", str(spec), str(plugin)], timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    models = (plugin / "acme_sales/_contract/models.py").read_text(encoding="utf-8")
    compile(models, "models.py", "exec")
    assert "first line\\rsecond line" in models


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_raw_yaml_11_line_breaks_survive_in_a_json_spec(tmp_path: Path, char: str) -> None:
    data = _plugin_spec()
    _with_schema(data, "Texts", {f"name{char}x": {"type": "string", "const": f"a{char}b"}})
    _schemas(data)["Texts"]["description"] = f"line{char}same line"
    spec = _write_json(tmp_path, data, ascii_only=False)
    assert char in spec.read_text(encoding="utf-8")
    loaded = load_spec_file(spec)
    texts = loaded.data["components"]["schemas"]["Texts"]
    assert texts["description"] == f"line{char}same line"
    assert texts["properties"][f"name{char}x"]["const"] == f"a{char}b"
    payload = {f"name{char}x": f"a{char}b"}
    assert _round_trip(_models(tmp_path, spec), "Texts", payload)["dump"] == payload


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_raw_yaml_11_line_breaks_in_a_yaml_spec_are_refused_in_one_sentence(
    tmp_path: Path, char: str
) -> None:
    text = PLUGIN_SPEC.read_text(encoding="utf-8")
    anchor = "description: Result of POST /datasource/health-check."
    assert anchor in text
    spec = tmp_path / "spec.yaml"
    spec.write_text(text.replace(anchor, f'description: "Result of{char}POST"', 1), encoding="utf-8")
    line = _refused(run_scaffold(["models", str(spec)]))
    assert f"a raw U+{ord(char):04X}" in line and "is a line break to the YAML 1.1 reader" in line
    assert f"\\u{ord(char):04x}" in line
    escaped = text.replace(anchor, f'description: "Result of\\u{ord(char):04x}POST"', 1)
    spec.write_text(escaped, encoding="utf-8")
    loaded = load_spec_file(spec)
    assert (
        loaded.data["components"]["schemas"]["HealthCheckResponse"]["description"] == f"Result of{char}POST"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '{"openapi": "3.1.0", "openapi": "3.1.1"}',
            'duplicate key "openapi" (line 1, first defined on line 1)',
        ),
        ('{"openapi": NaN}', "NaN is not a JSON number"),
        ('{"openapi": "3.1.0",\n "info": {"title": "\x01"}}', "Invalid control character"),
        ('{"openapi": "3.1.0",\n "info": }', "(line 2, column"),
    ],
    ids=["duplicate", "nan", "raw-control", "syntax"],
)
def test_json_specs_are_read_strictly(tmp_path: Path, text: str, expected: str) -> None:
    spec = tmp_path / "spec.json"
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec_file(spec)
    assert expected in caught.value.message and "\n" not in caught.value.message


def test_deep_json_is_refused_in_seconds_naming_the_pointer(tmp_path: Path) -> None:
    spec = tmp_path / "deep.json"
    spec.write_text('{"openapi": "3.1.0", "x-deep": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    started = time.monotonic()
    line = _refused(run_scaffold(["specs", "show", str(spec)], timeout=30))
    assert time.monotonic() - started < 30
    assert "nested more than 64 levels deep (line 1)" in line and "/x-deep/0/0/0" in line


@pytest.mark.parametrize("suffix", ["yaml", "json"])
def test_a_number_longer_than_python_reads_is_one_sentence(tmp_path: Path, suffix: str) -> None:
    spec = tmp_path / f"big.{suffix}"
    digits = "9" * 5000
    text = (
        f'{{"openapi": "3.1.0", "x-big": {digits}}}'
        if suffix == "json"
        else f"openapi: 3.1.0\nx-big: {digits}\n"
    )
    spec.write_text(text, encoding="utf-8")
    assert "a number has more than 4300 digits" in _refused(run_scaffold(["specs", "show", str(spec)]))


TERMINAL_HOSTILE = "evil\x1b]0;title\x07\x1b[2J\rover\u2028x"


def test_spec_text_printed_to_the_terminal_has_its_control_characters_escaped(tmp_path: Path) -> None:
    data = _plugin_spec()
    data["info"]["title"] = TERMINAL_HOSTILE
    _schemas(data)["HealthCheckResponse"]["properties"][TERMINAL_HOSTILE] = {"type": "string"}
    spec = _write_json(tmp_path, data)
    for args in (["specs", "show", str(spec)], ["specs", "diff", "datasource-plugin", "1.2.0", str(spec)]):
        result = run_scaffold(args)
        assert result.returncode == 0, result.stderr
        assert "evil\\x1b]0;title\\x07\\x1b[2J\\rover\\u2028x" in result.stdout
        assert not any(char in result.stdout for char in "\x1b\x07\r\u2028")
    _schemas(data)["HealthCheckResponse"]["properties"][TERMINAL_HOSTILE] = {"$ref": "http://example.test/x"}
    line = _refused(run_scaffold(["models", str(_write_json(tmp_path, data))]))
    assert "properties/evil\\x1b]0;title\\x07\\x1b[2J\\rover\\u2028x/$ref" in line


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x9b"])
def test_a_raw_control_character_in_a_yaml_spec_is_one_sentence_naming_line_and_column(
    tmp_path: Path, char: str
) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(f'openapi: 3.1.0\n# é 日本\ninfo:\n  title: "aé{char}b"\n', encoding="utf-8")
    line = _refused(run_scaffold(["specs", "show", str(spec)]))
    assert f"a raw control character U+{ord(char):04X} on line 4, column 13" in line


def test_a_key_named_proto_stays_a_key_in_the_typescript_literals(tmp_path: Path) -> None:
    """Found: `{ __proto__: ... }` in an object literal sets the prototype (quoted too), so a spec
    property, or an example key, named `__proto__` vanished from a TypeScript plugin's `spec.ts`
    (the published document and what its validator reads) and from `examples.ts`."""
    data = _plugin_spec()
    _with_schema(data, "Pointing", {"__proto__": {"type": "string"}, "n": {"type": "integer"}})
    spec = load_spec_file(_write_json(tmp_path, data))
    document = spec_source(spec, "").split("export const DOCUMENT: Readonly<Record<string, unknown>> = ", 1)[
        1
    ]
    script = (
        f"const d = {document.rstrip().removesuffix(';')};\n"
        "const p = d.components.schemas.Pointing.properties;\n"
        "process.stdout.write(JSON.stringify([Object.keys(p), JSON.stringify(p).includes('__proto__')]));\n"
    )
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout) == [["__proto__", "n"], True]
    assert "['__proto__']: { type: 'string' }" in ts_literal({"__proto__": {"type": "string"}})
