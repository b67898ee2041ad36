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
  ArrayGroup,
  ConstructorField,
  ConstructorFieldPropOption,
  FormTexts,
  FormValues,
} from '../contract/index.js';
import { listValue } from '../contract/index.js';
import { type Table, columnsOf } from './sample.js';

export const OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export const QUERY_TYPES = ['constructor', 'json'] as const;
export const FORMATS = ['timeseries', 'table'] as const;
export const VARIABLE_SOURCES = ['column_values', 'tables'] as const;
export const DEFAULT_DATASET = 'sample';
export const DEFAULT_ROW_LIMIT = 10_000;
export const MAX_ROW_LIMIT = 1_000_000;
export const DATASET_RULE = '^[a-z][a-z0-9_-]{0,63}$';

function options(pairs: readonly (readonly [string, string])[]): ConstructorFieldPropOption[] {
  return pairs.map(([label, value]) => ({ label, value }));
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
export function datasourceForm(texts: FormTexts, values: FormValues): ConstructorField[] {
  return [
    texts.field('datasource', 'dataset', 'text', {
      required: true,
      value: values.dataset || DEFAULT_DATASET,
      validationRule: DATASET_RULE,
      size: 'md',
    }),
    texts.field('datasource', 'accessKey', 'password', { inline: true, size: 'md' }),
    texts.field('datasource', 'rowLimit', 'number', {
      value: values.rowLimit || String(DEFAULT_ROW_LIMIT),
      size: 'sm',
      props: { min: 1, max: MAX_ROW_LIMIT },
    }),
  ];
}

// --- query form ---------------------------------------------------------------------------------

/** queryType (trigger) and, in constructor mode, the fields of the chosen table. */
export function queryForm(
  texts: FormTexts,
  tables: ReadonlyMap<string, Table>,
  values: FormValues,
  groups: readonly ArrayGroup[],
): ConstructorField[] {
  const mode = choice(values.queryType, QUERY_TYPES, 'constructor');
  const fields = [
    texts.field('query', 'queryType', 'radio', {
      value: mode,
      isTrigger: true,
      size: 'xxl',
      props: { options: texts.options('query.queryType', QUERY_TYPES) },
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
  texts: FormTexts,
  prefix: string,
  tables: ReadonlyMap<string, Table>,
  table: Table | undefined,
): ConstructorField {
  return texts.field(prefix, 'table', 'select', {
    required: true,
    ...(table ? { value: table.name } : {}),
    isTrigger: true,
    size: 'md',
    props: { options: texts.options('', [...tables.keys()]) },
  });
}

function constructorFields(
  texts: FormTexts,
  tables: ReadonlyMap<string, Table>,
  values: FormValues,
  groups: readonly ArrayGroup[],
): ConstructorField[] {
  const table = defaultTable(tables, values.table);
  const format = texts.field('query', 'format', 'radio', {
    value: choice(values.format, FORMATS, 'timeseries'),
    inline: true,
    size: 'md',
    props: { options: texts.options('query.format', FORMATS) },
  });
  const fields = [tableField(texts, 'query', tables, table), format];
  if (table === undefined) {
    return fields;
  }
  const times = columnsOf(table, 'time');
  // "" is the "(none)" option: a saved form that chose it must get it back, not the default.
  const timeColumn = choice(values.timeColumn, ['', ...times], table.timeColumn);
  const numbers = columnsOf(table, 'number');
  const sent = (listValue(values, 'valueColumns') ?? []).filter((c) => numbers.includes(c));
  const chosen = sent.length > 0 ? sent : numbers.slice(0, 1);
  const groupable = columnsOf(table, 'text');
  fields.push(
    texts.field('query', 'timeColumn', 'select', {
      value: timeColumn,
      size: 'sm',
      props: {
        options: options([
          [texts.t('query.timeColumn.none'), ''],
          ...times.map((n) => [n, n] as const),
        ]),
      },
    }),
    texts.field('query', 'valueColumns', 'select', {
      value: chosen.join(','),
      inline: true,
      size: 'md',
      props: { options: texts.options('', numbers), allowMultiSelect: true },
    }),
    texts.field('query', 'groupBy', 'select', {
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
  texts: FormTexts,
  table: Table,
  groups: readonly ArrayGroup[],
): ConstructorField {
  const columns = columnsOf(table);
  const first = columnsOf(table, 'text')[0] ?? columns[0] ?? '';
  const nested: ConstructorField[] = [];
  // Without sent groups: one group of defaults, without arrayIndex (the template of a new group).
  const sent: readonly (ArrayGroup | undefined)[] = groups.length > 0 ? groups : [undefined];
  for (const group of sent) {
    const position = group === undefined ? {} : { arrayIndex: group.index };
    const chosen: FormValues = group?.values ?? {};
    nested.push(
      texts.field('filter', 'column', 'select', {
        ...position,
        value: choice(chosen.column, columns, first),
        size: 'sm',
        props: { options: texts.options('', columns) },
      }),
      texts.field('filter', 'operator', 'select', {
        ...position,
        value: choice(chosen.operator, OPERATORS, '='),
        inline: true,
        size: 'xs',
        props: {
          options: options(OPERATORS.map((op, i) => [texts.t(`filter.operator.${i}`), op])),
        },
      }),
      texts.field('filter', 'value', 'text', {
        ...position,
        ...(chosen.value ? { value: chosen.value } : {}),
        inline: true,
        size: 'sm',
      }),
    );
  }
  return texts.field('query', 'filters', 'array', { size: 'xxl', props: { fields: nested } });
}

// --- variable form ------------------------------------------------------------------------------

/** source (trigger); for column_values: table (trigger), column and filters. */
export function variableForm(
  texts: FormTexts,
  tables: ReadonlyMap<string, Table>,
  values: FormValues,
  groups: readonly ArrayGroup[],
): ConstructorField[] {
  const source = choice(values.source, VARIABLE_SOURCES, 'column_values');
  const fields = [
    texts.field('variable', 'source', 'select', {
      value: source,
      isTrigger: true,
      size: 'md',
      props: {
        options: texts.options('variable.source', VARIABLE_SOURCES),
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
    texts.field('variable', 'column', 'select', {
      required: true,
      value: choice(values.column, columns, columns[0] ?? ''),
      inline: true,
      size: 'md',
      props: { options: texts.options('', columns) },
    }),
    filtersField(texts, table, groups),
  );
  return fields;
}
