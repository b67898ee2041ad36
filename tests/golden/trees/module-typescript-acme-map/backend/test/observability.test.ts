// Metrics, probes, request ids and logs around the backend's routes (src/contract/observability.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import type { ServiceState } from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';
import { makeApp, testSettings } from './fixtures.js';

let app: FastifyInstance;
const state: ServiceState = { stopping: false };

beforeAll(async () => {
  app = await makeApp({}, { state });
});

afterAll(async () => {
  await app.close();
});

/** The value of the sample `name` with exactly these labels in a /metrics answer, or undefined. */
function sample(metrics: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of metrics.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && match[2]?.split(',').sort().join(',') === wanted) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describe('observability', () => {
  it('counts calls by operation', async () => {
    const demo = await app.inject({
      method: 'POST',
      url: '/api/v1/demo/status',
      payload: { message: 'ping' },
    });
    expect(demo.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/static/module.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nowhere/at/all' })).statusCode).toBe(404);
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    const text = metrics.body;
    const labels = { operation: '/demo/status', method: 'POST' };
    expect(sample(text, 'http_requests_total', { ...labels, status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    const staticFile = { operation: '/static/{name}', method: 'GET', status: '200' };
    expect(sample(text, 'http_requests_total', staticFile)).toBe(1); // the template, not the name
    const other = { operation: 'other', method: 'GET', status: '404' };
    expect(sample(text, 'http_requests_total', other)).toBe(1);
    expect(text).not.toContain('/nowhere');
    expect(text).not.toContain('module.js');
    expect(text).not.toContain('operation="/metrics"'); // the scrape itself is not counted
  });

  it('serves no metrics when they are turned off', async () => {
    const quiet = await makeApp({ metricsEnabled: false });
    try {
      const answer = await quiet.inject({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: true });
    } finally {
      await quiet.close();
    }
  });

  it('echoes a usable X-Request-ID and makes one otherwise', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/v1/well-known',
      headers: { 'x-request-id': 'req-42.a:b' },
    });
    expect(given.headers['x-request-id']).toBe('req-42.a:b');
    for (const header of [
      {},
      { 'x-request-id': 'no spaces' },
      { 'x-request-id': 'x'.repeat(129) },
    ]) {
      const made = await app.inject({ method: 'GET', url: '/api/v1/well-known', headers: header });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/nowhere' })).headers['x-request-id'],
    ).toBeTruthy();
  });

  it('writes one JSON access line with the request id', async () => {
    const lines: string[] = [];
    const logged = buildApp(testSettings({ logFormat: 'json', logLevel: 'info' }), {
      logWrite: (line) => lines.push(line),
    });
    try {
      await logged.inject({
        method: 'GET',
        url: '/api/v1/well-known',
        headers: { 'x-request-id': 'trace-me' },
      });
    } finally {
      await logged.close();
    }
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = records.filter((record) => record['path'] === '/api/v1/well-known');
    expect(access).toHaveLength(1);
    const [line] = access;
    expect(line).toMatchObject({
      request_id: 'trace-me',
      level: 'INFO',
      method: 'GET',
      path: '/api/v1/well-known',
      status: 200,
      operation: '/well-known',
    });
    expect(String(line?.['message'])).toMatch(/^GET \/api\/v1\/well-known 200 /);
    expect(typeof line?.['duration_ms']).toBe('number');
    expect(line?.['time']).toBeTruthy();
  });

  it('answers the probes, /readyz 503 once stopping', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
    });
    state.stopping = true; // what SIGTERM does in `npm start`
    try {
      const stopping = await app.inject({ method: 'GET', url: '/readyz' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ status: 'stopping' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      state.stopping = false;
    }
  });

  it('reads its settings from the environment', () => {
    const chosen = (env: NodeJS.ProcessEnv) => {
      const settings = loadSettings(env);
      return [settings.logFormat, settings.metricsEnabled, settings.shutdownGraceSeconds];
    };
    expect(chosen({})).toEqual(['text', true, 20]);
    expect(
      chosen({ LOG_FORMAT: 'JSON', METRICS_ENABLED: 'false', SHUTDOWN_GRACE_SECONDS: '5' }),
    ).toEqual(['json', false, 5]);
    for (const [name, value] of Object.entries({
      LOG_FORMAT: 'xml',
      METRICS_ENABLED: 'maybe',
      SHUTDOWN_GRACE_SECONDS: '-1',
    })) {
      expect(() => loadSettings({ [name]: value })).toThrow(name);
    }
  });

  it('answers a CORS preflight and marks answers for the origins allowed', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/demo/status',
      headers: {
        origin: 'https://platform.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const listed = await makeApp({ corsOrigins: ['https://platform.example'] });
    try {
      const allowed = await listed.inject({
        method: 'GET',
        url: '/api/v1/well-known',
        headers: { origin: 'https://platform.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://platform.example');
      const other = await listed.inject({
        method: 'GET',
        url: '/api/v1/well-known',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const refused = await listed.inject({
        method: 'OPTIONS',
        url: '/api/v1/demo/status',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(refused.statusCode).toBe(400);
    } finally {
      await listed.close();
    }
  });
});
