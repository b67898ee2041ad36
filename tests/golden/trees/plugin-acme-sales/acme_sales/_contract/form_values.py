# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/form_values.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Reading the values a constructor form sends: trigger values, array groups, typed reads.

A constructor request's `filter.fields` is a flat list of ConstructorFilterField `{key,
arrayIndex, value}`: the first request of a new form sends none, a saved form sends every value,
and a changed trigger field (isTrigger) sends the values of all trigger fields. The fields nested
in an `array` field carry the arrayIndex of their group. `filter_values` splits the list into the
top-level values and the groups by arrayIndex; `text_value`, `number_value`, `bool_value` and
`list_value` read one value by code, from those or from `config_values`, with None for absent.

The TypeScript (form-values.ts) and Go (formvalues.go) runtimes read alike: the shared cases in
scaffold/codegen/cases/form_values.json hold all three to the same answers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .runtime_constants import MAX_ARRAY_GROUPS

# The largest whole number every language holds exactly (a JavaScript number's 2^53 - 1).
MAX_EXACT_NUMBER = 2**53 - 1
# The config check's whole number (forms.py): what a `number` field holds.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")


@dataclass(frozen=True)
class ArrayGroup:
    """One group of an array field: its arrayIndex and its values by key."""

    index: int
    values: dict[str, str]


@dataclass(frozen=True)
class FilterValues:
    """ConstructorFilter.fields split into top-level values and array groups by arrayIndex."""

    values: dict[str, str]
    groups: dict[int, dict[str, str]]

    def array_groups(self) -> list[ArrayGroup]:
        """The groups in arrayIndex order, each with its own index (answer it as the arrayIndex)."""
        return [ArrayGroup(index, self.groups[index]) for index in sorted(self.groups)]

    def group_list(self) -> list[dict[str, str]]:
        """The groups' values in arrayIndex order (their indexes dropped)."""
        return [self.groups[index] for index in sorted(self.groups)]


def filter_values(filter_: Any) -> FilterValues:
    """The values of a ConstructorFilter (or None); entries with an arrayIndex go to their group.

    An entry without key is skipped, one without value reads as "", the last entry of a key wins;
    an arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped.
    """
    values: dict[str, str] = {}
    groups: dict[int, dict[str, str]] = {}
    for item in getattr(filter_, "fields", None) or ():
        key = getattr(item, "key", None)
        if not isinstance(key, str):
            continue
        value = getattr(item, "value", None)
        text = value if isinstance(value, str) else ""
        index = getattr(item, "array_index", None)
        if index is None:
            values[key] = text
        elif 0 <= index < MAX_ARRAY_GROUPS:
            groups.setdefault(index, {})[key] = text
    return FilterValues(values, groups)


def text_value(values: Mapping[str, str], code: str) -> str | None:
    """The value of `code` ("" when sent empty), None when absent."""
    return values.get(code)


def number_value(values: Mapping[str, str], code: str) -> int | None:
    """The whole number `code` holds (spaces around allowed, as the config check takes it).

    None when absent, when the value is no whole number, or past ±(2^53 - 1), which some languages
    would round.
    """
    text = values.get(code)
    if text is None or not _WHOLE_NUMBER.fullmatch(text.strip()):
        return None
    number = int(text.strip())
    return number if -MAX_EXACT_NUMBER <= number <= MAX_EXACT_NUMBER else None


def bool_value(values: Mapping[str, str], code: str) -> bool | None:
    """A checkbox's value: True for "true", False for "false", None for anything else or absent."""
    return {"true": True, "false": False}.get(values.get(code, ""))


def list_value(values: Mapping[str, str], code: str) -> list[str] | None:
    """A multi-select's values: comma-separated, empty items dropped; None when absent."""
    text = values.get(code)
    if text is None:
        return None
    return [item for item in text.split(",") if item]
