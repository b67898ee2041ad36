/**
 * The shared DataQuery.json cases (scaffold/codegen/cases/data_queries.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests
 * (tests/unit/test_query_text_cases.py) and the Go runtime's (querytexts_test.go) read the same
 * file, so how a query's json text is read (bounds, strictness, the 422 naming the query) is decided
 * once for three languages (issue 40 point 2).
 *
 * SCAFFOLD_DATA_QUERIES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { runtimeText } from './catalog.js';
import { PluginError } from './errors.js';
import { type JsonObject, queryJson, variableQueryJson } from './query-text.js';
import { loadSharedCases } from './shared-cases.js';

type Text = string | { readonly text: string; readonly params?: Readonly<Record<string, Text>> };

interface Case {
  readonly name: string;
  readonly kind: 'query' | 'variable';
  readonly refID?: string;
  readonly index?: number;
  readonly json?: string;
  readonly locale: string;
  readonly maxBytes?: number;
  readonly maxDepth?: number;
  readonly status: number;
  readonly value?: JsonObject;
  readonly message?: Text;
  readonly validationErrors?: Readonly<Record<string, Text>>;
}

const KNOWN = new Set([
  'name',
  'kind',
  'refID',
  'index',
  'json',
  'locale',
  'maxBytes',
  'maxDepth',
  'status',
  'value',
  'message',
  'validationErrors',
]);
const CASES = loadSharedCases('SCAFFOLD_DATA_QUERIES', 'data_queries.json', { cases: KNOWN })[
  'cases'
] as readonly Case[];

/** A case's text: a literal, or {text, params} read from the glue's catalogue (a param a text too). */
function expectedText(value: Text, locale: string): string {
  if (typeof value === 'string') {
    return value;
  }
  const params = Object.fromEntries(
    Object.entries(value.params ?? {}).map(([name, param]) => [name, expectedText(param, locale)]),
  );
  return runtimeText(locale, value.text, params);
}

function read(c: Case): JsonObject {
  const bounds = {
    ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
    ...(c.maxDepth === undefined ? {} : { maxDepth: c.maxDepth }),
  };
  if (c.kind === 'variable') {
    return variableQueryJson(c.json, c.locale, bounds);
  }
  const query = {
    ...(c.refID === undefined ? {} : { refID: c.refID }),
    ...(c.json === undefined ? {} : { json: c.json }),
  };
  return queryJson(query, c.index ?? 0, c.locale, bounds);
}

describe('data_queries.json', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.status === 200) {
      expect(read(c)).toEqual(c.value);
      return;
    }
    let raised: unknown;
    try {
      read(c);
    } catch (error) {
      raised = error;
    }
    expect(raised).toBeInstanceOf(PluginError);
    const error = raised as PluginError;
    expect(error.status).toBe(c.status);
    expect(error.message).toBe(expectedText(c.message ?? '', c.locale));
    const expected = Object.fromEntries(
      Object.entries(c.validationErrors ?? {}).map(([key, text]) => [key, expectedText(text, c.locale)]),
    );
    expect(error.validationErrors ?? {}).toEqual(expected);
  });
});
