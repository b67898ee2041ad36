"""Go names for the spec's names: exported identifiers as Go teams spell them.

A wire name becomes an exported Go identifier by its words (`dataSourceInstanceSettings` ->
`DataSourceInstanceSettings`, `refID` -> `RefID`, `baseUrl` -> `BaseURL`, `json` -> `JSON`), with
the initialisms Go's own style guide spells in capitals. Two wire names that would give one Go
name in the same struct are refused by the caller (the generator), never silently merged.
"""

from __future__ import annotations

import re

from scaffold.errors import GenerationError

# U+FEFF (zero width no-break space, the byte order mark): Go source may hold it only as the file's
# first character, so `go build`, `go vet` and gofmt refuse a file with one anywhere else, even in a
# string literal or a comment (found by a spec description holding one, issue 38).
BOM = "\ufeff"

# Words Go's style spells in capitals whatever the wire name's case (Go Code Review Comments, "Initialisms").
_INITIALISMS = frozenset({"ID", "URL", "URI", "JSON", "HTTP", "HTTPS", "API", "SQL", "UUID", "IP", "TLS"})
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def exported(name: str) -> str:
    """The exported Go identifier for `name` (a wire property, schema or operation name)."""
    if not _IDENTIFIER.match(name):
        raise GenerationError(
            f"the name {name!r} cannot become a Go identifier",
            hint="Use names of ASCII letters, digits and underscores that start with a letter.",
        )
    parts: list[str] = []
    for chunk in name.split("_"):
        for word in _WORDS.findall(chunk):
            upper = word.upper()
            parts.append(upper if upper in _INITIALISMS else word[:1].upper() + word[1:])
    return "".join(parts)


def go_string(text: str) -> str:
    """`text` as a Go interpreted string literal (JSON's escapes are all valid Go escapes), with
    U+FEFF written as its escape `\\ufeff`, so the string's value is `text` exactly."""
    import json

    return json.dumps(text, ensure_ascii=False).replace(BOM, "\\ufeff")


def go_comment(text: str) -> str:
    """`text` made safe for a `//` comment line: one line, no control characters, and no pair of
    backticks or of single quotes, which gofmt (Go 1.19 on) turns into typographic quotes in a doc
    comment, so the file would not be gofmt-clean as generated (found by a spec description that
    held three single quotes in a row). A U+FEFF is written as the text `\\ufeff`, as the other
    generators write it in comments (scaffold.codegen.escaping)."""
    cleaned = " ".join(text.split()).replace(BOM, "\\ufeff")
    cleaned = re.sub(r"[\x00-\x1f\x7f\u2028\u2029]", " ", cleaned)
    while "''" in cleaned or "``" in cleaned:
        cleaned = cleaned.replace("''", "' '").replace("``", "` `")
    return cleaned
