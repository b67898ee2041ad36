"""Generators of a module project's contract-owned files (backend glue, frontend types and config)."""
