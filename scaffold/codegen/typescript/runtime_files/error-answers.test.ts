/**
 * The shared error-answer cases (scaffold/codegen/cases/error_answers.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests
 * (tests/functional/test_error_answers.py) and the Go runtime's (erroranswers_test.go) read the same
 * file, so what a refused request or a failing data source gets is decided once for three languages
 * (issue 39 point 2). Each case is injected into a Fastify app carrying the glue a generated plugin
 * serves (installObservability and installContract, as src/app.ts installs them) around a data
 * source of which every method fails as the case says.
 *
 * SCAFFOLD_ERROR_ANSWERS names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import type { DataSourceBase } from './base.js';
import { Catalog } from './catalog.js';
import type { RequestContext } from './context.js';
import { PluginError } from './errors.js';
import { fastifyOptions, installObservability } from './observability.js';
import { OPERATIONS } from './operations.js';
import { DEFAULT_LOCALE } from './runtime-constants.js';
import { SecretBox } from './secrets.js';
import { installContract } from './serve.js';
import { loadSharedCases } from './shared-cases.js';
import { RUNTIME_TEXTS } from './texts.js';

type Body = string | readonly (string | readonly [string, number])[];
type AnswerValue = unknown;

interface Raises {
  readonly status: number;
  readonly message: string;
  readonly validationErrors?: Readonly<Record<string, string>>;
}

interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Body;
  readonly raises?: Raises;
  readonly status: number;
  readonly answer: Readonly<Record<string, AnswerValue>>;
  readonly message?: string;
  readonly text?: string;
  readonly locale?: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly mentions?: readonly string[];
  readonly never?: readonly string[];
  readonly answerHeaders?: Readonly<Record<string, string>>;
  readonly waits?: number;
}

const KEYS = new Set([
  'name', 'method', 'path', 'headers', 'body', 'raises', 'status', 'answer', 'message', 'text',
  'locale', 'params', 'mentions', 'never', 'answerHeaders', 'waits',
]);
const BUG = 'database password is hunter2';

function loadCases(): Case[] {
  return loadSharedCases('SCAFFOLD_ERROR_ANSWERS', 'error_answers.json', { cases: KEYS })['cases'] as Case[];
}

/** The case's body: code points below 256, one byte each; a list joins its parts. */
function bodyBytes(body: Body | undefined): Buffer {
  if (body === undefined) {
    return Buffer.alloc(0);
  }
  const parts = typeof body === 'string' ? [body] : body;
  const text = parts.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');
  if ([...text].some((character) => (character.codePointAt(0) ?? 0) > 0xff)) {
    throw new Error('a body holds a code point above U+00FF: only one byte each is allowed');
  }
  return Buffer.from(text, 'latin1');
}

function rawText(locale: string, key: string): string {
  const text = RUNTIME_TEXTS[locale]?.[key];
  if (text === undefined) {
    throw new Error(`no runtime text ${key} in ${locale}`);
  }
  return text;
}

/** The runtime text `key` as a pattern: its params put in, any other placeholder any text. */
function textPattern(locale: string, key: string, params: Readonly<Record<string, string>>): RegExp {
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = rawText(locale, key).split(/\{(\w+)\}/);
  const pattern = parts
    .map((part, index) => {
      if (index % 2 === 0) {
        return escape(part);
      }
      const given = params[part];
      return given === undefined ? '[^\\n]+' : escape(given);
    })
    .join('');
  return new RegExp(`^${pattern}$`, 'u');
}

function messageMatches(c: Case, message: string): boolean {
  if (c.message !== undefined) {
    return message === c.message;
  }
  const locale = c.locale ?? DEFAULT_LOCALE;
  return textPattern(locale, c.text ?? '', c.params ?? {}).test(message);
}

/** `answer`'s value, a {"text": key} read as that runtime text. */
function expectedValue(value: AnswerValue, locale: string): AnswerValue {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, AnswerValue>);
    if (entries.length === 1 && entries[0]?.[0] === 'text') {
      return rawText(locale, String(entries[0][1]));
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, expectedValue(item, locale)]));
  }
  return value;
}

const apps = new Map<string, FastifyInstance>();

/**
 * The glue around a data source of which every method fails as `raises` says, or, with `waits`
 * (querySeconds), waits for its context's signal and fails with its reason.
 */
async function failingApp(raises: Raises | undefined, waits?: number): Promise<FastifyInstance> {
  const key = JSON.stringify([raises ?? null, waits ?? null]);
  const known = apps.get(key);
  if (known !== undefined) {
    return known;
  }
  const fail = (): Promise<never> =>
    Promise.reject(
      raises === undefined
        ? new Error(BUG)
        : new PluginError(raises.message, {
            status: raises.status,
            ...(raises.validationErrors === undefined ? {} : { validationErrors: raises.validationErrors }),
          }),
    );
  const wait = (...args: unknown[]): Promise<never> => {
    const { signal } = args[args.length - 1] as RequestContext;
    if (signal === undefined) {
      return Promise.reject(new Error('the routes gave the method no signal'));
    }
    return new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  };
  const dataSource = {
    secretFields: new Set<string>(),
    ...Object.fromEntries(OPERATIONS.map((op) => [op.methodName, waits === undefined ? fail : wait])),
  } as unknown as DataSourceBase;
  const app = Fastify({ ...fastifyOptions(), logger: false });
  installObservability(app, { state: { stopping: false }, metricsEnabled: false });
  installContract(app, {
    dataSource,
    catalog: new Catalog({ 'ru-RU': {}, 'en-US': {} }),
    secrets: new SecretBox(Uint8Array.from({ length: 32 }, (_, index) => index)),
    ...(waits === undefined ? {} : { querySeconds: waits }),
  });
  await app.ready();
  apps.set(key, app);
  return app;
}

const cases = loadCases();

afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.close()));
});

describe('the shared error-answer cases', () => {
  it('are all ones this runner knows', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const app = await failingApp(c.raises, c.waits);
    const answer = await app.inject({
      method: c.method as 'GET',
      url: c.path,
      headers: { ...c.headers },
      ...(c.body === undefined ? {} : { payload: bodyBytes(c.body) }),
    });
    const where = `${c.name}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
    expect(answer.statusCode, where).toBe(c.status);
    expect(String(answer.headers['content-type']), where).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    const { message, ...rest } = body;
    expect(typeof message === 'string' && messageMatches(c, message), `${where}\nmessage: ${String(message)}`).toBe(true);
    for (const text of c.mentions ?? []) {
      expect(String(message), where).toContain(text);
    }
    expect(rest, where).toEqual(expectedValue(c.answer, c.locale ?? DEFAULT_LOCALE));
    for (const text of c.never ?? []) {
      expect(answer.body, where).not.toContain(text);
    }
    for (const [name, value] of Object.entries(c.answerHeaders ?? {})) {
      expect(answer.headers[name], where).toBe(value);
    }
  });
});
