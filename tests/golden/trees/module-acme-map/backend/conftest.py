# generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see acme_map/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from acme_map._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
