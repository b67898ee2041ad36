// The secrets of the module's settings (README, "Secrets in the module's settings"), as the
// contract glue serves them: POST /api/v1/secrets encrypts what the Settings component is about to
// save, and an own endpoint that takes moduleContext reads it decrypted; a token that does not
// decrypt is a 400, and a backend without MODULE_SECRET_KEY answers 503 where a secret is needed.
// The endpoint that answers the key back is the test's own: never write one.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ConfigurationError,
  EndpointDefinitionError,
  Endpoints,
  MODULE_TEXTS,
  generateKey,
} from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';
import { makeApp } from './fixtures.js';

const SECRETS = '/api/v1/secrets';
const KEY_BACK = '/api/v1/key-back';
const Saved = Type.Object({ apiUrl: Type.String(), apiKey: Type.String() });
const KEY = generateKey();

function keyBackEndpoints(): Endpoints {
  const endpoints = new Endpoints();
  endpoints.post(
    KEY_BACK,
    {
      payload: Type.Object({}, { additionalProperties: false }),
      moduleContext: Saved,
      answer: Type.Object({ apiKey: Type.String() }),
    },
    (call) => ({ apiKey: call.moduleContext?.apiKey ?? '' }),
  );
  return endpoints;
}

async function appWith(environment: Record<string, string>): Promise<FastifyInstance> {
  const { secretBox } = loadSettings(environment);
  return makeApp({ secretBox }, { endpoints: keyBackEndpoints() });
}

let app: FastifyInstance;
let keyless: FastifyInstance;

beforeAll(async () => {
  app = await appWith({ MODULE_SECRET_KEY: KEY });
  keyless = await appWith({});
});

afterAll(async () => {
  await Promise.all([app.close(), keyless.close()]);
});

function post(to: FastifyInstance, url: string, body: unknown) {
  return to.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
}

async function seal(to: FastifyInstance, name: string, value: string): Promise<string> {
  const response = await post(to, SECRETS, { payload: { name, value } });
  expect(response.statusCode).toBe(200);
  return response.json<{ value: string }>().value;
}

function keyBack(to: FastifyInstance, apiKey: string) {
  return post(to, KEY_BACK, { payload: {}, moduleContext: { apiUrl: 'u', apiKey } });
}

describe('a secret of the settings', () => {
  it('is saved as a token and read decrypted by an own endpoint', async () => {
    const token = await seal(app, 'apiKey', 's3cret');
    expect(token).toMatch(/^enc:v1:/);
    expect(token).not.toContain('s3cret');
    const response = await keyBack(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ apiKey: 's3cret' });
  });

  it('is sealed from a bare body too, and a token comes back as it is', async () => {
    const response = await post(app, SECRETS, { name: 'apiKey', value: 's3cret' });
    const token = response.json<{ value: string }>().value;
    expect(await seal(app, 'apiKey', token)).toBe(token);
  });

  it('is sealed whatever moduleContext holds (a token that no longer decrypts)', async () => {
    const body = {
      payload: { name: 'apiKey', value: 'new' },
      moduleContext: { apiKey: 'enc:v1:AA' },
    };
    expect((await post(app, SECRETS, body)).statusCode).toBe(200);
  });

  it('does not decrypt in another property, nor with another key (400)', async () => {
    const other = await appWith({ MODULE_SECRET_KEY: generateKey() });
    const tokens = [await seal(app, 'password', 's3cret'), await seal(other, 'apiKey', 's3cret')];
    await other.close();
    for (const token of tokens) {
      const response = await keyBack(app, token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: true,
        message: MODULE_TEXTS['secrets.undecryptable'],
      });
    }
  });

  it('made with an old key decrypts while MODULE_OLD_SECRET_KEYS holds it', async () => {
    const token = await seal(app, 'apiKey', 's3cret');
    const rotated = await appWith({
      MODULE_SECRET_KEY: generateKey(),
      MODULE_OLD_SECRET_KEYS: KEY,
    });
    const response = await keyBack(rotated, token);
    await rotated.close();
    expect(response.json()).toEqual({ apiKey: 's3cret' });
  });

  it('needs MODULE_SECRET_KEY: without it, 503 (a plain value still passes)', async () => {
    const answers = [
      await post(keyless, SECRETS, { name: 'apiKey', value: 's3cret' }),
      await keyBack(keyless, await seal(app, 'apiKey', 's3cret')),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: true, message: MODULE_TEXTS['secrets.noKey'] });
    }
    expect((await keyBack(keyless, 'plain')).json()).toEqual({ apiKey: 'plain' });
  });

  it.each([
    [{ name: 'apiKey', value: 's3cret', extra: 1 }],
    [{ name: '', value: 's3cret' }],
    [{ name: 'apiKey', value: 5 }],
    [{ name: 'k'.repeat(129), value: 's3cret' }],
    [{ name: 'apiKey', value: 's'.repeat(4097) }],
  ])('is refused when the request is not {name, value} (%#)', async (body) => {
    const response = await post(app, SECRETS, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('s3cret');
  });
});

describe('POST /api/v1/secrets', () => {
  it('is listed in /openapi.json, and answers other methods with 405', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post?: { operationId: string } }>;
    }>();
    expect(document.paths[SECRETS]?.post?.operationId).toBe('own_api_v1_secrets');
    expect((await app.inject({ method: 'GET', url: SECRETS })).statusCode).toBe(405);
  });

  it('is no path for an own endpoint', () => {
    const schema = Type.Object({}, { additionalProperties: false });
    const declare = (): void => {
      new Endpoints().post(SECRETS, { payload: schema, answer: schema }, () => ({}));
    };
    expect(declare).toThrow(EndpointDefinitionError);
  });
});

describe('MODULE_SECRET_KEY', () => {
  it.each([
    [{ MODULE_SECRET_KEY: 'not a key' }, 'MODULE_SECRET_KEY must be 32 random bytes'],
    [{ MODULE_SECRET_KEY: KEY, MODULE_OLD_SECRET_KEYS: 'x' }, 'MODULE_OLD_SECRET_KEYS must be'],
    [{ MODULE_OLD_SECRET_KEYS: KEY }, MODULE_TEXTS['secrets.oldWithoutKey']],
  ])('that cannot be used stops the start, naming the variable (%#)', (environment, start) => {
    expect(() => loadSettings(environment)).toThrow(ConfigurationError);
    expect(() => loadSettings(environment)).toThrow(start);
  });
});
