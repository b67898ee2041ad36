"""A request body read by the standard library's JSON parser too, beside pydantic's own parser
(http_json.parse_json_body), so that the Python plugin reads a body as the Go and TypeScript
plugins do (scaffold/codegen/cases/json_bodies.json holds the cases all three read alike).

pydantic's parser keeps the last of a key given twice, stops at 200 levels of nesting, and reads a
number with a fraction or an exponent as a double, which misstates some as integers:
9223372036854775807.0 reads as 2^63 (out of int64, though the literal is its greatest),
-92233720368547758090e-1 as -2^63 (inside it, though the literal is below), 1.0000000000000001 as
1 (whole, though the literal is not). JSON Schema's "integer" is the literal's exact value. So
`scan` reads the body with json's C parser first: a key twice in one object (compared unescaped:
"a" and "\\u0061" are one key) is no JSON, and a number its double misstates is marked
(ExactNumber, which contract_base's integer fields judge by its literal). For the rare body deeper
than pydantic reads or with a marked number, `values` gives what the model is validated from.
"""

from __future__ import annotations

import json
import re
import threading
from decimal import Decimal
from typing import Any

from .runtime_constants import MAX_JSON_DEPTH as MAX_JSON_DEPTH

_MAX_DIGITS = 4300  # Python's own bound on the digits of an int read from text


class NotJson(Exception):
    """JSON to the standard library's parser, but none a plugin reads: a key twice in one object,
    nesting deeper than MAX_JSON_DEPTH, a lone surrogate in a string or a key."""


class ExactNumber(float):
    """A number its double misstates as an integer: `whole`, and `exact`, the integer when whole
    (None beyond _MAX_DIGITS). contract_base's integer fields judge it by these."""

    __slots__ = ("exact", "whole")
    exact: int | None
    whole: bool


def scan(raw: bytes) -> str | None:
    """`raw` as text when the standard library's parser reads it (None when it does not: not
    UTF-8, or not JSON); NotJson for a key twice in one object. No values are built: each object
    is kept as its pairs (a C call each, where a Python hook took twice the time of the parse),
    then compared with the dict they make. `marked` tells whether a number was marked."""
    reading = _reading
    reading.marked = False
    try:
        text = raw.decode("utf-8")
        reading.scanner.decode(text)
    except ValueError:
        return None
    else:
        if sum(map(len, map(dict, reading.objects))) < sum(map(len, reading.objects)):
            raise NotJson("a key twice in one object")
        return text
    finally:
        reading.objects.clear()


def marked() -> bool:
    """Whether the body `scan` read last (in this thread) holds a number its double misstates."""
    return bool(_reading.marked)


def values(text: str) -> Any:
    """The values of `text` (which `scan` read), marked numbers included; NotJson when they nest
    deeper than MAX_JSON_DEPTH or hold a lone surrogate (both no JSON to pydantic either)."""
    pending: list[tuple[Any, int]] = [(_VALUES.decode(text), 0)]
    top = pending[0][0]
    while pending:
        node, depth = pending.pop()
        if isinstance(node, str) and _SURROGATE.search(node):
            raise NotJson("a lone surrogate")
        if isinstance(node, (dict, list)):
            if depth == MAX_JSON_DEPTH:
                raise NotJson(f"nested deeper than {MAX_JSON_DEPTH} levels")
            if isinstance(node, dict):
                pending.extend((key, depth) for key in node)  # a key is a string to check too
                node = list(node.values())
            pending.extend((item, depth + 1) for item in node)
    return top


def _number(text: str) -> float:
    """A literal with a fraction or an exponent: a float, or an ExactNumber where a float misstates
    it. A double tells 15 digits apart (DBL_DIG): whole exactly when they are, the same integer."""
    value = float(text)
    if len(text) <= 15 and "e" not in text and "E" not in text:
        return value
    exact = Decimal(text)
    if value.is_integer() and exact == value:  # Decimal and float compare exactly
        return value
    _, digits, exponent = exact.as_tuple()
    assert isinstance(exponent, int)  # a literal is finite
    whole = exponent >= 0 or not any(digits[exponent:])
    if not whole and not value.is_integer():
        return value  # a fraction, and so is its double
    return _marked(value, whole, int(exact) if whole and len(digits) + exponent <= _MAX_DIGITS else None)


def _integer(text: str) -> int | float:
    """An integer literal; beyond the digits Python builds an int from, a number beyond any bound."""
    return int(text) if len(text) <= _MAX_DIGITS else _marked(float(text), True, None)


def _marked(value: float, whole: bool, exact: int | None) -> ExactNumber:
    number = ExactNumber(value)
    number.whole, number.exact = whole, exact
    _reading.marked = True
    return number


class _Reading(threading.local):
    """Per thread: the parser `scan` runs, the pairs of each object it read, whether it marked a
    number."""

    def __init__(self) -> None:
        self.objects: list[list[tuple[str, Any]]] = []
        self.scanner = json.JSONDecoder(
            object_pairs_hook=self.objects.append, parse_float=_number, parse_int=_integer
        )
        self.marked = False


_SURROGATE = re.compile(r"[\ud800-\udfff]")  # in a parsed string, a pair is one character already
_reading = _Reading()
_VALUES = json.JSONDecoder(parse_float=_number, parse_int=_integer)  # keys are unique by then
