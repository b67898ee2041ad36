/**
 * The example's three forms (data source, query, variable), with texts from locales/*.json.
 *
 * Each form follows the contract's constructor flow: the first request of a new form has no values
 * (defaults are answered), a saved form sends every value (each field answers its value), and a
 * changed trigger field (isTrigger) sends the values of all trigger fields: the answer then carries
 * the fields that fit, e.g. the columns of the chosen table.
 *
 * Filters are an `array` field: each group (arrayIndex 0, 1, ...) is one condition
 * `column operator value`. Without sent groups the nested fields are answered once, without
 * arrayIndex, as the template of a new group.
 *
 * No Code mode: the sample dataset has no query language of its own, so the query form never offers
 * it (the contract makes Code mode optional; a data source with a language adds codeMode and
 * codeLang to its data source form and offers Code only when both are set).
 */
import type {
  ConstructorField,
  ConstructorFieldPropOption,
  ConstructorFilter,
  DatasourceField,
} from '../contract/index.js';
import { type Table, columnsOf } from './sample.js';

export const OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export const QUERY_TYPES = ['constructor', 'json'] as const;
export const FORMATS = ['timeseries', 'table'] as const;
export const VARIABLE_SOURCES = ['column_values', 'tables'] as const;
export const DEFAULT_DATASET = 'sample';
export const DEFAULT_ROW_LIMIT = 10_000;
export const MAX_ROW_LIMIT = 1_000_000;
export const DATASET_RULE = '^[a-z][a-z0-9_-]{0,63}$';

export type Values = Readonly<Record<string, string>>;

/** The texts of one locale: `t(key)` (the key itself when missing) and `find(key)` (undefined). */
export interface Texts {
  readonly t: (key: string, params?: Readonly<Record<string, string | number>>) => string;
  readonly find: (key: string) => string | undefined;
}

/** The values of a data source configuration, by field code. */
export function configValues(fields: readonly DatasourceField[] | undefined): Values {
  return Object.fromEntries((fields ?? []).map((field) => [field.code, field.value ?? '']));
}

/** A constructor request's filter: the values without arrayIndex, and the groups by arrayIndex. */
export function filterValues(filter: ConstructorFilter | undefined): {
  values: Values;
  groups: Values[];
} {
  const values: Record<string, string> = {};
  const groups: Record<string, string>[] = [];
  for (const item of filter?.fields ?? []) {
    if (item.key === undefined) {
      continue;
    }
    if (item.arrayIndex === undefined) {
      values[item.key] = item.value ?? '';
    } else if (item.arrayIndex >= 0 && item.arrayIndex < 50) {
      while (groups.length <= item.arrayIndex) {
        groups.push({});
      }
      const group = groups[item.arrayIndex];
      if (group !== undefined) {
        group[item.key] = item.value ?? '';
      }
    }
  }
  return { values, groups };
}

function field(
  texts: Texts,
  prefix: string,
  code: string,
  type: NonNullable<ConstructorField['type']>,
  extra: Partial<ConstructorField> = {},
): ConstructorField {
  const made: ConstructorField = { code, type, name: texts.t(`${prefix}.${code}.name`) };
  for (const key of ['description', 'placeholder', 'validationMessage'] as const) {
    const found = texts.find(`${prefix}.${code}.${key}`);
    if (found !== undefined) {
      made[key] = found;
    }
  }
  return { ...made, ...extra };
}

function options(pairs: readonly (readonly [string, string])[]): ConstructorFieldPropOption[] {
  return pairs.map(([label, value]) => ({ label, value }));
}

function named(names: readonly string[]): ConstructorFieldPropOption[] {
  return options(names.map((name) => [name, name] as const));
}

export function choice<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return allowed.find((item) => item === value) ?? fallback;
}

// --- data source form ---------------------------------------------------------------------------

/** dataset, accessKey (a password: the routes encrypt it in health-check answers) and rowLimit. */
export function datasourceForm(texts: Texts, values: Values): ConstructorField[] {
  return [
    field(texts, 'datasource', 'dataset', 'text', {
      required: true,
      value: values.dataset || DEFAULT_DATASET,
      validationRule: DATASET_RULE,
      size: 'md',
    }),
    field(texts, 'datasource', 'accessKey', 'password', { inline: true, size: 'md' }),
    field(texts, 'datasource', 'rowLimit', 'number', {
      value: values.rowLimit || String(DEFAULT_ROW_LIMIT),
      size: 'sm',
      props: { min: 1, max: MAX_ROW_LIMIT },
    }),
  ];
}

// --- query form ---------------------------------------------------------------------------------

/** queryType (trigger) and, in constructor mode, the fields of the chosen table. */
export function queryForm(
  texts: Texts,
  tables: ReadonlyMap<string, Table>,
  values: Values,
  groups: readonly Values[],
): ConstructorField[] {
  const mode = choice(values.queryType, QUERY_TYPES, 'constructor');
  const fields = [
    field(texts, 'query', 'queryType', 'radio', {
      value: mode,
      isTrigger: true,
      size: 'xxl',
      props: { options: options(QUERY_TYPES.map((m) => [texts.t(`query.queryType.${m}`), m])) },
    }),
  ];
  if (mode === 'constructor') {
    fields.push(...constructorFields(texts, tables, values, groups));
  }
  return fields;
}

