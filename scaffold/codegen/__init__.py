"""Generators: spec -> code (pydantic models, server glue, TypeScript types)."""
