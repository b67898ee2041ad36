"""Spec revisions correct the spec, not the contract: the wire stays what revision 1 says.

Revision 1 of each contract is checked field by field against the contract document
(test_spec_datasource_plugin.py, test_spec_dashboard_module.py). A revision may document more
(statuses, rules, names, examples), so instead of repeating those tables this compares every
schema of revision 1 with the same schema of the newest revision once named enums and unions are
spelled out again, documentation keywords are dropped and `additionalProperties: true` (JSON
Schema's default, spelled out) is ignored: what remains must be equal, apart from the changes listed
here on purpose.
"""

from __future__ import annotations

import base64
import copy
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.specs.catalog import load_shipped, versions_of
from scaffold.specs.document import SpecDocument
from scaffold.specs.spec_versions import contract_version, spec_revision

SCHEMA_PREFIX = "#/components/schemas/"
DOCUMENTATION = {"description", "summary", "example", "examples", "x-scaffold-decision", "title"}
# Schema changes a revision makes on purpose, with the reason (the spec's description says it too).
INTENDED: dict[str, set[str]] = {
    # "dataQuery must hold at least one entry" was enforced (the 400 example says so), now stated.
    "datasource-plugin": {"QueryDataRequest"},
    # The demo stub's bodies are scaffold's own shapes; from r2 on they are told apart without `not`.
    "dashboard-module": {"DemoStatusPayload", "DemoStatusResponse"},
}
POST_STATUSES = {"400", "413", "422", "500"}


def _newest_revisions() -> Iterator[tuple[SpecDocument, SpecDocument]]:
    for contract in ("datasource-plugin", "dashboard-module"):
        newest = load_shipped(contract)
        if spec_revision(newest.version) > 1:
            yield load_shipped(contract, contract_version(newest.version)), newest


PAIRS = list(_newest_revisions())
IDS = [new.identity() for _old, new in PAIRS]


