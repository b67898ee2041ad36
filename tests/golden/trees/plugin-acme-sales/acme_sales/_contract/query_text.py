# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/query_text.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""A query's text: `DataQuery.json` read as an object, and `$variables` expanded in a text.

The contract sends a JSON-mode query as `DataQuery.json` (and a variable query as
`VariablesRequest.json`): "JSON text with free structure", a string inside the request, so the
routes' strict reading of the body never looked inside it. `query_json` and `variable_query_json`
read it as strictly as the body (scaffold/codegen/cases/data_queries.json holds the cases every
runtime reads alike):

- absent, empty or JSON white space only: `{}` (a query sent without a form);
- longer than MAX_QUERY_TEXT_BYTES (UTF-8), arrays and objects nested deeper than MAX_JSON_DEPTH
  (a `max_depth` may lower it, never raise it),
  no JSON (NaN and Infinity are none), a key twice in one object or a lone surrogate, or a value
  other than an object: a PluginError 422 in the contract's get-result shape, message
  "Query <refID>: <reason>" and validationErrors {<refID>: <reason>}. A refID that is not a short
  plain identifier is named by its position (#2) and keyed `dataQuery.<index>`, so an answer never
  quotes arbitrary request text. `variable_query_json` answers "Variable query: <reason>", keyed
  `json`; `parse_json_object` raises the bare reason for any other text.

The contract says only that `variables` "holds variables to be substituted in the query".
`expand_variables` substitutes them the common way (scaffold/codegen/cases/variable_expansion.json):

- `$name` and `${name}`, a name being `[A-Za-z_][A-Za-z0-9_]*` (`$name` takes the longest);
  anything else after `$` (`$1`, `$$`, `${a-b}`, a `${` never closed) is text, kept as written;
- a string value stands for itself, a list for its items joined by "," (none: empty text);
- `escape` is applied to every value (every item of a list) before it is put in the text, never to
  the text around it: pass `sql_string` for a SQL string literal, `url_component` for a URL part,
  or your driver's own quoting. Better still, bind values as parameters where the driver can;
- a name the request does not define is, by `undefined`: "error" (the default, a PluginError 422
  naming it), "keep" (the reference stays as written: for text where `$` may mean something else)
  or "empty" (replaced by nothing);
- the result is at most `max_bytes` (UTF-8; MAX_QUERY_TEXT_BYTES by default), else a 422: a list
  of thousands of values used many times cannot grow a query without bound.

`variable_reference` tells whether a text is one whole reference, for a value that takes a
variable's list as a list (a filter `host = $hosts` meaning "any of them").
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol
from urllib.parse import quote

from .catalog import runtime_text
from .errors import PluginError
from .runtime_constants import DEFAULT_LOCALE, MAX_JSON_DEPTH, MAX_QUERY_TEXT_BYTES
from .strict_json import NotJson, scan, values

Variables = Mapping[str, str | Sequence[str]]
Undefined = Literal["error", "keep", "empty"]
# A refID a message may name: short and plain (anything else is named by its position).
_PLAIN_REF = re.compile(r"[A-Za-z0-9_-]{1,16}")
_REFERENCE = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
_JSON_SPACE = " \t\n\r"
_NON_JSON_LITERAL = re.compile(r"NaN|Infinity")
# A string literal, to its closing quote or the end of the text (a backslash escapes the next
# character), or a bracket outside one: how the TypeScript and Go runtimes scan a text too.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
_NAME_CHARS = 64  # a longer variable name is clipped in a message
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_MAX_INT_DIGITS = 4300  # Python's own bound on the digits of an int read from text


class DataQueryLike(Protocol):
    """What `query_json` reads of a DataQuery (the generated model has both)."""

    @property
    def ref_id(self) -> str | None: ...

    @property
    def json_(self) -> str | None: ...


def query_error(ref_id: str | None, index: int, reason: str, locale: str = DEFAULT_LOCALE) -> PluginError:
    """A 422 about query number `index` (from 0) of a get-result request, in the contract's shape:
    "Query A: <reason>", validationErrors {"A": reason}; a refID that is not a short plain
    identifier is named by position ("Query #3") and keyed "dataQuery.2"."""
    ref = ref_id or ""
    if _PLAIN_REF.fullmatch(ref):
        name, key = ref, ref
    else:
        name, key = runtime_text(locale, "query.position", n=index + 1), f"dataQuery.{index}"
    message = runtime_text(locale, "query.invalid", query=name, reason=reason)
    return PluginError(message, validation_errors={key: reason})


def query_json(
    query: DataQueryLike,
    index: int,
    locale: str = DEFAULT_LOCALE,
    *,
    max_bytes: int = MAX_QUERY_TEXT_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> dict[str, Any]:
    """`query.json_` (query number `index` of the request) as an object; a 422 naming the query."""
    try:
        return parse_json_object(query.json_, locale, max_bytes=max_bytes, max_depth=max_depth)
    except PluginError as exc:
        raise query_error(query.ref_id, index, exc.message, locale) from None


def variable_query_json(
    text: str | None,
    locale: str = DEFAULT_LOCALE,
    *,
    max_bytes: int = MAX_QUERY_TEXT_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> dict[str, Any]:
    """A VariablesRequest.json text as an object; a 422 "Variable query: <reason>", keyed json."""
    try:
        return parse_json_object(text, locale, max_bytes=max_bytes, max_depth=max_depth)
    except PluginError as exc:
        message = runtime_text(locale, "query.variable", reason=exc.message)
        raise PluginError(message, validation_errors={"json": exc.message}) from None


def parse_json_object(
    text: str | None,
    locale: str = DEFAULT_LOCALE,
    *,
    max_bytes: int = MAX_QUERY_TEXT_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> dict[str, Any]:
    """A JSON text as an object ({} when absent or white space); a PluginError 422 with the reason."""
    if text is None or not text.strip(_JSON_SPACE):
        return {}
    max_depth = min(max_depth, MAX_JSON_DEPTH)  # no reader here reads deeper
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > max_bytes:
        raise PluginError(runtime_text(locale, "query.jsonTooLarge", max=max_bytes))
    if text.count("[") + text.count("{") > max_depth and _depth(text) > max_depth:
        raise PluginError(runtime_text(locale, "query.jsonTooDeep", max=max_depth))
    invalid = PluginError(runtime_text(locale, "query.jsonInvalid"))
    if ("NaN" in text or "Infinity" in text) and _NON_JSON_LITERAL.search(_STRING.sub('""', text)):
        raise invalid  # NaN, Infinity: Python's json reads them, JSON has no such values
    try:
        scanned = scan(raw)  # None when no JSON; NotJson for a key twice in one object
        if scanned is None:
            raise invalid
        # strict_json.values checks every string for a lone surrogate: only a \u escape makes one
        value = values(scanned) if _SURROGATE_ESCAPE.search(scanned) else _DECODER.decode(scanned)
    except (NotJson, RecursionError):
        raise invalid from None
    if not isinstance(value, dict):
        raise PluginError(runtime_text(locale, "query.jsonNotObject"))
    return value


def _integer(literal: str) -> int | float:
    """An integer literal; beyond the digits Python builds an int from, a float (as JavaScript)."""
    return int(literal) if len(literal) <= _MAX_INT_DIGITS else float(literal)


_DECODER = json.JSONDecoder(parse_int=_integer)


def _depth(text: str) -> int:
    """How deep arrays and objects nest in `text`, strings left out (found before parsing, as the
    TypeScript and Go runtimes find it, so what is too deep does not depend on where a parser
    would have stopped first)."""
    deepest = depth = 0
    for token in _TOKEN.findall(text):
        if token in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}"):
            depth -= 1
    return deepest


def variable_reference(text: str) -> str | None:
    """The variable name when `text` is exactly one reference (`$name` or `${name}`), else None."""
    match = _REFERENCE.fullmatch(text)
    return None if match is None else match[1] or match[2]


def expand_variables(
    text: str,
    variables: Variables | None,
    locale: str = DEFAULT_LOCALE,
    *,
    escape: Callable[[str], str] | None = None,
    undefined: Undefined = "error",
    max_bytes: int = MAX_QUERY_TEXT_BYTES,
) -> str:
    """`text` with `$name` / `${name}` replaced by the request's variables (see the module doc)."""
    known = variables or {}
    parts: list[str] = []
    size = 0
    position = 0

    def add(part: str) -> None:
        nonlocal size
        size += len(part.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            raise PluginError(runtime_text(locale, "query.expandedTooLarge", max=max_bytes))
        parts.append(part)

    for match in _REFERENCE.finditer(text):
        add(text[position : match.start()])
        position = match.end()
        name = match[1] or match[2]
        if name in known:
            value = known[name]
            items = [value] if isinstance(value, str) else value
            add(",".join(items if escape is None else (escape(item) for item in items)))
        elif undefined == "keep":
            add(match[0])
        elif undefined != "empty":
            shown = name if len(name) <= _NAME_CHARS else name[:_NAME_CHARS] + "…"
            raise PluginError(runtime_text(locale, "query.variableUndefined", name="$" + shown))
    add(text[position:])
    return "".join(parts)


def sql_string(value: str) -> str:
    """`value` as a standard SQL string literal: in single quotes, each quote doubled. Standard
    SQL reads no backslash escapes (SQLite, PostgreSQL, SQL Server); a server that does (MySQL
    without NO_BACKSLASH_ESCAPES) needs its driver's own quoting."""
    return "'" + value.replace("'", "''") + "'"


def url_component(value: str) -> str:
    """`value` percent-encoded as UTF-8, all but the unreserved characters of RFC 3986
    (A-Z a-z 0-9 - . _ ~), so it is one path segment or query value whatever it holds."""
    return quote(value, safe="", encoding="utf-8", errors="strict")
