/**
 * Answering one DataQuery from the sample dataset, and the values of a variable.
 *
 * DataQuery.json is a JSON object of the query form's field codes and values (as the Python
 * example's):
 *
 *     {"queryType": "constructor", "table": "cpu_metrics", "format": "timeseries",
 *      "timeColumn": "time", "valueColumns": ["usage"], "groupBy": "host",
 *      "filters": [{"column": "host", "operator": "=", "value": "$hosts"}]}
 *
 * - `table` is required, as the query form marks it (without one: 422 "table is required"); any
 *   other field left out takes the form's default. Table and column names must be the dataset's;
 *   valueColumns is a list or a comma-separated text.
 * - A filter value `$name` (or `${name}`) takes the request's variable `name`: with several values,
 *   `=` matches any of them and `!=` none. A group without a value is ignored.
 * - A filter on a number column compares numbers: its value must be a finite decimal in JSON number
 *   syntax (see `filterNumber`).
 * - format "timeseries" answers the Timestamp contract (one field per value column and group),
 *   "table" the Regular contract (one field whose values are the rows).
 * - timeRange bounds the time column (inclusive). maxDataPoints caps the points of each series:
 *   when more rows fall in the range they are averaged into equal time buckets (each point at the
 *   time of its bucket's first row). In table format it caps the rows. The data source's rowLimit
 *   caps every query.
 * - Every query of one request shares its deadline (PLUGIN_QUERY_SECONDS) and its result budget
 *   (PLUGIN_MAX_RESULT_BYTES): `Limits.spend` stops a query that runs past either.
 */
import type { DataQuery, Field, Frame, TimeRange, Variables } from '../contract/index.js';
import { frame, variableReference } from '../contract/index.js';
import { FORMATS, OPERATORS, choice } from './forms.js';
import { type Row, type Table, type Value, columnsOf } from './sample.js';

export const MAX_VALUE_COLUMNS = 20;
export const MAX_FILTERS = 50;
export const MAX_VARIABLE_VALUES = 1000;

/** An error of the query's content: `key` names its text (errors.reason.<key>) in locales/. */
export class QueryError extends Error {
  constructor(
    readonly key: string,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(key);
    this.name = 'QueryError';
  }
}

/**
 * What one request may use: the row cap, the deadline (Date.now() ms) and the result budget. The
 * call's signal (RequestContext.signal) stops the reading too: this reading is synchronous, so
 * the glue's own deadline timer cannot run until it returns; an upstream call would take the
 * signal itself (`fetch(url, { signal })`).
 */
export class Limits {
  private rows = 0;
  private bytes = 0;

  constructor(
    readonly rowLimit: number,
    readonly deadline: number,
    readonly maxBytes: number,
    readonly signal?: AbortSignal,
  ) {}

  /** Count one row read and the bytes it adds to the answer; past the deadline or budget: stop. */
  spend(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) {
      throw new QueryError('tooLarge', { bytes: this.maxBytes });
    }
    this.rows += 1;
    if (this.rows % 1000 === 0 && (Date.now() > this.deadline || this.signal?.aborted === true)) {
      throw new QueryError('timeout');
    }
  }
}

type Spec = Readonly<Record<string, unknown>>;

function textOf(spec: Spec, key: string, fallback = ''): string {
  const value = spec[key];
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== 'string') {
    throw new QueryError('notText', { key });
  }
  return value;
}

/** The table `spec` names: required, as the query and variable forms mark it (in every example). */
function tableOf(tables: ReadonlyMap<string, Table>, spec: Spec): Table {
  const name = textOf(spec, 'table');
  if (name === '') {
    throw new QueryError('tableRequired');
  }
  const table = tables.get(name);
  if (table === undefined) {
    throw new QueryError('unknownTable');
  }
  return table;
}

function columnOf(table: Table, name: string): string {
  if (!columnsOf(table).includes(name)) {
    throw new QueryError('unknownColumn', { table: table.name });
  }
  return name;
}

function valueColumns(table: Table, spec: Spec): string[] {
  const raw = spec.valueColumns;
  const numbers = columnsOf(table, 'number');
  let names: unknown[];
  if (raw === undefined || raw === null || raw === '') {
    names = numbers.slice(0, 1);
  } else if (typeof raw === 'string') {
    names = raw.split(',').map((name) => name.trim());
  } else if (Array.isArray(raw)) {
    names = raw;
  } else {
    throw new QueryError('notText', { key: 'valueColumns' });
  }
  if (names.length > MAX_VALUE_COLUMNS) {
    throw new QueryError('tooManyColumns', { max: MAX_VALUE_COLUMNS });
  }
  return names.map((name) => {
    if (typeof name !== 'string' || !numbers.includes(name)) {
      throw new QueryError('notNumberColumn', { table: table.name });
    }
    return name;
  });
}