def _wire(node: Any, schemas: dict[str, Any], depth: int = 0) -> Any:
    """`node` with documentation dropped and refs to non-object named schemas inlined."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and depth < 20:
            target = schemas.get(ref.removeprefix(SCHEMA_PREFIX), {})
            if "properties" not in target:
                merged = {**{k: v for k, v in node.items() if k != "$ref"}, **target}
                return _wire(merged, schemas, depth + 1)
        return {
            k: _wire(v, schemas, depth)
            for k, v in node.items()
            if k not in DOCUMENTATION and (k, v) != ("additionalProperties", True)  # JSON Schema's default
        }
    if isinstance(node, list):
        return [_wire(v, schemas, depth) for v in node]
    return node


def test_both_contracts_have_a_revision() -> None:
    assert [new.version for _old, new in PAIRS] == ["1.2.0+r3", "2026.1.1+r5"]
    assert versions_of("datasource-plugin")[-3:] == ["1.2.0", "1.2.0+r2", "1.2.0+r3"]


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=IDS)
def test_a_revision_keeps_every_schema_of_revision_1_on_the_wire(
    old: SpecDocument, new: SpecDocument
) -> None:
    old_schemas = dict(old.data["components"]["schemas"])
    new_schemas = dict(new.data["components"]["schemas"])
    changed = [
        name
        for name, schema in old_schemas.items()
        if name not in INTENDED[old.contract]
        and _wire(schema, old_schemas) != _wire(new_schemas.get(name), new_schemas)
    ]
    assert changed == [], (
        f"{new.identity()} changes the wire shape of {changed} (a new contract version would)"
    )


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=IDS)
def test_a_revision_keeps_every_operation_and_success_body(old: SpecDocument, new: SpecDocument) -> None:
    for path, item in old.data["paths"].items():
        for method, operation in item.items():
            revised = new.data["paths"][path][method]
            assert revised["operationId"] == operation["operationId"]
            for status, response in operation["responses"].items():
                if status.startswith("2"):
                    before = response["content"]["application/json"]["schema"]
                    after = revised["responses"][status]["content"]["application/json"]["schema"]
                    assert after == before, f"{method.upper()} {path} {status}"


@pytest.mark.parametrize(("old", "new"), PAIRS, ids=IDS)
def test_a_revision_declares_no_authentication_and_documents_every_error_status(
    old: SpecDocument, new: SpecDocument
) -> None:
    assert new.data["security"] == []
    info = new.data["info"]
    assert (info["x-contract-version"], info["x-spec-revision"]) == (old.version, spec_revision(new.version))
    assert "404" in info["x-scaffold-decision"] and "405" in info["x-scaffold-decision"]
    for path, item in new.data["paths"].items():
        for method, operation in item.items():
            statuses = set(operation["responses"])
            if "requestBody" not in operation:
                expected = {"500"}
            elif new.contract == "datasource-plugin":
                expected = POST_STATUSES
            else:
                expected = {"400", "413", "500"}
            assert expected <= statuses, f"{method.upper()} {path} documents {sorted(statuses)}"
            for status, response in operation["responses"].items():
                if "$ref" in response:  # a shared response under components/responses
                    response = new.data["components"]["responses"][response["$ref"].rsplit("/", 1)[-1]]
                media = response["content"]["application/json"]
                assert "schema" in media and media.get("examples"), f"{method.upper()} {path} {status}"


def test_plugin_revision_names_the_inline_enums_and_the_variables_union() -> None:
    spec = load_shipped("datasource-plugin", "1.2.0+r3").data
    schemas = spec["components"]["schemas"]
    for name in (
        "DatasourceFieldType",
        "ConstructorFieldType",
        "ConstructorFieldSize",
        "VariableValue",
        "Variables",
    ):
        assert name in schemas
    assert schemas["DatasourceField"]["properties"]["type"]["$ref"].endswith("/DatasourceFieldType")
    for request in (
        "ConstructorRequest",
        "DataSourceConstructorRequest",
        "VariablesRequest",
        "QueryDataRequest",
    ):
        assert schemas[request]["properties"]["variables"]["$ref"].endswith("/Variables")
    query = schemas["QueryDataRequest"]
    assert query["required"] == ["dataQuery"] and query["properties"]["dataQuery"]["minItems"] == 1


def _encrypted_examples(node: Any, where: str = "") -> Iterator[tuple[str, str, str]]:
    """(where, field code, token) of every encrypted value in `node`."""
    if isinstance(node, dict):
        value, code = node.get("value"), node.get("code")
        if isinstance(value, str) and value.startswith("enc:v1:") and isinstance(code, str):
            yield where, code, value
        for key, child in node.items():
            yield from _encrypted_examples(child, f"{where}/{key}")
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from _encrypted_examples(child, f"{where}/{index}")


def test_every_encrypted_plugin_example_decrypts_with_the_published_example_key() -> None:
    spec = load_shipped("datasource-plugin", "1.2.0+r3").data
    key = base64.urlsafe_b64decode(spec["info"]["x-example-secret-key"])
    found = list(_encrypted_examples(copy.deepcopy(spec["paths"])))
    assert len(found) >= 3
    for where, code, token in found:
        body = token.removeprefix("enc:v1:")
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        try:
            AESGCM(key).decrypt(raw[:12], raw[12:], b"field:" + code.encode())
        except InvalidTag:
            pytest.fail(f"the example value at {where} does not decrypt with x-example-secret-key")


def _english(key: str, **params: str) -> str:
    text = RUNTIME_TEXTS["en-US"][key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", value)
    return text


def test_plugin_revision_3_reads_too_few_entries_as_the_contracts_400() -> None:
    """Found (issue 40 point 6): every generated plugin answers a health check without an entry
    for a field its form requires 400 (the contract's "too few entries in
    DatasourceConfig.fields"), while revision 2, which each plugin serves as /openapi.json, said
    a missing required field was 422. Revision 3 documents the 400 with the runtime's own text."""
    responses = load_shipped("datasource-plugin", "1.2.0+r3").data["paths"]["/datasource/health-check"][
        "post"
    ]["responses"]
    example = responses["400"]["content"]["application/json"]["examples"]["tooFewEntries"]["value"]
    assert example["message"] == _english("form.missing", codes="host, password")
    assert "too few entries" in responses["400"]["description"]
    assert "missing" not in responses["422"]["description"]


def test_plugin_revision_3_documents_408_and_503_with_the_runtimes_texts() -> None:
    """Found: generated plugins answer 408 (a body that stops arriving) and 503 (busy, stopping)
    on every operation, and no revision documented them."""
    spec = load_shipped("datasource-plugin", "1.2.0+r3").data
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            examples = {
                name: example["value"]["message"]
                for status in ("408", "503")
                if status in responses
                for name, example in responses[status]["content"]["application/json"]["examples"].items()
            }
            assert examples["stopping"] == _english("stopping"), f"{method} {path}"
            if "requestBody" in operation:
                assert examples["stalled"] == _english("body.stalled"), f"{method} {path}"
                assert examples["busy"] == _english("body.busy"), f"{method} {path}"
