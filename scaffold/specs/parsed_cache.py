"""Parsed spec documents remembered per user, so a known spec costs a JSON read, not a YAML parse.

Every command that opens a project parses its recorded spec (about 75 KB of YAML, checked event by
event for anchors and depth before it is built: ~25 ms). A spec that parsed once parses the same
way again, so the result is kept as JSON in `<user data folder>/cache/parsed-specs/`, keyed by the
sha256 of the exact bytes, scaffold's and PyYAML's versions and the bytes of the parsing modules.
Only a document that passed every check of scaffold.specs.yaml_reader is stored, and it is plain
JSON data by then (string keys, finite numbers, valid Unicode), so JSON holds it exactly, key
order included. Entries are verified on read and written atomically (scaffold.user_cache);
the checks after parsing (identity, references, OpenAPI validity, operations) run either way.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import scaffold
from scaffold import user_cache
from scaffold.specs.json_reader import looks_like_json, parse_json
from scaffold.specs.yaml_reader import parse_yaml

KIND = "parsed-specs"
_SOURCES = ("specs/yaml_reader.py", "specs/json_reader.py", "specs/parsed_cache.py", "user_cache.py")
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def _environment() -> str | None:
    return user_cache.environment(_PACKAGE_DIR, _SOURCES, ("PyYAML",))


def cache_key(raw: bytes) -> str | None:
    environment = _environment()
    if environment is None:
        return None
    digest = hashlib.sha256()
    digest.update(f"{environment}scaffold=={scaffold.__version__}\n".encode())
    digest.update(hashlib.sha256(raw).digest())
    return digest.hexdigest()


def parse_spec_text(raw: bytes, text: str, path: Path) -> Any:
    """The document in `text` (JSON if it looks like JSON, else YAML) for `raw`, remembered per user.

    `raw` is the bytes `text` was decoded from.
    """
    key = cache_key(raw)
    if key is not None:
        cached = user_cache.read_entry(KIND, key)
        if cached is not None:
            try:
                return json.loads(cached)
            except ValueError:
                pass
    data = parse_json(text, path) if looks_like_json(text) else parse_yaml(text, path)
    if key is not None:
        try:
            document = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError):
            return data
        user_cache.write_entry(KIND, key, document)
    return data
