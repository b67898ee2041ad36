"""The generated glue's own texts by locale, for the Python runtime modules beside this file.

Here, in scaffold's own tree, they are read from their one source, scaffold/codegen/glue_texts.py.
A project's `_contract/runtime_texts.py` is no copy of this file: scaffold renders it there with the
texts as literals (scaffold/codegen/python/shared_values.py), so a project needs nothing of
scaffold at run time.
"""

from __future__ import annotations

from scaffold.codegen.glue_texts import RUNTIME_TEXTS as RUNTIME_TEXTS