/** The table named `name` if there is one, else `preferred`, else the first table. */
export function defaultTable(
  tables: ReadonlyMap<string, Table>,
  name: string | undefined,
  preferred = 'cpu_metrics',
): Table | undefined {
  return (
    tables.get(name ?? '') ?? tables.get(preferred) ?? tables.values().next().value ?? undefined
  );
}

function tableField(
  texts: Texts,
  prefix: string,
  tables: ReadonlyMap<string, Table>,
  table: Table | undefined,
): ConstructorField {
  return field(texts, prefix, 'table', 'select', {
    required: true,
    ...(table ? { value: table.name } : {}),
    isTrigger: true,
    size: 'md',
    props: { options: named([...tables.keys()]) },
  });
}

function constructorFields(
  texts: Texts,
  tables: ReadonlyMap<string, Table>,
  values: Values,
  groups: readonly Values[],
): ConstructorField[] {
  const table = defaultTable(tables, values.table);
  const format = field(texts, 'query', 'format', 'radio', {
    value: choice(values.format, FORMATS, 'timeseries'),
    inline: true,
    size: 'md',
    props: { options: options(FORMATS.map((f) => [texts.t(`query.format.${f}`), f])) },
  });
  const fields = [tableField(texts, 'query', tables, table), format];
  if (table === undefined) {
    return fields;
  }
  const times = columnsOf(table, 'time');
  // "" is the "(none)" option: a saved form that chose it must get it back, not the default.
  const timeColumn = choice(values.timeColumn, ['', ...times], table.timeColumn);
  const numbers = columnsOf(table, 'number');
  const sent = (values.valueColumns ?? '').split(',').filter((c) => numbers.includes(c));
  const chosen = sent.length > 0 ? sent : numbers.slice(0, 1);
  const groupable = columnsOf(table, 'text');
  fields.push(
    field(texts, 'query', 'timeColumn', 'select', {
      value: timeColumn,
      size: 'sm',
      props: {
        options: options([
          [texts.t('query.timeColumn.none'), ''],
          ...times.map((n) => [n, n] as const),
        ]),
      },
    }),
    field(texts, 'query', 'valueColumns', 'select', {
      value: chosen.join(','),
      inline: true,
      size: 'md',
      props: { options: named(numbers), allowMultiSelect: true },
    }),
    field(texts, 'query', 'groupBy', 'select', {
      value: choice(values.groupBy, groupable, ''),
      inline: true,
      size: 'sm',
      props: {
        options: options([
          [texts.t('query.groupBy.none'), ''],
          ...groupable.map((n) => [n, n] as const),
        ]),
      },
    }),
    filtersField(texts, table, groups),
  );
  return fields;
}

/** The `filters` array field: one group of column/operator/value per sent group. */
export function filtersField(
  texts: Texts,
  table: Table,
  groups: readonly Values[],
): ConstructorField {
  const columns = columnsOf(table);
  const first = columnsOf(table, 'text')[0] ?? columns[0] ?? '';
  const nested: ConstructorField[] = [];
  const sent = groups.length > 0 ? groups : [{}];
  for (const [index, group] of sent.entries()) {
    const position = groups.length > 0 ? { arrayIndex: index } : {};
    nested.push(
      field(texts, 'filter', 'column', 'select', {
        ...position,
        value: choice(group.column, columns, first),
        size: 'sm',
        props: { options: named(columns) },
      }),
      field(texts, 'filter', 'operator', 'select', {
        ...position,
        value: choice(group.operator, OPERATORS, '='),
        inline: true,
        size: 'xs',
        props: {
          options: options(OPERATORS.map((op, i) => [texts.t(`filter.operator.${i}`), op])),
        },
      }),
      field(texts, 'filter', 'value', 'text', {
        ...position,
        ...(group.value ? { value: group.value } : {}),
        inline: true,
        size: 'sm',
      }),
    );
  }
  return field(texts, 'query', 'filters', 'array', { size: 'xxl', props: { fields: nested } });
}

// --- variable form ------------------------------------------------------------------------------

/** source (trigger); for column_values: table (trigger), column and filters. */
export function variableForm(
  texts: Texts,
  tables: ReadonlyMap<string, Table>,
  values: Values,
  groups: readonly Values[],
): ConstructorField[] {
  const source = choice(values.source, VARIABLE_SOURCES, 'column_values');
  const fields = [
    field(texts, 'variable', 'source', 'select', {
      value: source,
      isTrigger: true,
      size: 'md',
      props: {
        options: options(VARIABLE_SOURCES.map((s) => [texts.t(`variable.source.${s}`), s])),
      },
    }),
  ];
  if (source !== 'column_values') {
    return fields;
  }
  const table = defaultTable(tables, values.table, 'servers');
  fields.push(tableField(texts, 'variable', tables, table));
  if (table === undefined) {
    return fields;
  }
  const columns = columnsOf(table);
  fields.push(
    field(texts, 'variable', 'column', 'select', {
      required: true,
      value: choice(values.column, columns, columns[0] ?? ''),
      inline: true,
      size: 'md',
      props: { options: named(columns) },
    }),
    filtersField(texts, table, groups),
  );
  return fields;
}