type Test = (row: Row) => boolean;

/** The conditions of `filters` (a list of {column, operator, value}); `$name` takes a variable. */
export function filterTests(table: Table, raw: unknown, variables: Variables): Test[] {
  if (raw === undefined || raw === null || raw === '') {
    return [];
  }
  if (!Array.isArray(raw) || raw.length > MAX_FILTERS) {
    throw new QueryError('filters', { max: MAX_FILTERS });
  }
  const tests: Test[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new QueryError('filters', { max: MAX_FILTERS });
    }
    const group = item as Spec;
    // JSON mode: a JSON number is a filter number (for a number column only).
    const sent = typeof group.value === 'number' ? group.value : undefined;
    const text = sent === undefined ? textOf(group, 'value') : '';
    if (sent === undefined && text === '') {
      continue; // a group without a value is ignored
    }
    const column = columnOf(table, textOf(group, 'column'));
    const operator = textOf(group, 'operator', '=');
    if (!OPERATORS.some((op) => op === operator)) {
      throw new QueryError('operator');
    }
    const number = table.columns.find((c) => c.name === column)?.kind !== 'text';
    if (sent !== undefined && !number) {
      throw new QueryError('notText', { key: 'value' }); // a text column compares text
    }
    const wanted =
      sent === undefined
        ? expand(text, variables).map((v) => (number ? filterNumber(v) : v))
        : [filterNumber(sent)];
    tests.push((row) => compare(row[column], operator, wanted));
  }
  return tests;
}

function expand(text: string, variables: Variables): string[] {
  const name = variableReference(text);
  if (name === undefined) {
    return [text];
  }
  // Any name is a name like the others, in every example: `$__proto__`, `$constructor` or
  // `$toString` takes the request's own variable, never what every object inherits, and one the
  // request does not define is refused (422 naming the filter) like any other.
  const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
  if (value === undefined) {
    throw new QueryError('unknownVariable');
  }
  return typeof value === 'string' ? [value] : value;
}

// A JSON number, nothing around it: no NaN, Infinity, 0x10, 1_000, +1, .5 or white space.
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * The number a filter on a number column compares with. Decided alike in the Python, TypeScript
 * and Go examples: a filter number is a finite decimal in JSON number syntax (42, -0.5, 1e2, or a
 * JSON number in JSON mode); NaN, Infinity, 1e309, 1_000, 0x10, " 1" are refused, never read by
 * one language's own number rules (JavaScript's Number() would read 0x10 as 16 and " 1" as 1).
 */
function filterNumber(value: string | number): number {
  const number = typeof value === 'number' ? value : JSON_NUMBER.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number)) {
    throw new QueryError('notNumber');
  }
  return number;
}

function compare(actual: Value | undefined, operator: string, wanted: readonly Value[]): boolean {
  if (actual === undefined) {
    return false;
  }
  switch (operator) {
    case '=':
      return wanted.includes(actual);
    case '!=':
      return !wanted.includes(actual);
    default: {
      const other = wanted[0];
      if (other === undefined) {
        return false;
      }
      if (operator === '<') return actual < other;
      if (operator === '<=') return actual <= other;
      if (operator === '>') return actual > other;
      return actual >= other;
    }
  }
}

function* matching(table: Table, query: DataQuery, tests: readonly Test[]): Iterable<Row> {
  const { from, to } = query.timeRange ?? {};
  if (from !== undefined && to !== undefined && from > to) {
    throw new QueryError('timeRange');
  }
  for (const row of table.timeColumn ? table.rows(from, to) : table.rows()) {
    if (tests.every((test) => test(row))) {
      yield row;
    }
  }
}

/**
 * The frame answering `query` (refID echoed on the frame and its fields); `spec` is its json, as
 * the runtime's queryJson read it.
 */
export function runQuery(
  tables: ReadonlyMap<string, Table>,
  query: DataQuery,
  spec: Spec,
  variables: Variables,
  limits: Limits,
): Frame {
  const mode = textOf(spec, 'queryType', 'constructor') || 'constructor';
  if (mode !== 'constructor' && mode !== 'json') {
    throw new QueryError('queryType');
  }
  const table = tableOf(tables, spec);
  const format = textOf(spec, 'format', 'timeseries') || 'timeseries';
  if (!FORMATS.some((f) => f === format)) {
    throw new QueryError('format');
  }
  const timeColumn = textOf(spec, 'timeColumn', table.timeColumn);
  if (timeColumn && timeColumn !== table.timeColumn) {
    throw new QueryError('timeColumn', { table: table.name });
  }
  const values = valueColumns(table, spec);
  const group = textOf(spec, 'groupBy');
  if (group) {
    columnOf(table, group);
  }
  const tests = filterTests(table, spec.filters, variables);
  const requested = query.maxDataPoints ?? 0;
  const cap = requested >= 1 ? Math.min(requested, limits.rowLimit) : limits.rowLimit;
  const rows = matching(table, query, tests);
  if (format === 'table') {
    const columns = [...new Set([timeColumn, group, ...values].filter((c) => c !== ''))];
    return tableFrame(query, table, columns, rows, cap, limits);
  }
  if (!timeColumn) {
    throw new QueryError('noTimeColumn', { table: table.name });
  }
  return seriesFrame(query, table, timeColumn, group, values, rows, cap, limits);
}

