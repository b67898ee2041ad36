"""Generators of a data source plugin's contract-owned code (routes, base class, exports)."""
