"""The module texts for the runtime modules beside this file, in scaffold's own tree.

A project's `_contract/module_texts.py` is rendered from scaffold/codegen/module_backend_texts.py with the
texts as literals (scaffold/codegen/python/module_texts_file.py); here that same rendered source is run,
so the texts and their formatter have one source.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scaffold.codegen.python.module_texts_file import module_texts_source

_NAMESPACE: dict[str, Any] = {}
exec(compile(module_texts_source(), "module_texts.py", "exec"), _NAMESPACE)  # noqa: S102 - scaffold's own source

MODULE_TEXTS: dict[str, str] = _NAMESPACE["MODULE_TEXTS"]
module_text: Callable[..., str] = _NAMESPACE["module_text"]
