// Your data source's answers (yours: grow it with src/datasource.ts). These tests call your data
// source through the app (buildApp's default), so they change when it does, as does
// contract.test.ts; the glue's own tests (plugin.test.ts, strict.test.ts) run against a stand-in
// and do not. A data source that calls a service is tested against test/fake-upstream.ts (README,
// "Testing your data source").
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { type AnswerLog, checkAnswers } from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';
import { fakeUpstream } from './fake-upstream.js';

const API = '/api/v1';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const QUERY = { dataQuery: [{ refID: 'A', json: '{}' }] };

let app: FastifyInstance;
let answers: AnswerLog; // every answer held against the spec (src/contract/conformance.ts)

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-datasource-'));
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

describe('the starter data source', () => {
  it('answers well-known with texts in every language', async () => {
    const response = await app.inject({ method: 'GET', url: `${API}/well-known` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ title: { lang: string }[]; baseUrl: string }>();
    expect(body.title.map((text) => text.lang)).toEqual(['ru-RU', 'en-US']);
    expect(body.baseUrl).toBe('http://localhost:80/api/v1');
  });

  it('answers every POST operation with the smallest valid answer', async () => {
    expect((await post('/datasource/constructor-fields', {})).json()).toEqual([]);
    expect((await post('/query/constructor-fields', {})).json()).toEqual([]);
    expect((await post('/variable/constructor-fields', {})).json()).toEqual([]);
    expect((await post('/variable/values', {})).json()).toEqual([]);
    const health = await post('/datasource/health-check', { fields: [] }, EN);
    expect(health.json()).toEqual({
      error: false,
      status: true,
      message: 'The data source answers',
      datasourceConfig: { fields: [] },
    });
    const result = await post('/query/get-result', QUERY);
    expect(result.json()).toEqual({
      status: 200,
      frames: [{ name: 'A', refID: 'A', fields: [] }],
    });
  });

  it('answers in Russian by default', async () => {
    const health = await post('/datasource/health-check', { fields: [] }, {});
    expect(health.json<{ message: string }>().message).toBe('Источник данных отвечает');
  });
});

describe('a fake upstream (test/fake-upstream.ts)', () => {
  // When your data source calls a service: start the fake in the test, put its URL (and a token)
  // in the datasource fields of the request, and read what your data source sent it.
  it('answers as the test says and records what it was sent', async () => {
    const upstream = await fakeUpstream((request) =>
      request.headers['authorization'] === 'Bearer t0ken'
        ? { body: { version: '2.1' } }
        : { status: 401, body: { error: 'bad token' } },
    );
    try {
      const good = await fetch(`${upstream.url}/api/status`, {
        headers: { authorization: 'Bearer t0ken' },
      });
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ version: '2.1' });
      expect((await fetch(`${upstream.url}/api/status`)).status).toBe(401);
      expect(upstream.received.map((request) => request.url)).toEqual([
        '/api/status',
        '/api/status',
      ]);
    } finally {
      await upstream.close();
    }
  });
});
