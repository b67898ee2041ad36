/**
 * The shared JSON body cases (scaffold/codegen/cases/json_bodies.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests (tests/unit/test_json_bodies.py)
 * and the Go runtime's (jsonbodies_test.go) read the same file, so a row decided once holds in all
 * three languages (issue 38 point 6, issue 39 point 2). Each body goes the way serve.ts takes a
 * request body: readJson, then the strict validator with the body's text, against an object whose
 * key `n`, when the case names a field, is an optional integer of that format.
 *
 * SCAFFOLD_JSON_BODIES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { readJson } from './body-limits.js';
import { runtimeText } from './catalog.js';
import { loadSharedCases } from './shared-cases.js';
import { BodyValidator } from './validation.js';

interface Case {
  readonly name: string;
  readonly body: string | readonly (string | readonly [string, number])[];
  readonly field?: 'int64' | 'int32';
  readonly expect: 'accepted' | 'refused';
  readonly status?: number;
  readonly text?: 'json' | 'range' | 'integer';
  readonly value?: string;
}

const KEYS = new Set(['name', 'body', 'field', 'expect', 'status', 'text', 'value']);
const LOCALE = 'en-US';
const SCHEMAS: Readonly<Record<string, string>> = {
  '': '#/components/schemas/Plain',
  int64: '#/components/schemas/Int64Body',
  int32: '#/components/schemas/Int32Body',
};
const validator = new BodyValidator({
  openapi: '3.1.0',
  components: {
    schemas: {
      Plain: { type: 'object' },
      Int64Body: { type: 'object', properties: { n: { type: 'integer', format: 'int64' } } },
      Int32Body: { type: 'object', properties: { n: { type: 'integer', format: 'int32' } } },
    },
  },
});

function loadCases(): Case[] {
  return loadSharedCases('SCAFFOLD_JSON_BODIES', 'json_bodies.json', { cases: KEYS })['cases'] as Case[];
}

/** The case's body: code points below 256, one byte each; a list joins its parts. */
function bodyBytes(body: Case['body']): Buffer {
  const parts = typeof body === 'string' ? [body] : body;
  const text = parts.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');
  if ([...text].some((character) => (character.codePointAt(0) ?? 0) > 0xff)) {
    throw new Error('a body holds a code point above U+00FF: only one byte each is allowed');
  }
  return Buffer.from(text, 'latin1');
}

/** Whether `message` is the refusal `text` names. */
function refusedAs(text: Case['text'], message: string): boolean {
  if (text === 'json') {
    return message === runtimeText(LOCALE, 'body.invalidJson');
  }
  if (text === 'range' || text === 'integer') {
    return message === runtimeText(LOCALE, 'body.schema', { problems: `n: ${runtimeText(LOCALE, `problem.${text}`)}` });
  }
  throw new Error(`unknown text ${String(text)}`);
}

/** The message serve.ts would answer (400) for `raw`, or the value the data source would get. */
function serve(raw: Buffer, field: string): { message: string } | { value: unknown } {
  const read = readJson(raw);
  if (!read.ok) {
    return { message: runtimeText(LOCALE, 'body.invalidJson') };
  }
  const schema = SCHEMAS[field];
  if (schema === undefined) {
    throw new Error(`unknown field ${field}`);
  }
  const problem = validator.problem(schema, read.value, LOCALE, read.text);
  return problem === undefined ? { value: read.value } : { message: problem };
}

const cases = loadCases();

describe('the shared JSON body cases', () => {
  it('are all ones this runner knows', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases) {
      expect([undefined, 'int64', 'int32']).toContain(c.field);
      expect(['accepted', 'refused']).toContain(c.expect);
      if (c.expect === 'refused') {
        expect(c.status).toBe(400); // every refusal of the reader and the validator is answered 400
        expect(['json', 'range', 'integer']).toContain(c.text);
      } else {
        expect(c.value !== undefined).toBe(c.field !== undefined);
      }
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const outcome = serve(bodyBytes(c.body), c.field ?? '');
    if (c.expect === 'refused') {
      expect('message' in outcome && refusedAs(c.text, outcome.message), JSON.stringify(outcome)).toBe(true);
      return;
    }
    expect(outcome).toHaveProperty('value');
    if (c.value !== undefined && 'value' in outcome) {
      // a number holds the double nearest the exact integer: what JSON.parse gives the data source
      // (-0 for -0.0, which === takes for 0)
      const n = (outcome.value as { n?: unknown }).n;
      expect(n === Number(BigInt(c.value)), String(n)).toBe(true);
    }
  });
});
