/**
 * The shared log-record cases (scaffold/codegen/cases/log_records.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests
 * (tests/unit/test_log_record_cases.py) and the Go runtime's (logrecords_test.go) read the same
 * file, so the JSON line a record becomes (its keys, its time's form, the level names) is decided
 * once for three languages (issue 39 point 1). Each case is logged by the logger Fastify makes
 * from loggerOptions('json', ...), as app.ts makes it, and from loggerOptions('text', ...) when
 * the case says what the text line holds, through the logger a request gets (requestLogger, as
 * Fastify makes it: a data source method's context.log, issue 40 point 3) when the case names its
 * id.
 *
 * SCAFFOLD_LOG_RECORD_CASES names the file (tests/functional/test_json_bodies_typescript.py sets
 * it). Unset, the tests fail: a run that skipped the shared cases would pass without deciding
 * anything.
 */

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { loggerOptions, requestLogger } from './log-lines.js';
import { LOG_REQUEST_ID_KEY, LOG_TIME_KEY } from './runtime-constants.js';
import { loadSharedCases } from './shared-cases.js';

interface Case {
  readonly name: string;
  readonly level: string;
  readonly message: string;
  readonly requestId?: string;
  readonly record: Readonly<Record<string, unknown>>;
  readonly fields?: readonly (readonly [string, unknown])[];
  readonly text?: readonly string[];
}

const KEYS = new Set(['name', 'level', 'message', 'requestId', 'record', 'fields', 'text']);
/** pino's method for each shared level name. */
const LEVELS = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
  FATAL: 'fatal',
} as const;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/u;

function loadCases(): Case[] {
  return loadSharedCases('SCAFFOLD_LOG_RECORD_CASES', 'log_records.json', { cases: KEYS })['cases'] as Case[];
}

/** The lines Fastify's logger writes for `c`, made as app.ts makes it with LOG_FORMAT `format`. */
async function logged(c: Case, format = 'json'): Promise<string[]> {
  const lines: string[] = [];
  const write = (line: string): void => {
    lines.push(line);
  };
  const options = loggerOptions(format, 'trace', write);
  const app = Fastify({ logger: format === 'json' ? { ...options, stream: { write } } : options });
  await app.ready();
  const logger = c.requestId === undefined ? app.log : requestLogger(app.log, { [LOG_REQUEST_ID_KEY]: c.requestId }, {});
  const method = LEVELS[c.level as keyof typeof LEVELS];
  if (method === undefined) {
    throw new Error(`level ${c.level} is not one this runner knows`);
  }
  logger[method](Object.fromEntries(c.fields ?? []), c.message);
  await app.close();
  return lines.filter((line) => line.includes(format === 'json' ? JSON.stringify(c.message) : c.message));
}

const cases = loadCases();

describe('the shared log-record cases', () => {
  it('are all ones this runner knows', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const lines = await logged(c);
    expect(lines.length, lines.join('')).toBe(1);
    const record = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(String(record[LOG_TIME_KEY]), lines[0]).toMatch(TIME);
    const shared = Object.fromEntries(Object.keys(c.record).filter((key) => key in record).map((key) => [key, record[key]]));
    expect(shared, lines[0]).toEqual(c.record);
    if (c.requestId === undefined) {
      expect(record, lines[0]).not.toHaveProperty(LOG_REQUEST_ID_KEY);
    }
  });
});

describe('the shared log-record cases in the text format', () => {
  it.each(cases.filter((c) => c.text !== undefined).map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const lines = await logged(c, 'text');
    expect(lines.length, lines.join('')).toBe(1);
    const line = lines[0] ?? '';
    let at = 0;
    for (const part of c.text ?? []) {
      const found = line.indexOf(part, at);
      expect(found, `${JSON.stringify(part)} is not in ${JSON.stringify(line.slice(at))} (the line: ${line})`).toBeGreaterThanOrEqual(0);
      at = found + part.length;
    }
  });
});

describe("a request's logger (requestLogger, made only when it writes)", () => {
  it("writes the line Fastify's child writes, none below the level, and keeps a level set on it", async () => {
    const lines: string[] = [];
    const write = (line: string): void => {
      lines.push(line);
    };
    const app = Fastify({ logger: { ...loggerOptions('json', 'info', write), stream: { write } } });
    await app.ready();
    const bindings = { [LOG_REQUEST_ID_KEY]: 'req-1' };
    const lazy = requestLogger(app.log, bindings, {});
    lazy.debug('below the level');
    lazy.info({ rows: 3 }, 'read');
    app.log.child(bindings, {}).info({ rows: 3 }, 'read');
    lazy.level = 'debug';
    lazy.debug('now written');
    await app.close();
    const untimed = lines.map((line) => line.replace(new RegExp(`"${LOG_TIME_KEY}":"[^"]*"`, 'u'), ''));
    expect(untimed, lines.join('')).toHaveLength(3);
    expect(untimed[0]).toBe(untimed[1]);
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({ level: 'DEBUG', [LOG_REQUEST_ID_KEY]: 'req-1', message: 'now written' });
    expect(app.log.level).toBe('info');
  });
});
