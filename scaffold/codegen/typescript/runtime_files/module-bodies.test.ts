/**
 * The shared module body cases (scaffold/codegen/cases/module_bodies.json, whose "about" says the
 * format), read by the TypeScript module runtime: the Python module runtime's tests
 * (tests/unit/test_module_body_cases.py) and the Go one's read the same file, so a row decided once
 * holds in every language a module backend is written in (issue 42 point 4). Each body is read as
 * the demo endpoint reads one (parseModuleJson, then unwrapDemo); a refusal's message must be the
 * text of the one table (module-texts.ts) the case names, its `{name}`s filled in.
 *
 * SCAFFOLD_MODULE_BODIES names the file (tests/functional/test_module_runtime_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { BodyError, parseModuleJson, unwrapDemo } from './module-body.js';
import { MODULE_TEXTS, type ModuleTextKey, moduleText } from './module-texts.js';
import { MODULE_MAX_JSON_DEPTH } from './runtime-constants.js';
import { loadSharedCases } from './shared-cases.js';

type Part = string | readonly [string, number];
type Param = string | number | readonly [string, Readonly<Record<string, Param>>];

interface BodyCase {
  readonly name: string;
  readonly body: string | readonly Part[];
  readonly expect: 'accepted' | 'refused';
  readonly viaProxy?: boolean;
  readonly moduleContext?: 'present' | 'absent';
  readonly status?: number;
  readonly text?: string;
  readonly params?: Readonly<Record<string, Param>>;
}

const KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  cases: new Set(['name', 'body', 'expect', 'viaProxy', 'moduleContext', 'status', 'text', 'params']),
};

/** The case's body: code points below 256, one byte each, or parts joined ([s, n]: s n times). */
function bodyBytes(body: BodyCase['body']): Buffer {
  const parts = typeof body === 'string' ? [body] : body;
  const text = parts.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');
  return Buffer.from(text, 'latin1');
}

function isTextKey(key: string): key is ModuleTextKey {
  return Object.hasOwn(MODULE_TEXTS, key);
}

/** The text `key` of the one table with its `{name}`s filled in (a [key, params] value nested). */
function expectedText(key: string, params: Readonly<Record<string, Param>> = {}): string {
  if (!isTextKey(key)) {
    throw new Error(`${key} is no module text (module-texts.ts)`);
  }
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    filled[name] = typeof value === 'string' || typeof value === 'number' ? value : expectedText(value[0], value[1]);
  }
  return moduleText(key, filled);
}

const cases = loadSharedCases('SCAFFOLD_MODULE_BODIES', 'module_bodies.json', KEYS)['cases'] as BodyCase[];

describe('the demo endpoint reads each shared body as decided', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const read = (): ReturnType<typeof unwrapDemo> =>
      unwrapDemo(parseModuleJson(bodyBytes(c.body), MODULE_MAX_JSON_DEPTH), 'en-US');
    if (c.expect === 'accepted') {
      const answer = read();
      expect(answer.viaProxy).toBe(c.viaProxy);
      expect(answer.hasModuleContext ? 'present' : 'absent').toBe(c.moduleContext);
      return;
    }
    let refused: unknown;
    try {
      read();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(BodyError);
    const error = refused as BodyError;
    expect(error.status).toBe(c.status);
    expect(error.message).toBe(expectedText(c.text ?? '', c.params));
  });
});
