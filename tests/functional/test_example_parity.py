"""The example data sources of the three languages answer these requests alike (issue 38 point 6).

One table of requests, each sent to the Python, TypeScript and Go examples served side by side
(tests/served_examples.py), with the status every one must answer and, where it matters, the
answer: the host names a query finds, the values a variable lists, or the start of the message
(in English). Every row is one the three answered differently before it was decided:

- variable names: `$__proto__`, `$constructor`, `$toString` are names like any other. A filter
  value that is a whole `$name` (or `${name}`) the request does not define is refused with 422
  naming the filter (Python read it as literal text); a name starts with a letter or `_`, so
  `$1` is literal text (TypeScript and Go took the variable `1`), and `$host` followed by a
  newline is no whole `$name` (Python took the variable; it still replaces a reference inside
  longer text, which TypeScript and Go do not: `db-0$n` is a row of the next step);
- a query without a table, and a variable query without a table or column: the forms mark those
  fields required, so it is refused with 422 "<field> is required" (TypeScript and Go used a
  default table and column);
- filter numbers: the value of a filter on a number column is a finite decimal in JSON number
  syntax (as text, or as a JSON number in JSON mode); anything else (NaN, Infinity, 1e309, 1_000,
  0x10, " 1", +1) is refused with 422 naming the filter. Python compared such text with SQLite's
  rules, TypeScript and Go read it with JavaScript's Number() (0x10 was 16, " 1" was 1); a JSON
  number was fine in Python only, a JSON `NaN` literal too. A text "1e2" was already read alike
  (100) and is held by each example's own tests.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.served_examples import served_examples

pytestmark = pytest.mark.slow

API = "/api/v1"
NOT_A_NUMBER = (
    "Query A: filters: the column holds numbers, the value is not one: "
    "write a finite decimal such as 42, -0.5 or 1e2"
)
UNKNOWN_VARIABLE = "filters: the value names a variable that the request does not define"


def servers(
    column: str, operator: str, value: str, variables: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A get-result body: the servers table (host names and cores) with one filter; `value` is
    JSON text, so a row may hold what no language's own encoder writes (1e309, NaN)."""
    group = {"column": column, "operator": operator, "value": "VALUE"}
    spec = {
        "table": "servers",
        "format": "table",
        "groupBy": "hostname",
        "valueColumns": ["cores"],
        "filters": [group],
    }
    text = json.dumps(spec).replace('"VALUE"', value)
    return {"dataQuery": [{"refID": "A", "json": text}], "variables": variables or {}}


def variable(spec: dict[str, Any], variables: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"json": json.dumps(spec), "variables": variables or {}}


RESULT = "/query/get-result"
VALUES = "/variable/values"
NAMED = {"source": "column_values", "table": "servers", "column": "hostname"}

# label: (path, body, status, answer): for 200 the host names (get-result) or values (variable
# values) in order, for 422 the start of the message.
ROWS: dict[str, tuple[str, dict[str, Any], int, Any]] = {
    # variable names
    "$__proto__ the request does not define": (
        RESULT,
        servers("hostname", "=", '"$__proto__"'),
        422,
        f"Query A: {UNKNOWN_VARIABLE}",
    ),
    "${constructor} the request does not define": (
        RESULT,
        servers("hostname", "=", '"${constructor}"'),
        422,
        f"Query A: {UNKNOWN_VARIABLE}",
    ),
    "$toString the request does not define": (
        RESULT,
        servers("hostname", "=", '"$toString"'),
        422,
        f"Query A: {UNKNOWN_VARIABLE}",
    ),
    "$__proto__ in a variable query, undefined": (
        VALUES,
        variable({**NAMED, "filters": [{"column": "hostname", "value": "$__proto__"}]}),
        422,
        f"Variable query: {UNKNOWN_VARIABLE}",
    ),
    "$1 is text, not the variable 1": (RESULT, servers("hostname", "=", '"$1"', {"1": "db-02"}), 200, []),
    "$host and a newline is no whole variable": (
        RESULT,
        servers("hostname", "=", '"$host\\n"', {"host": "db-02"}),
        200,
        [],
    ),
    # required fields
    "a query of {}": (
        RESULT,
        {"dataQuery": [{"refID": "A", "json": "{}"}]},
        422,
        "Query A: table is required",
    ),
    "a query without json": (RESULT, {"dataQuery": [{"refID": "A"}]}, 422, "Query A: table is required"),
    'a query of table ""': (
        RESULT,
        {"dataQuery": [{"refID": "A", "json": '{"table": "", "format": "table"}'}]},
        422,
        "Query A: table is required",
    ),
    "a variable query without a table": (
        VALUES,
        variable({"source": "column_values", "column": "hostname"}),
        422,
        "Variable query: table is required",
    ),
    "a variable query without a column": (
        VALUES,
        variable({"source": "column_values", "table": "servers"}),
        422,
        "Variable query: column is required",
    ),
    # filter numbers
    **{
        f"cores >= {text}": (RESULT, servers("cores", ">=", text), 422, NOT_A_NUMBER)
        for text in ('"NaN"', '"Infinity"', '"1e309"', '"1_000"', '"0x10"', '" 1"', '"+1"')
    },
    'cores >= $n, n = "1e309"': (RESULT, servers("cores", ">=", '"$n"', {"n": "1e309"}), 422, NOT_A_NUMBER),
    'cores = $n, n = ["16", "0x8"]': (
        RESULT,
        servers("cores", "=", '"$n"', {"n": ["16", "0x8"]}),
        422,
        NOT_A_NUMBER,
    ),
    "cores >= the JSON number 1e1": (RESULT, servers("cores", ">=", "1e1"), 200, ["db-01"]),
    "cores >= the JSON number 1e309": (RESULT, servers("cores", ">=", "1e309"), 422, NOT_A_NUMBER),
    "cores >= the JSON text NaN (not JSON)": (
        RESULT,
        servers("cores", ">=", "NaN"),
        422,
        "Query A: json is not valid JSON",
    ),
    "hostname = the JSON number 5 (a text column)": (
        RESULT,
        servers("hostname", "=", "5"),
        422,
        "Query A: value must be a string",
    ),
}


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    with served_examples(tmp_path_factory) as served:
        yield served


