/**
 * The shared config-check cases (scaffold/codegen/cases/config_checks.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests (tests/unit/test_config_checks.py)
 * and the Go runtime's (configchecks_test.go) read the same file, so which configuration is "too few
 * entries" (400) and which a validation error (422 with validationErrors) is decided once for three
 * languages (issue 40 points 2 and 6).
 *
 * SCAFFOLD_CONFIG_CHECKS names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { runtimeText } from './catalog.js';
import { requireValidConfig } from './config-check.js';
import { PluginError } from './errors.js';
import { loadSharedCases } from './shared-cases.js';
import type { ConstructorField, DatasourceField } from './types.js';

type Text = string | { readonly text: string; readonly params?: Readonly<Record<string, string>> };

interface Case {
  readonly name: string;
  readonly form: readonly ConstructorField[];
  readonly fields: readonly DatasourceField[];
  readonly locale: string;
  readonly status: number;
  readonly values?: Readonly<Record<string, string>>;
  readonly message?: Text;
  readonly validationErrors?: Readonly<Record<string, Text>>;
}

const KNOWN = new Set(['name', 'form', 'fields', 'locale', 'status', 'values', 'message', 'validationErrors']);
const CASES = loadSharedCases('SCAFFOLD_CONFIG_CHECKS', 'config_checks.json', { cases: KNOWN })[
  'cases'
] as readonly Case[];

/** A case's text: a literal, or {text, params} read from the glue's catalogue in `locale`. */
function expectedText(value: Text | undefined, locale: string): string | undefined {
  if (value === undefined || typeof value === 'string') {
    return value;
  }
  return runtimeText(locale, value.text, value.params);
}

describe('config_checks.json', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.status === 200) {
      expect(requireValidConfig(c.form, c.fields, c.locale)).toEqual(c.values);
      return;
    }
    let raised: unknown;
    try {
      requireValidConfig(c.form, c.fields, c.locale);
    } catch (error) {
      raised = error;
    }
    expect(raised).toBeInstanceOf(PluginError);
    const error = raised as PluginError;
    expect(error.status).toBe(c.status);
    expect(error.message).toBe(expectedText(c.message, c.locale));
    const expected = Object.fromEntries(
      Object.entries(c.validationErrors ?? {}).map(([code, text]) => [code, expectedText(text, c.locale)]),
    );
    expect(error.validationErrors ?? {}).toEqual(expected);
  });
});
