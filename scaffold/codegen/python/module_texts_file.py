"""`_contract/module_texts.py` of a Python module backend: the one table of module texts, rendered.

scaffold/codegen/module_backend_texts.py holds the sentences every language's module backend answers with;
this renders them as a Python module with the formatter the runtime files use. The runtime files'
own copy in scaffold's tree (runtime_files/module_texts.py) runs this same source.
"""

from __future__ import annotations

import json

from scaffold.codegen.module_backend_texts import MODULE_TEXTS


def module_texts_source() -> str:
    """`module_texts.py`: the sentences every language's module backend answers with
    (scaffold/codegen/module_backend_texts.py) and `module_text`, which fills in `{name}`."""
    lines = "".join(
        f"    {json.dumps(key)}: {json.dumps(text, ensure_ascii=False)},\n"
        for key, text in MODULE_TEXTS.items()
    )
    return (
        '"""The texts this backend answers with, the same in every language scaffold writes a module '
        'backend in."""\n\n'
        "import re\n\n"
        f"MODULE_TEXTS: dict[str, str] = {{\n{lines}}}\n"
        '_PLACEHOLDER = re.compile(r"\\{(\\w+)\\}")\n\n\n'
        "def module_text(key: str, **params: object) -> str:\n"
        '    """The text `key` with each `{name}` of `params` filled in; any other `{...}` stays as written."""\n'
        "    return _PLACEHOLDER.sub(\n"
        "        lambda found: str(params[found[1]]) if found[1] in params else found[0], MODULE_TEXTS[key]\n"
        "    )\n"
    )
