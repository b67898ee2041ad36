// Routes of your own beside the contract (yours: keep it as you add routes). The contract's
// operations live in a Fastify scope of their own under /api/v1 (src/app.ts registers
// contractPlugin with that prefix): its strict body parsing and error answers stay there, and a
// route you add in buildApp, at the root or in an app.register scope, parses and validates JSON
// as Fastify does and gets Fastify's own error answers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { loadSettings } from '../src/settings.js';

const NAMED = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' } },
} as const;

let app: FastifyInstance;

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-own-routes-'));
  app = buildApp(loadSettings({ PLUGIN_STATE_DIR: stateDir, LOG_LEVEL: 'fatal' }));
  // what a team adds in buildApp: a route at the root and one in a scope of its own
  app.post('/hooks/echo', { schema: { body: NAMED } }, (request) => ({ got: request.body }));
  await app.register(
    (scope, _options, done) => {
      scope.post('/echo', { schema: { body: NAMED } }, (request) => ({
        got: request.body,
        buffer: Buffer.isBuffer(request.body),
      }));
      done();
    },
    { prefix: '/team' },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function send(url: string, payload: string, type = 'application/json') {
  return app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
}

describe('a route of your own', () => {
  it('reads a valid JSON body at the root', async () => {
    const response = await send('/hooks/echo', '{"name": "Ada"}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ got: { name: 'Ada' } });
  });

  it('reads a valid JSON body in a scope of its own, as an object', async () => {
    const response = await send('/team/echo', '{"name": "Ada"}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ got: { name: 'Ada' }, buffer: false });
  });

  it('answers a body its schema refuses as Fastify does', async () => {
    const response = await send('/hooks/echo', '{"title": "Ada"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FST_ERR_VALIDATION', statusCode: 400 });
  });

  it('answers a body that is not JSON as Fastify does', async () => {
    const response = await send('/team/echo', '{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      statusCode: 400,
    });
  });
});

describe('the contract beside them', () => {
  it('still refuses a key twice in one object', async () => {
    const response = await send('/api/v1/variable/values', '{"json": "{}", "json": "{}"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true });
  });

  it('still refuses another type than JSON', async () => {
    const response = await send('/api/v1/datasource/health-check', '{}', 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true });
  });

  it.each(['/api/v1/nope', '/api/v1', '/nope'])(
    'answers %s 404 in its error shape',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['error', 'message']);
    },
  );

  it('answers an unknown path 404 whatever its body', async () => {
    const response = await send('/nope', '<a/>', 'application/xml');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: true });
  });
});