def answer(origin: str, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    """(status, what the row compares): the host names or values of a 200, the message of an error."""
    response = httpx.post(origin + API + path, json=body, headers={"Accept-Language": "en-US"}, timeout=30)
    found = response.json()
    if response.status_code != 200:
        return response.status_code, found.get("message") if isinstance(found, dict) else found
    if path == VALUES:
        return 200, [option["value"] for option in found]
    return 200, [row.get("hostname") for row in found["frames"][0]["fields"][0]["values"]]


def disagreements(origins: dict[str, str], label: str) -> dict[str, tuple[int, Any]]:
    """The languages whose answer to row `label` is not the decided one, and what they answered."""
    path, body, status, expected = ROWS[label]
    wrong = {}
    for language, origin in origins.items():
        got_status, got = answer(origin, path, body)
        matches = got == expected if status == 200 else isinstance(got, str) and got.startswith(expected)
        if got_status != status or not matches:
            wrong[language] = (got_status, got)
    return wrong


@pytest.mark.parametrize("label", list(ROWS))
def test_every_example_answers_the_row_alike(origins: dict[str, str], label: str) -> None:
    _, _, status, expected = ROWS[label]
    wrong = disagreements(origins, label)
    assert not wrong, f"want {status} {expected!r}; answered otherwise: {wrong}"


# Array groups (issue 40 point 2): the groups a query form answers for the filter groups sent, as
# (arrayIndex, code, value). Each group keeps its own arrayIndex: the TypeScript and Go examples
# filled the gap at 1 with a group of defaults and dropped index 60 (they kept 50 groups), the
# Python example renumbered 2 and 60 to 1 and 2. Index 100 is past MAX_ARRAY_GROUPS everywhere.
GROUPS_SENT = [
    {"key": "queryType", "value": "constructor"},
    {"key": "table", "value": "servers"},
    {"key": "column", "arrayIndex": 2, "value": "region"},
    {"key": "value", "arrayIndex": 2, "value": "eu"},
    {"key": "column", "arrayIndex": 0, "value": "hostname"},
    {"key": "value", "arrayIndex": 0, "value": "db-01"},
    {"key": "value", "arrayIndex": 60, "value": "x"},
    {"key": "value", "arrayIndex": 100, "value": "skipped"},
]
GROUPS_ANSWERED = [0, 0, 0, 2, 2, 2, 60, 60, 60]


def test_every_example_answers_each_array_group_by_its_own_index(origins: dict[str, str]) -> None:
    answered = {}
    for language, origin in origins.items():
        response = httpx.post(
            origin + API + "/query/constructor-fields",
            json={"filter": {"fields": GROUPS_SENT}},
            headers={"Accept-Language": "en-US"},
            timeout=30,
        )
        assert response.status_code == 200, (language, response.text[:500])
        filters = next(field for field in response.json() if field["code"] == "filters")
        nested = filters["props"]["fields"]
        answered[language] = [field.get("arrayIndex") for field in nested]
        values = [(field["arrayIndex"], field["code"], field.get("value")) for field in nested]
        assert (0, "value", "db-01") in values and (2, "value", "eu") in values, (language, values)
    assert answered == dict.fromkeys(origins, GROUPS_ANSWERED), answered
