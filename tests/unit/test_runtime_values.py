"""The values the three runtimes share are written once (scaffold/codegen/runtime_values.py).

Each language's constants file is rendered from RUNTIME_VALUES; the hand-written runtime files
import the names and spell none of the values. Found before: DRAIN_BYTES, the body limits, the
request-duration buckets, the probe paths, the metric families and the `enc:v1:` token sizes were
typed by hand in body_limits.py, body-limits.ts and bodylimits.go (and six more files each).
"""

from __future__ import annotations

import base64
import copy
import re
from typing import Any

import pytest

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.go.plugin_service import contract_files as go_contract_files
from scaffold.codegen.go.shared_values import go_runtime_constants
from scaffold.codegen.module_contract import read_module_contract
from scaffold.codegen.python.module_backend import backend_files
from scaffold.codegen.python.plugin_service import contract_files as plugin_contract_files
from scaffold.codegen.python.runtime_files import runtime_constants as scaffold_tree_constants
from scaffold.codegen.python.shared_values import python_runtime_constants, python_runtime_texts
from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue, spec_values, whole_numbers
from scaffold.codegen.typescript.plugin_service import contract_files as ts_contract_files
from scaffold.codegen.typescript.shared_values import typescript_runtime_constants
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from tests.conftest import REPO

CODEGEN = REPO / "scaffold" / "codegen"
PLUGIN_SPEC = load_shipped("datasource-plugin")
# What the newest plugin spec decides (its example key): no runtime spells these either.
SHARED = (*RUNTIME_VALUES, *spec_values(PLUGIN_SPEC.data))
RUNTIMES = {
    "python": (CODEGEN / "python" / "runtime_files", "*.py"),
    "typescript": (CODEGEN / "typescript" / "runtime_files", "*.ts"),
    "go": (CODEGEN / "go" / "runtime_files", "*.go"),
}


def _hand_written(language: str) -> dict[str, str]:
    """The language's hand-written runtime files (its tests aside: they pin behaviour, point 2's
    shared cases take their values over), without comments and docstrings."""
    folder, pattern = RUNTIMES[language]
    found: dict[str, str] = {}
    for path in sorted(folder.rglob(pattern)):  # a role's package is a folder (Go's secrets/)
        name = path.name
        if (
            name in ("runtime_constants.py", "runtime_texts.py")  # they read the one source
            or name.endswith(("_test.go", ".test.ts"))
            or name.startswith("test_")
        ):
            continue
        found[path.relative_to(folder).as_posix()] = _code_only(path.read_text(encoding="utf-8"), language)
    return found


def _code_only(text: str, language: str) -> str:
    if language == "python":
        text = re.sub(r'"""[\s\S]*?"""', '""', text)
        return re.sub(r"#[^\n]*", "", text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"(?m)^\s*//[^\n]*|\s//\s[^\n]*", "", text)


def _spellings(item: RuntimeValue, language: str) -> list[str]:
    """How a hand-written file would spell the value as a literal (strings and the buckets)."""
    value = item.value
    if item.name in ("LOG_TIME_KEY", "LOG_LEVEL_KEY", "LOG_MESSAGE_KEY"):
        # Words every runtime spells for other things too ("message" of an error body, a "level"
        # setting): held by the shared log-record cases (log_records.json) instead.
        return []
    if isinstance(value, tuple) and all(isinstance(part, str) for part in value):
        # the list as a hand-written one would spell it (a label or level name alone is a common word)
        listed = [", ".join(f"{quote}{part}{quote}" for part in value) for quote in "\"'"]
        return listed + (['"TRACE"', "'TRACE'", '"FATAL"', "'FATAL'"] if item.name == "LOG_LEVELS" else [])
    if isinstance(value, str):
        return [f'"{value}"', f"'{value}'", f"`{value}`"] + (
            [f"'{value.lower()}'"] if value != value.lower() else []
        )
    if isinstance(value, tuple) and whole_numbers(value):
        return [", ".join(str(part) for part in value[:3])]  # the statuses' first, in any language's list
    if isinstance(value, tuple):
        return ["0.005, 0.01, 0.025"]  # the buckets' first bounds, in any language's list
    # A number is too common to find by its digits (16 KiB is also a first buffer's size): the
    # shared numbers are held by their names (the test below) and their renderings.
    return []


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_hand_written_runtime_file_spells_a_shared_value(language: str) -> None:
    files = _hand_written(language)
    assert files, f"no runtime files found for {language}"
    spelled = [
        f"{name}: {item.name} as {spelling}"
        for item in SHARED
        for spelling in _spellings(item, language)
        for name, code in files.items()
        if spelling in code
    ]
    assert not spelled, "import the shared name instead (scaffold/codegen/runtime_values.py):\n" + "\n".join(
        spelled
    )


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_hand_written_runtime_file_defines_a_shared_name(language: str) -> None:
    names = {item.go_name if language == "go" else item.name for item in SHARED}
    definition = {
        "python": r"(?m)^({names})\s*=",
        "typescript": r"(?m)^(?:export\s+)?const\s+({names})\b",
        "go": r"(?m)^\s*(?:const\s+|var\s+)?({names})\s*=",
    }[language].format(names="|".join(sorted(names)))
    defined = [
        f"{name}: {m[1]}"
        for name, code in _hand_written(language).items()
        for m in re.finditer(definition, code)
    ]
    assert not defined, "defined by hand, not from scaffold/codegen/runtime_values.py:\n" + "\n".join(defined)


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_hand_written_runtime_file_reads_the_spec_s_example_key(language: str) -> None:
    """The example key comes from spec_values (PUBLISHED_SECRET_KEYS), as Python's runtime reads it.
    Found: TypeScript's conformance.ts read `info.x-example-secret-key` out of the served document by
    hand, a second reading of the spec beside the one scaffold renders."""
    reading = [name for name, code in _hand_written(language).items() if "x-example-secret-key" in code]
    assert not reading, f"import PUBLISHED_SECRET_KEYS instead: {reading}"


