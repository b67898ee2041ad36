"""Generators that write TypeScript: prop types from a spec's schemas, a module frontend's contract.

One package per target language (scaffold/codegen/<language>/, the language names of
scaffold.contracts); each holds its generators as `<kind>_<part>.py`, its own helpers, and its
Jinja templates under `templates/<kind>/`. It imports no other language's package.
"""
