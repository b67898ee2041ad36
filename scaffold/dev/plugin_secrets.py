"""The secrets of the plugin page: which values are secret, and the log's copy with them masked.

The developer types passwords into the data source form; the page sends them in the
DatasourceConfig of its calls, and later the encrypted values the plugin's health-check answered.
The dev server keeps a log of every call, which the page reads at start and anyone with the page
open could read: it must never serve those values back. A value is secret when its field is a
password (contract: DatasourceField.type / ConstructorField.type "password"): by the `type` the
config carries, or because a form the plugin answered declares that code a password (a saved
config often comes back without types). Those values are masked where they stand (the config's
fields, the filter's entries, the health-check answer's datasourceConfig) and, once known, wherever
else they appear in the entry (a plugin that echoes the password in a message or in a field, plain
or JSON-escaped). What the page must resend it keeps in its own memory; the server only tells it
which fields of a saved config echoed what it typed (`echoed_codes`).

Values shorter than MIN_SEARCHED characters are masked in their own fields only: searching every
string of the log for "ab" would mask field codes and paths the page needs, and such a value is
no secret worth the name.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from scaffold.redact import secret_forms

MASK = "********"
MIN_SEARCHED = 4
MAX_REMEMBERED = 64  # secrets kept to search later entries for; the oldest go first
_FORM_OPERATIONS = (
    "getDatasourceConstructorFields",
    "getQueryConstructorFields",
    "getVariableConstructorFields",
)
_MAX_NESTED_FORM = 8  # array fields inside array fields the contract allows; deeper is not searched


class PluginSecrets:
    """What one dev session knows is secret. Not thread-safe: the caller holds its lock."""

    def __init__(self) -> None:
        self.secure_codes: set[str] = set()
        self._known: OrderedDict[str, None] = OrderedDict()

    # -- learning ---------------------------------------------------------------------------------

    def learn_request(self, body: Any) -> None:
        """Remember the password codes and values a request body carries (before it is sent)."""
        for field in _config_fields(body):
            code, value = field.get("code"), field.get("value")
            if not isinstance(code, str):
                continue
            if field.get("type") == "password":
                self.secure_codes.add(code)
            if code in self.secure_codes and isinstance(value, str):
                self._remember(value)
            elif isinstance(value, str) and value.startswith("["):
                self._remember_nested(value)
        for entry in _filter_entries(body):
            key, value = entry.get("key"), entry.get("value")
            if key in self.secure_codes and isinstance(value, str):
                self._remember(value)

    def learn_answer(self, operation_id: str, answer: Any) -> None:
        """Remember which codes a form the plugin answered declares as passwords."""
        if operation_id in _FORM_OPERATIONS and isinstance(answer, list):
            self.secure_codes.update(_password_codes(answer, 0))

    # -- masking ----------------------------------------------------------------------------------

    def mask(self, value: Any, *, saved_config: bool = False) -> Any:
        """A copy of a request or answer body with every secret masked.

        `saved_config`: the body is a health-check answer, whose datasourceConfig fields hold
        the saved (encrypted) passwords, masked by their code."""
        masked = _mask_fields(value, self.secure_codes, saved_config=saved_config)
        return _replace_strings(masked, self._needles())

    def echoed(self, answer: Any) -> bool:
        """Whether an answer holds a known secret (a plugin that sends a password back in plain text)."""
        return _contains(answer, self._needles())

    def saved_config(self, answer: Any) -> tuple[list[Any] | None, list[str]]:
        """The health-check answer's datasourceConfig fields for the page to resend, and the codes
        whose value echoed a secret of the request (masked here: the page puts back what it typed)."""
        config = answer.get("datasourceConfig") if isinstance(answer, dict) else None
        fields = config.get("fields") if isinstance(config, dict) else None
        if not isinstance(fields, list):
            return None, []
        needles = self._needles()
        kept: list[Any] = []
        echoed: list[str] = []
        for field in fields:
            if _contains(field, needles) and isinstance(field, dict) and isinstance(field.get("code"), str):
                echoed.append(field["code"])
            kept.append(_replace_strings(field, needles))
        return kept, echoed

    # -- helpers ----------------------------------------------------------------------------------

    def _remember(self, value: str) -> None:
        if not value or value == MASK:
            return
        self._known.pop(value, None)
        self._known[value] = None
        while len(self._known) > MAX_REMEMBERED:
            self._known.popitem(last=False)

    def _remember_nested(self, text: str) -> None:
        """Passwords nested in an array field, sent as the JSON text of its groups."""
        try:
            groups = json.loads(text)
        except (ValueError, RecursionError):
            return
        if not isinstance(groups, list):
            return
        for group in groups:
            if isinstance(group, dict):
                for code, value in group.items():
                    if code in self.secure_codes and isinstance(value, str):
                        self._remember(value)

    def known(self) -> tuple[str, ...]:
        """The secrets long enough to be searched for in any text (as `scaffold.redact.scrub` does)."""
        return tuple(secret for secret in self._known if len(secret) >= MIN_SEARCHED)

    def _needles(self) -> list[str]:
        """The strings searched for: each long enough secret in every spelling a text may hold it
        (plain, JSON, Python's repr, percent, HTML: `scaffold.redact.secret_forms`), longest first."""
        needles = {form for secret in self.known() for form in secret_forms(secret)}
        return sorted(needles, key=len, reverse=True)


def _config_fields(body: Any) -> list[Mapping[str, Any]]:
    """DatasourceConfig.fields of a request body: health-check's own, or the pluginContext's."""
    if not isinstance(body, dict):
        return []
    fields = body.get("fields")
    context = body.get("pluginContext")
    if isinstance(context, dict):
        settings = context.get("dataSourceInstanceSettings")
        fields = settings.get("fields") if isinstance(settings, dict) else None
    return [f for f in fields if isinstance(f, dict)] if isinstance(fields, list) else []


def _filter_entries(body: Any) -> list[Mapping[str, Any]]:
    found = body.get("filter") if isinstance(body, dict) else None
    entries = found.get("fields") if isinstance(found, dict) else None
    return [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []


def _password_codes(fields: Iterable[Any], depth: int) -> set[str]:
    codes: set[str] = set()
    if depth > _MAX_NESTED_FORM:
        return codes
    for field in fields:
        if not isinstance(field, dict) or not isinstance(field.get("code"), str):
            continue
        if field.get("type") == "password":
            codes.add(field["code"])
        props = field.get("props")
        nested = props.get("fields") if isinstance(props, dict) else None
        if isinstance(nested, list):
            codes |= _password_codes(nested, depth + 1)
    return codes


def _mask_fields(value: Any, secure: set[str], *, saved_config: bool) -> Any:
    """Mask the values of password fields where the contract puts them (copies what it changes)."""
    if not isinstance(value, dict):
        return value
    masked = dict(value)

    def field_list(items: Any, key: str) -> Any:
        if not isinstance(items, list):
            return items
        return [
            {**item, "value": MASK}
            if isinstance(item, dict)
            and isinstance(item.get("value"), str)
            and item["value"] != ""
            and (item.get(key) in secure or item.get("type") == "password")
            else item
            for item in items
        ]

    def at(path: tuple[str, ...], change: Callable[[Any], Any]) -> None:
        """Apply `change` at the nested object path of `masked`, copying each level it passes."""
        holder: dict[str, Any] = masked
        for step in path[:-1]:
            inner = holder.get(step)
            if not isinstance(inner, dict):
                return
            holder[step] = dict(inner)
            holder = holder[step]
        if path[-1] in holder:
            holder[path[-1]] = change(holder[path[-1]])

    at(("fields",), lambda items: field_list(items, "code"))
    at(("pluginContext", "dataSourceInstanceSettings", "fields"), lambda items: field_list(items, "code"))
    at(("filter", "fields"), lambda items: field_list(items, "key"))
    if saved_config:
        at(("datasourceConfig", "fields"), lambda items: field_list(items, "code"))
    return masked


def _may_contain(value: Any, needles: list[str]) -> bool:
    """A fast first look: False when no needle can be anywhere in JSON `value`.

    JSON escapes character by character, so a string holding a needle holds it escaped in the
    serialised text: one search per needle over that text (memchr-fast) instead of one per needle
    per string (a 5 MB answer of 200,000 strings and 64 secrets: 0.27 s instead of 1.1 s walked)."""
    if not needles:
        return False
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return True  # too deep to serialise: the walk decides
    return any(json.dumps(needle)[1:-1] in text for needle in needles)


def _contains(value: Any, needles: list[str]) -> bool:
    """Whether any string in JSON `value` (keys too) holds a needle; iterative, like _replace_strings."""
    if not _may_contain(value, needles):
        return False
    stack: list[Any] = [value]
    while stack and needles:
        item = stack.pop()
        if isinstance(item, str):
            if any(needle in item for needle in needles):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _replace_strings(value: Any, needles: list[str]) -> Any:
    """A copy of JSON `value` with every needle in every string (keys too) replaced by MASK.

    Iterative over an explicit stack: a deep answer must not exhaust the recursion limit here."""
    if not _may_contain(value, needles):
        return value

    def replaced(text: str) -> str:
        for needle in needles:
            if needle in text:
                text = text.replace(needle, MASK)
        return text

    if isinstance(value, str):
        return replaced(value)
    if not isinstance(value, (dict, list)):
        return value
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(value, root, 0)]
    while stack:
        item, parent, slot = stack.pop()
        if isinstance(item, dict):
            copy: dict[str, Any] = {}
            for key, inner in item.items():
                new_key = replaced(key) if isinstance(key, str) else key
                copy[new_key] = None
                stack.append((inner, copy, new_key))
            parent[slot] = copy
        elif isinstance(item, list):
            items: list[Any] = [None] * len(item)
            stack.extend((inner, items, index) for index, inner in enumerate(item))
            parent[slot] = items
        elif isinstance(item, str):
            parent[slot] = replaced(item)
        else:
            parent[slot] = item
    return root[0]
