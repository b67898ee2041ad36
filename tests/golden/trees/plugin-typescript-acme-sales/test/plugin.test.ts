// What holds for any plugin, whatever its data source does (yours: edit as you like). The
// example's own operations are tested in test/example/.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { type AnswerLog, checkAnswers } from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';

const API = '/api/v1';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const HEALTHY = { fields: [{ code: 'dataset', value: 'sample' }] };

let app: FastifyInstance;
let answers: AnswerLog; // every answer held against the spec (src/contract/conformance.ts)

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-test-'));
  app = buildApp(loadSettings({ PLUGIN_STATE_DIR: stateDir, LOG_LEVEL: 'fatal' }));
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
  it('answers well-known with texts in every language', async () => {
    const response = await app.inject({ method: 'GET', url: `${API}/well-known` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ title: { lang: string }[]; baseUrl: string }>();
    expect(body.title.map((text) => text.lang)).toEqual(['ru-RU', 'en-US']);
    expect(body.baseUrl).toBe('http://localhost:80/api/v1');
  });

  it('answers in Russian by default', async () => {
    const health = await post('/datasource/health-check', HEALTHY, {});
    expect(health.json<{ message: string }>().message).toBe(
      'Демонстрационный набор данных отвечает: таблиц 2',
    );
  });

  it('echoes a usable X-Request-ID and makes one otherwise', async () => {
    const echoed = await post('/query/get-result', QUERY, { 'x-request-id': 'abc-123' });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const made = await post('/query/get-result', QUERY, { 'x-request-id': 'no spaces\nplease' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});
