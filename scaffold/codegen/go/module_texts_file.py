"""`internal/contract/module/moduletexts_gen.go` of a Go module backend: the one table of module texts.

scaffold/codegen/module_backend_texts.py holds the sentences every language's module backend answers
with; this renders them as Go: a typed key per text (`TextBodyTooLarge` for "body.tooLarge", so a
misspelt key is a compile error, not a wrong answer at run time) and `Text`, which fills in the
`{name}`s given, as Python's `module_text` and TypeScript's `moduleText` do. The module runtime's
files (runtime_files/module/) only name keys; none spells a sentence of the table.
"""

from __future__ import annotations

from scaffold.codegen.go.names import exported, go_string
from scaffold.codegen.module_backend_texts import MODULE_TEXTS


def text_key_name(key: str) -> str:
    """The Go constant of a table key: "body.tooLarge" -> TextBodyTooLarge, "http.404" -> TextHTTP404."""
    return "Text" + "".join(part if part.isdigit() else exported(part) for part in key.split("."))


def module_texts_source() -> str:
    """The body of `moduletexts_gen.go` (package module; it imports regexp)."""
    names = {key: text_key_name(key) for key in MODULE_TEXTS}
    width = max(len(name) for name in names.values())
    constants = "".join(f"\t{names[key]:<{width}} TextKey = {go_string(key)}\n" for key in MODULE_TEXTS)
    entries = "".join(
        f"\t{names[key] + ':':<{width + 1}} {go_string(text)},\n" for key, text in MODULE_TEXTS.items()
    )
    return (
        "// TextKey names one text of the table every language's module backend answers with\n"
        "// (scaffold/codegen/module_backend_texts.py): the same bytes get the same sentence in Python,\n"
        "// TypeScript and Go.\n"
        "type TextKey string\n\n"
        "// The keys of the table, in its order.\n"
        f"const (\n{constants})\n\n"
        "// moduleTexts are the table's sentences; {name} marks a value Text fills in.\n"
        f"var moduleTexts = map[TextKey]string{{\n{entries}}}\n\n"
        "var placeholder = regexp.MustCompile(`\\{(\\w+)\\}`)\n\n"
        "// Text is the text of key with each {name} that params gives filled in, in one pass (a filled\n"
        "// value is never read again); any other {...} stays as written.\n"
        "func Text(key TextKey, params map[string]string) string {\n"
        "\treturn placeholder.ReplaceAllStringFunc(moduleTexts[key], func(found string) string {\n"
        "\t\tif value, ok := params[found[1:len(found)-1]]; ok {\n"
        "\t\t\treturn value\n"
        "\t\t}\n"
        "\t\treturn found\n"
        "\t})\n"
        "}\n"
    )