def _executed(source: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(source, "<rendered>", "exec"), namespace)
    return namespace


def test_every_language_renders_every_value() -> None:
    decided = spec_values(PLUGIN_SPEC.data)
    python = _executed(python_runtime_constants(decided))
    typescript = typescript_runtime_constants("", decided)
    go = go_runtime_constants(spec_values=decided)
    for item in SHARED:
        assert python[item.name] == item.value, item.name
        assert f"export const {item.name}" in typescript, item.name
        assert re.search(rf"(?m)^(const|var) {item.go_name} = ", go), item.go_name


def test_a_python_project_s_texts_are_the_one_catalogue() -> None:
    assert _executed(python_runtime_texts())["RUNTIME_TEXTS"] == RUNTIME_TEXTS


def test_scaffold_s_own_python_runtime_reads_every_value_by_its_name() -> None:
    """runtime_files/runtime_constants.py names each value (typed, for mypy) and reads it from the
    source: a value added to RUNTIME_VALUES and not named there fails here."""
    named = {name for name in vars(scaffold_tree_constants) if name.isupper() and not name.startswith("_")}
    assert named == {item.name for item in SHARED}
    for item in SHARED:
        assert getattr(scaffold_tree_constants, item.name) == item.value, item.name


def test_go_names_follow_go_s_initialisms() -> None:
    names = {item.name: item.go_name for item in RUNTIME_VALUES}
    assert names["MAX_JSON_DEPTH"] == "MaxJSONDepth"
    assert names["REQUEST_ID_HEADER"] == "RequestIDHeader"
    assert names["DRAIN_BYTES"] == "DrainBytes"


def test_the_module_backend_and_the_plugins_ship_the_constants() -> None:
    plugin = plugin_contract_files(
        load_shipped("datasource-plugin"), {"project_name": "acme-sales", "package_name": "acme_sales"}
    )
    assert plugin["acme_sales/_contract/runtime_constants.py"].endswith(
        python_runtime_constants(spec_values(PLUGIN_SPEC.data))
    )
    assert plugin["acme_sales/_contract/runtime_texts.py"].endswith(python_runtime_texts())
    spec = load_shipped("dashboard-module")
    module = backend_files(spec, read_module_contract(spec), "acme_map")
    assert module["backend/acme_map/_contract/runtime_constants.py"].endswith(
        python_runtime_constants(spec_values(spec.data))  # the module's spec publishes no key
    )
    assert (
        "PUBLISHED_SECRET_KEYS: tuple[str, ...] = ()"
        in module["backend/acme_map/_contract/runtime_constants.py"]
    )


def _with_example_key(key: str | None) -> SpecDocument:
    data = copy.deepcopy(PLUGIN_SPEC.data)
    if key is None:
        del data["info"]["x-example-secret-key"]
    else:
        data["info"]["x-example-secret-key"] = key
    return SpecDocument(PLUGIN_SPEC.contract, "9.9.9", "test", PLUGIN_SPEC.path, "0" * 64, data)


