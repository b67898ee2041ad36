"""The example's three forms (data source, query, variable), with texts from the catalogues.

Each form follows the contract's constructor flow: the first request of a new form has no
values (defaults are answered), a saved form sends every value (each field answers its value),
and a changed trigger field (isTrigger) sends the values of all trigger fields: the answer then
carries the fields that fit, e.g. the columns of the chosen table.

Filters are an `array` field: each group (arrayIndex 0, 1, ...) is one condition
`column operator value`. Without sent groups the nested fields are answered once, without
arrayIndex, as the template of a new group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._contract import (
    ArrayGroup,
    ConstructorField,
    ConstructorFieldPropOption,
    ConstructorFieldProps,
    FormTexts,
    bool_value,
    list_value,
)
from .database import Schema, Table

OPERATORS = ("=", "!=", "<", "<=", ">", ">=")
QUERY_TYPES = ("constructor", "json", "code")
FORMATS = ("timeseries", "table")
VARIABLE_SOURCES = ("column_values", "tables")
CODE_LANGUAGES = ("sql",)
DEFAULT_DATABASE = "example.sqlite3"
DEFAULT_ROW_LIMIT = 10_000
MAX_ROW_LIMIT = 1_000_000
DATABASE_RULE = r"^[A-Za-z0-9_][A-Za-z0-9_./-]{0,254}$"


def _options(pairs: Sequence[tuple[str, str]]) -> list[ConstructorFieldPropOption]:
    return [ConstructorFieldPropOption(label=label, value=value) for label, value in pairs]


def _choice(value: str | None, allowed: Sequence[str], default: str) -> str:
    return value if value is not None and value in allowed else default


# --- data source form -------------------------------------------------------------------------


def datasource_form(texts: FormTexts, values: Mapping[str, str]) -> list[ConstructorField]:
    """database, accessKey, rowLimit, codeMode (trigger) and, when code mode is on, codeLang."""
    code_mode = bool_value(values, "codeMode") is not False  # on unless sent "false"
    fields = [
        texts.field(
            "datasource",
            "database",
            "text",
            required=True,
            value=values.get("database") or DEFAULT_DATABASE,
            validationRule=DATABASE_RULE,
            size="lg",
        ),
        texts.field("datasource", "accessKey", "password", inline=True, size="md"),
        texts.field(
            "datasource",
            "rowLimit",
            "number",
            value=values.get("rowLimit") or str(DEFAULT_ROW_LIMIT),
            size="sm",
            props=ConstructorFieldProps(min=1, max=MAX_ROW_LIMIT),
        ),
        texts.field(
            "datasource",
            "codeMode",
            "checkbox",
            value="true" if code_mode else "false",
            isTrigger=True,
        ),
    ]
    if code_mode:
        fields.append(
            texts.field(
                "datasource",
                "codeLang",
                "select",
                value=_choice(values.get("codeLang"), CODE_LANGUAGES, "sql"),
                inline=True,
                size="sm",
                props=ConstructorFieldProps(
                    options=_options([("SQL", "sql")]),
                    allow_handwriting=False,
                    allow_multi_select=False,
                ),
            )
        )
    return fields


# --- query form --------------------------------------------------------------------------------


def query_form(
    texts: FormTexts,
    schema: Schema,
    values: Mapping[str, str],
    groups: Sequence[ArrayGroup],
    *,
    code_allowed: bool,
) -> list[ConstructorField]:
    """queryType (trigger) and the fields of the chosen mode."""
    modes = [m for m in QUERY_TYPES if m != "code" or code_allowed]
    mode = _choice(values.get("queryType"), modes, "constructor")
    fields = [
        texts.field(
            "query",
            "queryType",
            "radio",
            value=mode,
            isTrigger=True,
            size="xxl",
            props=ConstructorFieldProps(options=texts.options("query.queryType", modes)),
        )
    ]
    if mode == "code":
        fields.append(
            texts.field(
                "query",
                "codeQuery",
                "textarea",
                required=True,
                value=values.get("codeQuery") or None,
                size="xxl",
            )
        )
        fields.append(_format_field(texts, values))
    elif mode == "constructor":
        fields.extend(constructor_fields(texts, schema, values, groups))
    return fields


def _format_field(texts: FormTexts, values: Mapping[str, str]) -> ConstructorField:
    return texts.field(
        "query",
        "format",
        "radio",
        value=_choice(values.get("format"), FORMATS, "timeseries"),
        inline=True,
        size="md",
        props=ConstructorFieldProps(options=texts.options("query.format", FORMATS)),
    )


def default_table(schema: Schema, name: str | None, preferred: str = "cpu_metrics") -> Table | None:
    """The table named `name` if the schema has it, else `preferred`, else the first table."""
    for candidate in (name, preferred):
        table = schema.table(candidate) if candidate else None
        if table is not None:
            return table
    return next(iter(schema.tables.values()), None)


def _table_field(
    texts: FormTexts, prefix: str, schema: Schema, table: Table | None
) -> ConstructorField:
    return texts.field(
        prefix,
        "table",
        "select",
        required=True,
        value=table.name if table else None,
        isTrigger=True,
        size="md",
        props=ConstructorFieldProps(options=texts.options("", schema.tables)),
    )


def constructor_fields(
    texts: FormTexts, schema: Schema, values: Mapping[str, str], groups: Sequence[ArrayGroup]
) -> list[ConstructorField]:
    table = default_table(schema, values.get("table"))
    fields = [_table_field(texts, "query", schema, table), _format_field(texts, values)]
    if table is None:
        return fields
    time_columns = table.time_columns()
    # "" is the "(none)" option: a saved form that chose it must get it back, not the default.
    time_column = _choice(
        values.get("timeColumn"), ["", *time_columns], table.default_time_column()
    )
    numbers = [n for n in table.names("number") if n != time_column]
    sent = list_value(values, "valueColumns") or []
    chosen = [c for c in sent if c in numbers] or numbers[:1]
    groupable = [n for n in table.names() if n != time_column and n not in numbers]
    fields += [
        texts.field(
            "query",
            "timeColumn",
            "select",
            value=time_column,
            size="sm",
            props=ConstructorFieldProps(
                options=_options(
                    [(texts.t("query.timeColumn.none"), ""), *((n, n) for n in time_columns)]
                )
            ),
        ),
        texts.field(
            "query",
            "valueColumns",
            "select",
            value=",".join(chosen),
            inline=True,
            size="md",
            props=ConstructorFieldProps(
                options=texts.options("", numbers), allow_multi_select=True
            ),
        ),
        texts.field(
            "query",
            "groupBy",
            "select",
            value=_choice(values.get("groupBy"), groupable, ""),
            inline=True,
            size="sm",
            props=ConstructorFieldProps(
                options=_options(
                    [(texts.t("query.groupBy.none"), ""), *((n, n) for n in groupable)]
                )
            ),
        ),
        filters_field(texts, table, groups),
    ]
    return fields


def filters_field(texts: FormTexts, table: Table, groups: Sequence[ArrayGroup]) -> ConstructorField:
    """The `filters` array field: one group of column/operator/value per sent group."""
    columns = table.names()
    first = next(iter(table.names("text")), columns[0] if columns else "")
    nested: list[ConstructorField] = []
    # Without sent groups: one group of defaults, without arrayIndex (the template of a new group).
    sent_groups: Sequence[ArrayGroup | None] = groups or [None]
    for group in sent_groups:
        array_index = group.index if group else None
        sent = group.values if group else {}
        nested += [
            texts.field(
                "filter",
                "column",
                "select",
                arrayIndex=array_index,
                value=_choice(sent.get("column"), columns, first),
                size="sm",
                props=ConstructorFieldProps(options=texts.options("", columns)),
            ),
            texts.field(
                "filter",
                "operator",
                "select",
                arrayIndex=array_index,
                value=_choice(sent.get("operator"), OPERATORS, "="),
                inline=True,
                size="xs",
                props=ConstructorFieldProps(
                    options=_options(
                        [(texts.t(f"filter.operator.{i}"), op) for i, op in enumerate(OPERATORS)]
                    )
                ),
            ),
            texts.field(
                "filter",
                "value",
                "text",
                arrayIndex=array_index,
                value=sent.get("value") or None,
                inline=True,
                size="sm",
            ),
        ]
    return texts.field(
        "query", "filters", "array", size="xxl", props=ConstructorFieldProps(fields=nested)
    )


# --- variable form -----------------------------------------------------------------------------


def variable_form(
    texts: FormTexts, schema: Schema, values: Mapping[str, str], groups: Sequence[ArrayGroup]
) -> list[ConstructorField]:
    """source (trigger); for column_values: table (trigger), column and filters."""
    source = _choice(values.get("source"), VARIABLE_SOURCES, "column_values")
    fields = [
        texts.field(
            "variable",
            "source",
            "select",
            value=source,
            isTrigger=True,
            size="md",
            props=ConstructorFieldProps(options=texts.options("variable.source", VARIABLE_SOURCES)),
        )
    ]
    if source != "column_values":
        return fields
    table = default_table(schema, values.get("table"), preferred="servers")
    fields.append(_table_field(texts, "variable", schema, table))
    if table is None:
        return fields
    columns = table.names()
    fields.append(
        texts.field(
            "variable",
            "column",
            "select",
            required=True,
            value=_choice(values.get("column"), columns, columns[0] if columns else ""),
            inline=True,
            size="md",
            props=ConstructorFieldProps(options=texts.options("", columns)),
        )
    )
    fields.append(filters_field(texts, table, groups))
    return fields
