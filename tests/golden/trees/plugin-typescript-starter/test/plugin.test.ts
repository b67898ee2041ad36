// What holds for any plugin, whatever its data source does (yours: edit as you like). The
// contract's rules the routes enforce before your code runs: strict bodies (nothing coerced),
// 400/404/405/413 bodies in the caller's language, never echoing the request. It runs against a
// stand-in data source (stubDataSource: the spec's example answers), so it holds whatever yours
// does; your data source's answers are tested in test/datasource.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { type AnswerLog, checkAnswers, stubDataSource } from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';

const API = '/api/v1';
const RU = { 'accept-language': 'ru-RU' };
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
    payload: typeof body === 'string' ? body : JSON.stringify(body),
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

describe('strict bodies', () => {
  it.each([
    ['a string for an integer', { dataQuery: [{ refID: 'A', maxDataPoints: '1' }] }],
    ['a boolean for an integer', { dataQuery: [{ refID: 'A', maxDataPoints: true }] }],
    ['a fraction for an integer', { dataQuery: [{ refID: 'A', maxDataPoints: 1.5 }] }],
    ['an integer beyond int64', { dataQuery: [{ refID: 'A', maxDataPoints: 2 ** 70 }] }],
    ['null for a string', { dataQuery: [{ refID: null }] }],
    ['a missing required property', { variables: {} }],
    ['an object for the body', []],
  ])('refuses %s with 400 in the operation error shape', async (_case, body) => {
    const response = await post('/query/get-result', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ error: boolean; status: number; message: string }>();
    expect(answer.error).toBe(true);
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^Request format is wrong: /);
  });

  it('refuses "true" for a boolean', async () => {
    const response = await post('/datasource/health-check', {
      fields: [{ code: 'url', value: 'x', required: 'true' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: true,
      status: false,
      message: 'Request format is wrong: fields.0.required: true or false is expected',
    });
  });

  it('names places by the contract only, never by what the body sent', async () => {
    const response = await post('/query/get-result', {
      dataQuery: [{ refID: 'A', maxDataPoints: 'x' }],
      variables: { 'secret-key-name': 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('secret-key-name');
    expect(response.body).toContain('dataQuery.0.maxDataPoints: an integer is expected');
    expect(response.body).toContain('variables.*');
  });

  it.each([
    ['not JSON', '{"dataQuery": ['],
    ['NaN', '{"dataQuery": [{"refID": "A", "maxDataPoints": NaN}]}'],
    ['Infinity', '{"dataQuery": [{"refID": "A", "maxDataPoints": Infinity}]}'],
    ['empty', ''],
  ])('refuses a body that is %s with 400', async (_case, raw) => {
    const response = await post('/query/get-result', raw);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'Request format is wrong: the body is not valid JSON',
    );
  });

  it('refuses a declared type other than JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${API}/query/get-result`,
      headers: { 'content-type': 'text/plain', ...EN },
      payload: JSON.stringify(QUERY),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'Request format is wrong: Content-Type must be application/json',
    );
  });

  it('reads a body without Content-Type as JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${API}/query/get-result`,
      payload: Buffer.from(JSON.stringify(QUERY)),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body over the limit with 413 and the generic error body', async () => {
    const big = JSON.stringify({ dataQuery: [{ refID: 'A', json: 'x'.repeat(11 * 1024 * 1024) }] });
    const response = await post('/query/get-result', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: true,
      message: 'Request body is larger than 10 MiB',
    });
  });
});

describe('paths and methods', () => {
  it('answers an unknown path with 404 in the caller language', async () => {
    const response = await app.inject({ method: 'GET', url: `${API}/nowhere`, headers: RU });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: true, message: 'Не найдено' });
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${API}/query/get-result`,
      headers: EN,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers['allow']).toBe('POST');
    expect(response.json()).toEqual({ error: true, message: 'Method not allowed' });
  });

  it('serves the probes and the contract document', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
    });
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      openapi: string;
    }>();
    expect(document.openapi).toBe('3.1.0');
  });
});

describe('metrics', () => {
  it('counts requests by operation, method and status, the probes not', async () => {
    await post('/query/get-result', QUERY);
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: `${API}/nowhere` });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /^http_requests_total\{operation="\/query\/get-result",method="POST",status="200"\} \d+$/m,
    );
    expect(metrics.body).toMatch(
      /^http_requests_total\{operation="other",method="GET",status="404"\} \d+$/m,
    );
    expect(metrics.body).toContain('http_request_duration_seconds_bucket{le="60.0",');
    expect(metrics.body).not.toContain('operation="/healthz"');
  });

  it('serves no /metrics when METRICS_ENABLED is false', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plugin-test-'));
    const settings = { PLUGIN_STATE_DIR: stateDir, LOG_LEVEL: 'fatal', METRICS_ENABLED: 'false' };
    const quiet = buildApp(loadSettings(settings), { dataSource: stubDataSource() });
    expect((await quiet.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await quiet.close();
  });
});
