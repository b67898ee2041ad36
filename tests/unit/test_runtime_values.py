"""The values the three runtimes share are written once (scaffold/codegen/runtime_values.py).

Each language's constants file is rendered from RUNTIME_VALUES; the hand-written runtime files
import the names and spell none of the values. Found before: DRAIN_BYTES, the body limits, the
request-duration buckets, the probe paths, the metric families and the `enc:v1:` token sizes were
typed by hand in body_limits.py, body-limits.ts and bodylimits.go (and six more files each).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scaffold.codegen.go.shared_values import go_runtime_constants
from scaffold.codegen.python.shared_values import (
    COMMITTED,
    COMMITTED_TEXTS,
    python_runtime_constants,
    python_runtime_texts,
)
from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue
from scaffold.codegen.typescript.shared_values import typescript_runtime_constants
from tests.conftest import REPO

CODEGEN = REPO / "scaffold" / "codegen"
RUNTIMES = {
    "python": (CODEGEN / "runtime_files", "*.py"),
    "typescript": (CODEGEN / "typescript" / "runtime_files", "*.ts"),
    "go": (CODEGEN / "go" / "runtime_files", "*.go"),
}
REFRESH = "python -m scaffold.codegen.python.shared_values"


def _hand_written(language: str) -> dict[str, str]:
    """The language's hand-written runtime files (its tests aside: they pin behaviour, point 2's
    shared cases take their values over), without comments and docstrings."""
    folder, pattern = RUNTIMES[language]
    found: dict[str, str] = {}
    for path in sorted(folder.glob(pattern)):
        name = path.name
        if (
            name in ("runtime_constants.py", "runtime_texts.py")  # rendered, not hand-written
            or name.endswith(("_test.go", ".test.ts"))
            or name.startswith("test_")
        ):
            continue
        found[name] = _code_only(path.read_text(encoding="utf-8"), language)
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
    if isinstance(value, str):
        return [f'"{value}"', f"'{value}'", f"`{value}`"] + (
            [f"'{value.lower()}'"] if value != value.lower() else []
        )
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
        for item in RUNTIME_VALUES
        for spelling in _spellings(item, language)
        for name, code in files.items()
        if spelling in code
    ]
    assert not spelled, "import the shared name instead (scaffold/codegen/runtime_values.py):\n" + "\n".join(
        spelled
    )


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_hand_written_runtime_file_defines_a_shared_name(language: str) -> None:
    names = {item.go_name if language == "go" else item.name for item in RUNTIME_VALUES}
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


def test_the_python_runtime_s_copy_is_the_rendering() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == python_runtime_constants(), (
        f"{COMMITTED.relative_to(REPO)} differs from scaffold/codegen/runtime_values.py: run `{REFRESH}`"
    )


def test_the_python_runtime_s_texts_are_the_rendering() -> None:
    assert COMMITTED_TEXTS.read_text(encoding="utf-8") == python_runtime_texts(), (
        f"{COMMITTED_TEXTS.relative_to(REPO)} differs from scaffold/codegen/glue_texts.py: run `{REFRESH}`"
    )


def test_every_language_renders_every_value() -> None:
    from scaffold.codegen.runtime_files import runtime_constants as python_copy

    typescript = typescript_runtime_constants("")
    go = go_runtime_constants()
    for item in RUNTIME_VALUES:
        expected = list(item.value) if isinstance(item.value, tuple) else item.value
        actual = getattr(python_copy, item.name)
        assert (list(actual) if isinstance(actual, tuple) else actual) == expected, item.name
        assert f"export const {item.name}" in typescript, item.name
        assert re.search(rf"(?m)^(const|var) {item.go_name} = ", go), item.go_name


def test_go_names_follow_go_s_initialisms() -> None:
    names = {item.name: item.go_name for item in RUNTIME_VALUES}
    assert names["MAX_JSON_DEPTH"] == "MaxJSONDepth"
    assert names["REQUEST_ID_HEADER"] == "RequestIDHeader"
    assert names["DRAIN_BYTES"] == "DrainBytes"


def test_the_module_backend_and_the_plugins_ship_the_constants() -> None:
    from scaffold.codegen.python.module_backend import RUNTIME_SOURCES
    from scaffold.codegen.python.plugin_service import RUNTIME_MODULES

    assert "runtime_constants.py" in RUNTIME_SOURCES and "runtime_constants.py" in RUNTIME_MODULES
    assert Path(COMMITTED).name == "runtime_constants.py"
