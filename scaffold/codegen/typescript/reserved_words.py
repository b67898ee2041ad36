"""JavaScript's reserved words: no generated TypeScript name and no module's window scope may be one.

Both the TypeScript generator (type names) and the project name rules (a module's window scope,
scaffold.projects.names) refuse them; the list lives in codegen, the lower of the two packages.
"""

from __future__ import annotations

JS_RESERVED_WORDS = frozenset(
    [
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "import",
        "in",
        "instanceof",
        "new",
        "null",
        "return",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "yield",
        "let",
        "static",
        "implements",
        "interface",
        "package",
        "private",
        "protected",
        "public",
        "await",
    ]
)
