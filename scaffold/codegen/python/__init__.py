"""Generators that write Python: a service's wire models, a plugin service's glue, a module backend's glue.

One package per target language (scaffold/codegen/<language>/, the language names of
scaffold.contracts); each holds its generators as `<kind>_<part>.py`, its own helpers, and its
Jinja templates under `templates/<kind>/`. It imports no other language's package.
"""
