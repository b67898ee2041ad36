# generated from dashboard-module 2026.1.1+r3 (sha256 18cc94d2d7de45c3d909b737683164641a7d5714448e5ef759f15e702f980fbe) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see acme_map/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from acme_map._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
