"""Every spec file scaffold ships passes full OpenAPI 3.1 validation, here, in scaffold's own tests.

That is what lets scaffold skip validating them at run time (scaffold/specs/validation_cache.py):
the first run after an install, with an empty per-user cache, does not pay for it.
"""

from __future__ import annotations

import hashlib

import pytest
import yaml

from scaffold.specs import loader, validation_cache
from scaffold.specs.catalog import shipped_specs


@pytest.mark.parametrize("shipped", shipped_specs(), ids=lambda s: f"{s.contract}-{s.version}")
def test_a_shipped_spec_passes_full_validation(shipped: object) -> None:
    path = shipped.path  # type: ignore[attr-defined]
    loader._check_openapi(yaml.safe_load(path.read_bytes()), path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() in validation_cache.shipped_hashes()


def test_only_the_shipped_bytes_are_known_valid_without_the_cache() -> None:
    (first, *_) = shipped_specs()
    changed = first.path.read_bytes() + b"\n# one more byte\n"
    assert not validation_cache.is_known_valid(hashlib.sha256(changed).hexdigest())
