/**
 * The shared $variable cases (scaffold/codegen/cases/variable_expansion.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests
 * (tests/unit/test_query_text_cases.py) and the Go runtime's (querytexts_test.go) read the same
 * file, so the reference grammar, lists, escaping and undefined names are decided once for three
 * languages (issue 40 point 2).
 *
 * SCAFFOLD_VARIABLE_EXPANSION names the file (tests/functional/test_json_bodies_typescript.py sets
 * it). Unset, the tests fail: a run that skipped the shared cases would pass without deciding
 * anything.
 */

import { describe, expect, it } from 'vitest';

import { runtimeText } from './catalog.js';
import { PluginError } from './errors.js';
import { type ExpandOptions, expandVariables, sqlString, urlComponent, variableReference } from './query-text.js';
import { loadSharedCases } from './shared-cases.js';
import type { Variables } from './types.js';

type Text = string | { readonly text: string; readonly params?: Readonly<Record<string, Text>> };

interface Case {
  readonly name: string;
  readonly text: string;
  readonly variables: Variables;
  readonly escape?: 'none' | 'sql' | 'url';
  readonly undefined?: 'error' | 'keep' | 'empty';
  readonly maxBytes?: number;
  readonly locale: string;
  readonly expanded?: string;
  readonly status?: number;
  readonly message?: Text;
  readonly reference?: string | null;
}

const KNOWN = new Set([
  'name',
  'text',
  'variables',
  'escape',
  'undefined',
  'maxBytes',
  'locale',
  'expanded',
  'status',
  'message',
  'reference',
]);
const CASES = loadSharedCases('SCAFFOLD_VARIABLE_EXPANSION', 'variable_expansion.json', { cases: KNOWN })[
  'cases'
] as readonly Case[];
const ESCAPES = { none: undefined, sql: sqlString, url: urlComponent };

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

describe('variable_expansion.json', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const escape = ESCAPES[c.escape ?? 'none'];
    const options: ExpandOptions = {
      ...(escape === undefined ? {} : { escape }),
      ...(c.undefined === undefined ? {} : { undefined: c.undefined }),
      ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
    };
    if (c.reference !== undefined) {
      expect(variableReference(c.text) ?? null).toBe(c.reference);
    }
    if (c.expanded !== undefined) {
      expect(expandVariables(c.text, c.variables, c.locale, options)).toBe(c.expanded);
      return;
    }
    let raised: unknown;
    try {
      expandVariables(c.text, c.variables, c.locale, options);
    } catch (error) {
      raised = error;
    }
    expect(raised).toBeInstanceOf(PluginError);
    const error = raised as PluginError;
    expect(error.status).toBe(c.status);
    expect(error.message).toBe(expectedText(c.message ?? '', c.locale));
    expect(error.validationErrors).toBeUndefined();
  });
});
