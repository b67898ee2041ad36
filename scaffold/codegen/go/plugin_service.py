"""Contract-owned files of a data source plugin service in Go (standard library only): `internal/contract/`.

The pipeline mirrors the Python and TypeScript plugins': spec -> operations (scaffold/specs/shapes.py
and scaffold/codegen/plugin_shapes.py, shared by every language) -> the Go model of every schema
(types.py) -> generated files named by role, as Go teams know them from ogen:

- `types_gen.go`: structs, enums, sum types (declarations.py);
- `json_gen.go`: a strict decoder and an encoder per schema, code not reflection (codecs.py);
- `operations_gen.go`: BasePath, the operations table, the `Handler` interface (one method per
  operation), the routes and one serve function per operation (operations.py);
- `spec_gen.go`: the published document (GET /openapi.json); `texts_gen.go`: the glue's texts,
  scaffold/codegen/glue_texts.py (one catalogue for every language); `conformance_gen.go`: the
  documented statuses and body decoders the project's tests hold answers to, and the spec's
  request examples (conformance.py);
- plus the static runtime (`runtime_files/*.go`: the JSON reader and writer, body limits,
  languages, secrets, metrics, logs, serving) copied with the DO-NOT-EDIT header.

The project's own code (internal/datasource/, cmd/) only imports the package, so `scaffold
regenerate` may rewrite the folder whole.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from scaffold.codegen.generator import Answers
from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.go.codecs import codecs, patterns_source
from scaffold.codegen.go.conformance import conformance_source
from scaffold.codegen.go.declarations import declarations
from scaffold.codegen.go.headers import go_copied_header, go_header
from scaffold.codegen.go.names import go_string
from scaffold.codegen.go.operations import go_operations, operations_source
from scaffold.codegen.go.shared_values import FILE_NAME as RUNTIME_CONSTANTS
from scaffold.codegen.go.shared_values import go_runtime_constants, uses_runtime_values
from scaffold.codegen.go.types import go_model
from scaffold.codegen.plugin_shapes import base_path
from scaffold.codegen.runtime_values import RuntimeValue, spec_values
from scaffold.codegen.served_document import served_document
from scaffold.specs.document import SpecDocument
from scaffold.specs.service_schemas import service_model

CONTRACT_FOLDER = "internal/contract"
RUNTIME_FOLDER = Path(__file__).resolve().parent / "runtime_files"
SOURCE_FOLDER = "scaffold/codegen/go/runtime_files"
VALUES_FILE = "values_gen.go"  # a role package's shared values


# The import path scaffold's own copy of the runtime is a module under (its tests build it so); a
# copy in a project imports the same packages under the project's module path (go.mod's module:
# `--module`, by default the project's name).
SOURCE_MODULE = "example.com/plugin/"
# Packages only scaffold's tests of the runtime use, never copied into a project.
TEST_ONLY = frozenset({"casefiles"})
# The module backend's own package (module_backend.py copies it), never copied into a plugin.
MODULE_ONLY = "module"


def runtime_modules() -> tuple[str, ...]:
    """The runtime files copied into every project, relative to runtime_files/ (a role's package is a
    folder: secrets/secrets.go); their tests stay in scaffold's own suite."""
    return tuple(
        sorted(
            p.relative_to(RUNTIME_FOLDER).as_posix()
            for p in RUNTIME_FOLDER.rglob("*.go")
            if not p.name.endswith("_test.go")
            and not {*TEST_ONLY, MODULE_ONLY} & set(p.relative_to(RUNTIME_FOLDER).parts)
        )
    )


def role_packages() -> tuple[str, ...]:
    """The runtime's packages by role under internal/contract/ (folders of runtime_files/)."""
    return tuple(sorted({path.split("/")[0] for path in runtime_modules() if "/" in path}))


def _copied(source: str, module: str) -> str:
    """A runtime file as a project holds it: the copy header, and its imports of the runtime's
    packages under the project's module path."""
    text = (RUNTIME_FOLDER / source).read_text(encoding="utf-8")
    return go_copied_header(f"{SOURCE_FOLDER}/{source}") + text.replace(f'"{SOURCE_MODULE}', f'"{module}/')


def _role_values(
    role: str, values: tuple[RuntimeValue, ...], sources: Sequence[Path] | None = None
) -> str | None:
    """The shared values a role's package uses, in that package (the spec's `values` among them):
    those its `sources` name, by default its files and its tests; None when it uses none (the JSON
    reader takes its limits as arguments)."""
    if sources is None:
        sources = sorted((RUNTIME_FOLDER / role).glob("*.go"))
    text = "".join(p.read_text(encoding="utf-8") for p in sources)
    return (
        go_runtime_constants(used_in=text, spec_values=values) if uses_runtime_values(text, values) else None
    )


def contract_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    """Every file of `internal/contract/` for `spec`, as relative path -> text."""
    header = go_header(spec)
    model = go_model(service_model(spec))
    ops = go_operations(spec, model)
    folder = CONTRACT_FOLDER
    decided = spec_values(spec.data)
    files = {
        f"{folder}/types_gen.go": _file(header, declarations(model)),
        f"{folder}/json_gen.go": _file(header, codecs(model), imports=("fmt",)),
        f"{folder}/operations_gen.go": _file(
            header, operations_source(spec, model, ops, base_path(spec)), imports=("context", "net/http")
        ),
        f"{folder}/spec_gen.go": _file(header, spec_source(spec)),
        f"{folder}/conformance_gen.go": _file(header, conformance_source(spec, model)),
        f"{folder}/texts_gen.go": _file(header, texts_source()),
        f"{folder}/{RUNTIME_CONSTANTS}": _file(header, go_runtime_constants(spec_values=decided)),
    }
    patterns = patterns_source(model)
    if patterns is not None:
        files[f"{folder}/patterns_gen.go"] = _file(header, patterns, imports=("regexp",))
    module = str(answers.get("go_module") or answers["project_name"])
    for source in runtime_modules():
        files[f"{folder}/{source}"] = _copied(source, module)
    for role in role_packages():
        values = _role_values(role, decided)
        if values is not None:
            files[f"{folder}/{role}/{VALUES_FILE}"] = _file(header, values, package=role)
    return dict(sorted(files.items()))


def _file(header: str, body: str, imports: tuple[str, ...] = (), package: str = "contract") -> str:
    parts = [header, f"package {package}\n"]
    if len(imports) == 1:
        parts.append(f'\nimport "{imports[0]}"\n')
    elif imports:
        parts.append("\nimport (\n" + "".join(f'\t"{name}"\n' for name in imports) + ")\n")
    return "".join(parts) + "\n" + body.rstrip("\n") + "\n"


def spec_source(spec: SpecDocument) -> str:
    """The contract as this plugin publishes it (GET /openapi.json), servers naming the service itself."""
    document = json.dumps(served_document(spec, base_path(spec)), ensure_ascii=False, separators=(",", ":"))
    return (
        f"// Contract names the spec this package was generated from.\n"
        f"const Contract = {go_string(spec.identity())}\n\n"
        f"// Document is the spec as this plugin publishes it at GET /openapi.json (JSON).\n"
        f"var Document = []byte({go_string(document)})\n"
    )


def texts_source() -> str:
    """The generated glue's own texts by language (scaffold/codegen/glue_texts.py)."""
    text = json.dumps(RUNTIME_TEXTS, ensure_ascii=False, sort_keys=True)
    return (
        "// runtimeTexts are the glue's own texts by language (scaffold/codegen/glue_texts.py).\n"
        f"var runtimeTexts = mustTexts({go_string(text)})\n"
    )
