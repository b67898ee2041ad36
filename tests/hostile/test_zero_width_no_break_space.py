"""U+FEFF (zero width no-break space, the byte order mark) in spec text: every language's files stay valid.

Found (issue 38): Go source may hold a U+FEFF only as a file's first character, so one in a spec's
description, title, enum value or example string made the generated Go package fail `go build`,
while `scaffold upgrade`, `status` and `regenerate --check` said all was well. The Go generator now
writes it as the escape `\\ufeff` in string literals and comments; the TypeScript and Python files
held it validly already, and are checked here the same way: each language's files are built or
evaluated as a project would, and every value comes back exactly as the spec wrote it.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import yaml

from scaffold.codegen.go.plugin_service import contract_files as go_contract_files
from scaffold.codegen.header import read_stamp
from scaffold.codegen.module_project import contract_files as module_contract_files
from scaffold.codegen.plugin_project import contract_files as plugin_contract_files
from scaffold.codegen.plugin_shapes import base_path
from scaffold.codegen.served_document import served_document
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from tests.conftest import MODULE_SPEC, PLUGIN_SPEC
from tests.go_toolchain import go_environment
from tests.hostile.test_hostile_specs import (
    REVISED_PLUGIN_SPEC,
    _require_closed_comments,
    _require_valid_go,
    _require_valid_python,
)
from tests.hostile.test_spec_names_and_text import _models, _round_trip, _with_schema

BOM = "\ufeff"
Spec = dict[str, Any]


def _load(path: Path) -> Spec:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _bom_everywhere(data: Spec) -> None:
    """A U+FEFF in every text of `data`: titles, descriptions, summaries, examples, enum values."""
    data["info"]["title"] = f"Acme{BOM} sales"
    data["info"]["description"] = f"{BOM}leading and trailing{BOM}"
    for item in data["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict):
                operation["summary"] = f"Do{BOM}it"
                operation["description"] = f"Does{BOM} it."
    for body in data["components"]["schemas"].values():
        body["description"] = f"A schema{BOM}."
        body["title"] = f"Title{BOM}"
        if isinstance(body.get("enum"), list):
            body["enum"] = [*body["enum"], f"odd{BOM}value"]
        for prop in (body.get("properties") or {}).values():
            if isinstance(prop, dict) and "$ref" not in prop:
                prop["description"] = f"A property{BOM}"
                prop["examples"] = [f"example{BOM}"]


def _written(tmp_path: Path, data: Spec, name: str = "bom.yaml") -> SpecDocument:
    """`data` as a YAML spec holding each U+FEFF raw, as pasted text brings it, and loaded."""
    path = tmp_path / name
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000)
    path.write_text(text.replace("\\uFEFF", BOM), encoding="utf-8")  # PyYAML writes it escaped
    assert BOM in path.read_text(encoding="utf-8") and "\\uFEFF" not in path.read_text(encoding="utf-8")
    return load_spec_file(path)


def _published(spec: SpecDocument) -> Any:
    return json.loads(json.dumps(served_document(spec, base_path(spec))))


PROBE = """package main

import (
\t"encoding/json"
\t"os"

\t"acme-sales/internal/contract"
)

func main() {
\tnames := []string{}
\tfor _, example := range contract.SpecExamples {
\t\tnames = append(names, example.Name)
\t}
\tout, err := json.Marshal(map[string]any{
\t\t"document": json.RawMessage(contract.Document),
\t\t"enum":     string(contract.DatasourceFieldTypeOddValue),
\t\t"key":      contract.ExampleSecretKey,
\t\t"examples": names,
\t})
\tif err != nil {
\t\tpanic(err)
\t}
\tos.Stdout.Write(out)
}
"""


def test_go_builds_and_keeps_every_value(tmp_path: Path) -> None:
    data = _load(REVISED_PLUGIN_SPEC)
    _bom_everywhere(data)
    data["info"]["x-example-secret-key"] += BOM
    media = data["paths"]["/query/get-result"]["post"]["requestBody"]["content"]["application/json"]
    media["examples"][f"bom{BOM}"] = {"value": copy.deepcopy(media["examples"]["twoQueries"]["value"])}
    spec = _written(tmp_path, data)
    files = go_contract_files(spec, {"project_name": "acme-sales"})
    _require_valid_go(files, tmp_path)
    module = tmp_path / "module"
    for relative, text in files.items():
        target = module / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (module / "go.mod").write_text("module acme-sales\n\ngo 1.22\n", encoding="utf-8")
    (module / "cmd" / "probe").mkdir(parents=True)
    (module / "cmd" / "probe" / "main.go").write_text(PROBE, encoding="utf-8")
    environment = go_environment()
    for command in (["go", "vet", "./..."], ["go", "run", "./cmd/probe"]):
        result = subprocess.run(
            command, cwd=module, env=environment, capture_output=True, text=True, timeout=600, check=False
        )
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    answer = json.loads(result.stdout)
    assert answer["document"] == _published(spec)
    assert answer["enum"] == f"odd{BOM}value"
    assert answer["key"] == data["info"]["x-example-secret-key"]
    assert f"bom{BOM}" in answer["examples"]


def test_typescript_holds_every_value_exactly(tmp_path: Path) -> None:
    data = _load(PLUGIN_SPEC)
    _bom_everywhere(data)
    spec = _written(tmp_path, data)
    files = plugin_contract_files(spec, {"package_name": "acme_sales", "language": "typescript"})
    generated = {path: text for path, text in files.items() if read_stamp(text) is not None}  # not copied
    assert "src/contract/spec.ts" in generated
    for path, text in generated.items():
        _require_closed_comments(path, text)
    source = files["src/contract/spec.ts"]
    document = source.split("export const DOCUMENT: Readonly<Record<string, unknown>> = ", 1)[1]
    script = f"process.stdout.write(JSON.stringify({document.rstrip().removesuffix(';')}));\n"
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout) == _published(spec)


def test_python_models_import_and_round_trip_the_values(tmp_path: Path) -> None:
    data = _load(PLUGIN_SPEC)
    _bom_everywhere(data)
    _with_schema(
        data,
        "Texts",
        {
            "note": {"type": "string", "const": f"a{BOM}b", "description": f"Note{BOM}"},
            "kind": {"type": "string", "enum": [f"x{BOM}", "y"]},
        },
    )
    data["components"]["schemas"]["Texts"]["description"] = f"Texts{BOM} of the spec."
    spec = _written(tmp_path, data)
    _require_valid_python(plugin_contract_files(spec, {"package_name": "acme_sales"}), tmp_path)
    payload = {"note": f"a{BOM}b", "kind": f"x{BOM}"}
    answer = _round_trip(_models(tmp_path, tmp_path / "bom.yaml"), "Texts", payload)
    assert answer["dump"] == payload
    assert f"Texts{BOM} of the spec." in answer["doc"]


def test_the_module_contract_files_are_valid(tmp_path: Path) -> None:
    data = _load(MODULE_SPEC)
    _bom_everywhere(data)
    spec = _written(tmp_path, data)
    answers = {"package_name": "acme_map", "scope": "acmeMap", "components": "Widget,WidgetEditor,Settings"}
    files = module_contract_files(spec, answers)
    _require_valid_python(files, tmp_path)
    for path, text in files.items():
        if path.endswith((".ts", ".tsx")):
            _require_closed_comments(path, text)
