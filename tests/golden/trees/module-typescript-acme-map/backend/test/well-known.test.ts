// GET /api/v1/well-known: the metadata the platform reads when the module is connected.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSettings } from '../src/settings.js';
import { makeApp } from './fixtures.js';

const REQUIRED = [
  'name',
  'title',
  'description',
  'version',
  'entryPoint',
  'frontendHost',
  'scope',
  'components',
];

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});

afterAll(async () => {
  await app.close();
});

async function wellKnown(on: FastifyInstance = app): Promise<Record<string, unknown>> {
  const response = await on.inject({ method: 'GET', url: '/api/v1/well-known' });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

describe('the well-known answer', () => {
  it('answers the full metadata', async () => {
    const body = await wellKnown();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(REQUIRED));
    expect(body['name']).toBe('acme-map');
    expect(body['scope']).toBe('acme_map');
    expect(body['components']).toEqual(['Widget', 'WidgetEditor', 'Settings']);
    expect(body['canAddToDashboard']).toBe(true);
    expect(body['entryPoint']).toBe('static/module.js');
    const title = body['title'] as { lang: string }[];
    expect(new Set(title.map((item) => item.lang))).toEqual(new Set(['ru-RU', 'en-US']));
    expect(body['buildTimestamp']).toBe('2026-01-01T00:00:00.000Z');
  });

  it('points frontendHost at this backend by default', async () => {
    const body = await wellKnown();
    expect(body['frontendHost']).toBe('http://localhost:80/');
    const script = await app.inject({
      method: 'GET',
      url: `${String(body['frontendHost'])}${String(body['entryPoint'])}`,
    });
    expect(script.statusCode).toBe(200);
  });

  it('lets frontendHost point elsewhere', async () => {
    const cdn = await makeApp({ frontendHost: 'https://cdn.example.com/acme/' });
    try {
      const body = await wellKnown(cdn);
      expect(body['frontendHost']).toBe('https://cdn.example.com/acme/');
      expect(body).not.toHaveProperty('buildTimestamp'); // this backend's build says nothing of the CDN's
    } finally {
      await cdn.close();
    }
  });

  it('is 500 with an incident id when the project gives an answer the spec refuses', async () => {
    const broken = await makeApp({ name: 42 as unknown as string }); // a name must be a string
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/v1/well-known' });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ message: string }>().message).toMatch(/incident [0-9a-f]{12}/);
    } finally {
      await broken.close();
    }
  });
});

describe('settings from the environment', () => {
  it('overrides the defaults', () => {
    const settings = loadSettings({
      MODULE_NAME: 'other',
      MODULE_VERSION: '2.0.0',
      MODULE_COMPONENTS: 'Settings, Widget',
      MODULE_FRONTEND_HOST: 'https://cdn.example.com/x',
      MODULE_TITLE: '[{"lang": "en-US", "value": "Other"}]',
      PORT: '9000',
    });
    expect([settings.name, settings.version, settings.port]).toEqual(['other', '2.0.0', 9000]);
    expect(settings.components).toEqual(['Widget', 'Settings']);
    expect(settings.frontendHost).toBe('https://cdn.example.com/x/');
    expect(settings.title).toEqual([['en-US', 'Other']]);
  });

  it.each([
    { PORT: 'http' },
    { PORT: '0' },
    { MODULE_COMPONENTS: 'Chart' },
    { MODULE_TITLE: '[1]' },
    { MODULE_TITLE: '[]' },
    { LOG_LEVEL: 'loud' },
    { MODULE_CAN_ADD_TO_DASHBOARD: 'maybe' },
  ])('names the variable it cannot use: %o', (env) => {
    const name = Object.keys(env)[0] ?? '';
    expect(() => loadSettings(env)).toThrow(name);
  });
});
