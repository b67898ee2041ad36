// What holds for any plugin, whatever its data source does (yours: edit as you like): it runs
// against a stand-in data source (stubDataSource: the spec's example answers), so it holds
// whatever yours does. The example's own operations are tested in test/example/, its data
// source's answers in test/datasource.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { type AnswerLog, checkAnswers, stubDataSource } from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';

const API = '/api/v1';
const EN = { 'accept-language': 'en-US,en;q=0.9' };

let app: FastifyInstance;
let answers: AnswerLog; // every answer held against the spec (src/contract/conformance.ts)

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-test-'));
  app = buildApp(loadSettings({ PLUGIN_STATE_DIR: stateDir, LOG_LEVEL: 'fatal' }), {
    dataSource: stubDataSource(),
  });
  answers = checkAnswers(app);
  await app.ready();
});

afterEach(() => {
  expect(answers.take()).toEqual([]);
});

afterAll(async () => {
  await app.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = EN) {
  return app.inject({
    method: 'POST',
    url: API + path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

const QUERY = { dataQuery: [{ refID: 'A', json: '{}' }] };

describe('the contract operations', () => {
  it('echoes a usable X-Request-ID and makes one otherwise', async () => {
    const echoed = await post('/query/get-result', QUERY, { 'x-request-id': 'abc-123' });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const made = await post('/query/get-result', QUERY, { 'x-request-id': 'no spaces\nplease' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});