@pytest.mark.parametrize("key", [base64.urlsafe_b64encode(bytes(range(7, 39))).decode(), None])
def test_the_key_a_plugin_refuses_in_production_is_its_own_spec_s_example_key(key: str | None) -> None:
    """Each language's plugin holds the example key of the spec it is generated from (none when the
    spec names none), so a spec with another example key is refused alike and no runtime spells it."""
    spec = _with_example_key(key)
    answers = {"project_name": "acme-sales", "package_name": "acme_sales"}
    python = _executed(plugin_contract_files(spec, answers)["acme_sales/_contract/runtime_constants.py"])
    assert python["PUBLISHED_SECRET_KEYS"] == (() if key is None else (key,))
    typescript = ts_contract_files(spec, answers)["src/contract/runtime-constants.ts"]
    listed = "[]" if key is None else f"['{key}']"
    assert f"export const PUBLISHED_SECRET_KEYS: readonly string[] = {listed};" in typescript
    go = go_contract_files(spec, answers)
    listed = "" if key is None else f'"{key}"'
    for path in ("internal/contract/runtime_constants_gen.go", "internal/contract/secrets/values_gen.go"):
        assert f"var PublishedSecretKeys = [...]string{{{listed}}}" in go[path], path


def test_the_go_templates_time_a_request_head_by_the_shared_value() -> None:
    """HEADER_SECONDS is the head's deadline in every language: Go's is the http.Server of each Go
    template's cmd/main.go (net/http's ReadHeaderTimeout), which was spelled `10 * time.Second`."""
    mains = sorted((REPO / "templates").glob("*-go/project/**/cmd/*/main.go.jinja"))
    assert len(mains) == 2, mains
    for main in mains:
        text = main.read_text(encoding="utf-8")
        assert "ReadHeaderTimeout: contract.HeaderSeconds * time.Second," in text, main


def test_the_go_templates_bound_a_request_and_an_idle_connection_by_the_shared_values() -> None:
    """REQUEST_SECONDS and IDLE_SECONDS are Go's ReadTimeout and IdleTimeout, which were spelled
    `300 * time.Second` and `120 * time.Second` in each Go template's cmd/main.go."""
    mains = sorted((REPO / "templates").glob("*-go/project/**/cmd/*/main.go.jinja"))
    assert len(mains) == 2, mains
    for main in mains:
        text = main.read_text(encoding="utf-8")
        assert "ReadTimeout:       contract.RequestSeconds * time.Second," in text, main
        assert "IdleTimeout:       contract.IdleSeconds * time.Second," in text, main


# A server's own timeouts set to a number (uvicorn's options, Node's server fields, net/http's
# Server fields): the seconds a server applies are shared values, named.
SERVER_TIMEOUTS = {
    "python": r"\btimeout_(?:keep_alive|graceful_shutdown)\W{1,4}\d",
    "typescript": r"\b(?:keepAliveTimeout|requestTimeout|headersTimeout)\s*[=:]\s*\d",
    "go": r"\b(?:ReadHeaderTimeout|ReadTimeout|WriteTimeout|IdleTimeout)\s*:\s*\d",
}
# A shared number of seconds as a language spells a duration of it (Python's are plain numbers,
# found by SERVER_TIMEOUTS where a server takes them).
DURATION = {
    "python": [],
    "typescript": [r"(?<![\w.]){value}\s*\*\s*1000\b", r"(?:Timeout|Ms|_MS)\s*[=:]\s*{ms}\b"],
    "go": [r"(?<![\w.]){value}\s*\*\s*time\.Second\b"],
}


def _templates(language: str) -> dict[str, str]:
    """The templates' files of `language` (history aside), without comments and docstrings."""
    suffix = {"python": ".py", "typescript": ".ts", "go": ".go"}[language]
    found: dict[str, str] = {}
    for path in sorted((REPO / "templates").rglob("*")):
        relative = path.relative_to(REPO / "templates").as_posix()
        if relative.startswith("history/") or not path.is_file():
            continue
        if path.name.removesuffix(".jinja").endswith(suffix):
            found[relative] = _code_only(path.read_text(encoding="utf-8"), language)
    return found


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_runtime_file_or_template_sets_a_server_timeout_to_a_number(language: str) -> None:
    """The seconds a server applies (head, whole request, idle connection) are the shared values:
    Go's cmd/main.go spelled `300 * time.Second` and `120 * time.Second`. (A server left at its own
    default, as TypeScript's were at Fastify's and Python's at uvicorn's, is no spelling to find:
    tests/functional/test_idle_connections.py reads what each server applies.)"""
    seconds = {item.value for item in RUNTIME_VALUES if item.name.endswith("_SECONDS")}
    patterns = [SERVER_TIMEOUTS[language]] + [
        pattern.format(value=value, ms=value * 1000)
        for value in sorted(v for v in seconds if isinstance(v, int) and v >= 10)  # 1 s, 2 s: too common
        for pattern in DURATION[language]
    ]
    files = {**_hand_written(language), **_templates(language)}
    assert len(files) > 10, sorted(files)
    found = [
        f"{name}: {match[0]!r}"
        for name, code in files.items()
        for pattern in patterns
        for match in re.finditer(pattern, code)
    ]
    assert not found, "name the value of scaffold/codegen/runtime_values.py:\n" + "\n".join(found)
