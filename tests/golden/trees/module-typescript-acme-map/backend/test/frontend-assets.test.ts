// The built frontend served to the platform: content types, ETag and the caching rule.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeApp } from './fixtures.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});

afterAll(async () => {
  await app.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

async function currentQuery(): Promise<Record<string, string>> {
  const body = (await get('/api/v1/well-known')).json<Record<string, string>>();
  return { version: body['version'] ?? '', buildTimestamp: body['buildTimestamp'] ?? '' };
}

describe('the built frontend', () => {
  it('serves the script and the stylesheet with their types', async () => {
    const script = await get('/static/module.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    const style = await get('/static/module.css');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('caches the current build for a year', async () => {
    const query = new URLSearchParams(await currentQuery());
    const response = await get(`/static/module.js?${query.toString()}`);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes every other request revalidate', async () => {
    const stale = { ...(await currentQuery()), buildTimestamp: '2020-01-01T00:00:00.000Z' };
    for (const params of [{}, stale, { version: '0.0.1' }]) {
      const response = await get(`/static/module.js?${new URLSearchParams(params).toString()}`);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a matching If-None-Match with 304', async () => {
    const etag = (await get('/static/module.js')).headers['etag'];
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    for (const header of [String(etag), `W/${String(etag)}`, `"other", ${String(etag)}`, '*']) {
      expect((await get('/static/module.js', { 'if-none-match': header })).statusCode).toBe(304);
    }
    expect((await get('/static/module.js', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the length and no body', async () => {
    const full = await get('/static/module.js');
    const head = await app.inject({ method: 'HEAD', url: '/static/module.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.body).toBe('');
  });

  it('answers missing files, escapes and build-info.json with 404', async () => {
    for (const url of [
      '/static/missing.js',
      '/static/../package.json',
      '/static/%2e%2e/%2e%2e/etc/passwd',
      '/static/build-info.json',
      '/static/a%5cb.js',
      '/static/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: true });
    }
  });

  it('serves a rebuilt file at once, with a new ETag', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'module-dist-'));
    writeFileSync(join(dist, 'module.js'), 'window.a = 1;\n');
    const rebuilt = await makeApp({ frontendDist: dist });
    try {
      const first = await rebuilt.inject({ method: 'GET', url: '/static/module.js' });
      writeFileSync(join(dist, 'module.js'), 'window.a = 2; // rebuilt\n');
      const second = await rebuilt.inject({ method: 'GET', url: '/static/module.js' });
      expect(second.body).toContain('rebuilt');
      expect(second.headers['etag']).not.toBe(first.headers['etag']);
      // no build-info.json: the mark is module.js's modification time
      const body = (await rebuilt.inject({ method: 'GET', url: '/api/v1/well-known' })).json<
        Record<string, string>
      >();
      expect(body['buildTimestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await rebuilt.close();
    }
  });

  it('says that the frontend is not built when it is not', async () => {
    const unbuilt = await makeApp({ frontendDist: join(tmpdir(), 'no-such-build-here') });
    try {
      const response = await unbuilt.inject({ method: 'GET', url: '/static/module.js' });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toContain('npm run build');
      const body = (
        await unbuilt.inject({ method: 'GET', url: '/api/v1/well-known' })
      ).json<object>();
      expect(body).not.toHaveProperty('buildTimestamp');
    } finally {
      await unbuilt.close();
    }
  });
});