function tableFrame(
  query: DataQuery,
  table: Table,
  columns: readonly string[],
  rows: Iterable<Row>,
  cap: number,
  limits: Limits,
): Frame {
  const records: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (records.length >= cap) {
      break;
    }
    const record = Object.fromEntries(columns.map((c) => [c, row[c] ?? null]));
    limits.spend(JSON.stringify(record).length + 1);
    records.push(record);
  }
  const field: Field = { name: table.name, type: 'table', values: records };
  return frame(query.refID, table.name, [field], JSON.stringify({ rows: records.length }));
}

function seriesFrame(
  query: DataQuery,
  table: Table,
  timeColumn: string,
  group: string,
  values: readonly string[],
  rows: Iterable<Row>,
  cap: number,
  limits: Limits,
): Frame {
  // series key -> [time, value] points, in time order
  const series = new Map<string, { value: string; labels: string; points: [number, number][] }>();
  for (const row of rows) {
    const time = Number(row[timeColumn]);
    const groupValue = group ? String(row[group] ?? '') : '';
    for (const value of values) {
      const key = JSON.stringify([value, groupValue]);
      let found = series.get(key);
      if (found === undefined) {
        const labels = group ? `${group}=${groupValue}` : '';
        found = { value: group ? `${value} ${groupValue}` : value, labels, points: [] };
        series.set(key, found);
      }
      const number = Number(row[value]);
      limits.spend(24);
      found.points.push([time, number]);
    }
  }
  const fields: Field[] = [];
  let bucketSeconds = 0;
  for (const { value, labels, points } of series.values()) {
    const [kept, width] = thin(points, cap, query.timeRange);
    bucketSeconds = Math.max(bucketSeconds, width);
    const field: Field = {
      name: value,
      type: 'number',
      values: kept.map(([time, number]) => ({ [String(time)]: String(number) })),
    };
    if (labels) {
      field.labels = labels;
    }
    fields.push(field);
  }
  const meta = JSON.stringify(bucketSeconds ? { bucketSeconds } : {});
  return frame(query.refID, table.name, fields, meta);
}

/**
 * At most `cap` points: averages over equal time buckets of the time range (of the points without
 * one), each at the time of its bucket's first point.
 */
function thin(
  points: [number, number][],
  cap: number,
  range: TimeRange | undefined,
): [[number, number][], number] {
  const low = range?.from ?? points[0]?.[0];
  const high = range?.to ?? points.at(-1)?.[0];
  if (points.length <= cap || low === undefined || high === undefined) {
    return [points, 0];
  }
  const width = Math.max(1, Math.ceil((high - low + 1) / cap));
  const buckets = new Map<number, { time: number; sum: number; count: number }>();
  for (const [time, number] of points) {
    const index = Math.floor((time - low) / width);
    const bucket = buckets.get(index);
    if (bucket === undefined) {
      buckets.set(index, { time, sum: number, count: 1 });
    } else {
      bucket.sum += number;
      bucket.count += 1;
    }
  }
  const averaged = [...buckets.values()].map(
    (b) => [b.time, Math.round((b.sum / b.count) * 100) / 100] as [number, number],
  );
  return [averaged, width];
}

/** A variable's values: the table names, or the distinct values of a column (filtered). */
export function variableValues(
  tables: ReadonlyMap<string, Table>,
  spec: Spec,
  variables: Variables,
  limits: Limits,
): string[] {
  const source = choice(textOf(spec, 'source'), ['column_values', 'tables'], 'column_values');
  if (source === 'tables') {
    return [...tables.keys()];
  }
  const table = tableOf(tables, spec);
  const name = textOf(spec, 'column');
  if (name === '') {
    throw new QueryError('columnRequired'); // required, as the variable form marks it
  }
  const column = columnOf(table, name);
  const tests = filterTests(table, spec.filters, variables);
  const seen = new Set<string>();
  for (const row of matching(table, {}, tests)) {
    limits.spend(0);
    seen.add(String(row[column] ?? ''));
    if (seen.size >= MAX_VARIABLE_VALUES) {
      break;
    }
  }
  return [...seen];
}
