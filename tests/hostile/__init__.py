"""Hostile and careless input: each found case of the hardening issue, as a test."""
