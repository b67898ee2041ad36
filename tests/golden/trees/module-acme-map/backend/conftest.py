# generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see acme_map/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from acme_map._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
