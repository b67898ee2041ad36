// Your own proxied endpoints (src/endpoints.ts), as the contract glue serves them. The endpoint is
// declared here, in the test, so these rules stay tested whatever src/endpoints.ts holds: the
// proxy's envelope or a bare payload, unknown keys refused, nothing coerced, moduleContext checked
// (or `{}` read as nothing saved), ModuleError statuses, 500s with an incident id, the language,
// and the route in GET /openapi.json and in /metrics.
import type { FastifyInstance } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EndpointDefinitionError, Endpoints, ModuleError } from '../src/contract/index.js';
import { makeApp } from './fixtures.js';

const URL = '/api/v1/series';
const NOT_CONFIGURED: Readonly<Record<string, string>> = {
  'ru-RU': 'Укажите адрес API и ключ в настройках модуля',
  'en-US': "Set the API URL and key in the module's settings",
};
const SeriesQuery = Type.Object(
  {
    metric: Type.Union([Type.Literal('revenue'), Type.Literal('orders')]),
    points: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false, title: 'SeriesQuery' },
);
const SalesApi = Type.Object(
  { apiUrl: Type.String({ minLength: 1 }), apiKey: Type.String({ minLength: 1 }) },
  { title: 'SalesApi' },
);
const Series = Type.Object(
  { metric: Type.String(), values: Type.Array(Type.Integer()) },
  { title: 'Series' },
);
// apiKey as the Settings component saves it: the token POST /api/v1/secrets made (beforeAll)
const SETTINGS = { apiUrl: 'https://sales.example.com', apiKey: '' };

function seriesEndpoints(): Endpoints {
  const endpoints = new Endpoints();
  endpoints.post(
    URL,
    { payload: SeriesQuery, moduleContext: SalesApi, answer: Series, errors: [409] },
    (call) => {
      const settings = call.moduleContext;
      if (settings === undefined) {
        // a direct call, or nothing saved yet (moduleContext absent or {})
        throw new ModuleError(409, NOT_CONFIGURED[call.locale] ?? '');
      }
      const points = call.payload.points ?? 12;
      const values = Array.from(
        { length: points },
        (_, i) => (i * 37 + settings.apiUrl.length) % 100,
      );
      return { metric: call.payload.metric, values };
    },
  );
  endpoints.post(
    '/api/v1/broken',
    {
      payload: Type.Object({ kind: Type.String() }, { additionalProperties: false }),
      answer: Series,
    },
    (call) => {
      if (call.payload.kind === 'throw') {
        throw new Error('the database said no: password=hunter2');
      }
      return { metric: 'm', values: ['not a number'] } as unknown as {
        metric: string;
        values: number[];
      };
    },
  );
  return endpoints;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp({}, { endpoints: seriesEndpoints() });
  const sealed = await post({ name: 'apiKey', value: 's3cret' }, 'en-US', '/api/v1/secrets');
  SETTINGS.apiKey = sealed.json<{ value: string }>().value;
});

afterAll(async () => {
  await app.close();
});

function post(body: unknown, language = 'en-US', url = URL) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'accept-language': language },
    payload: JSON.stringify(body),
  });
}

describe('an own endpoint', () => {
  it('answers the envelope with the saved settings', async () => {
    const response = await post({
      payload: { metric: 'orders', points: 3 },
      moduleContext: SETTINGS,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ metric: 'orders', values: [25, 62, 99] });
    expect(response.headers['content-language']).toBe('en-US');
    expect(response.headers['vary']).toContain('Accept-Language');
    expect(response.body).not.toContain('enc:v1');
  });

  it.each([
    [{ metric: 'orders' }],
    [{ payload: { metric: 'orders' } }],
    [{ payload: { metric: 'orders' }, moduleContext: {} }],
  ])('reads %j as a call without settings (409, in the caller language)', async (body) => {
    const response = await post(body, 'ru-RU');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: true, message: NOT_CONFIGURED['ru-RU'] });
  });

  it.each([
    [
      { metric: 'orders', secretKey: 'hunter2' },
      'the body has a property this endpoint does not take',
    ],
    [{ metric: 'sales' }, 'the body.metric: '],
    [{ metric: 'orders', points: '3' }, 'the body.points: must be integer'],
    [{ metric: 'orders', points: 2.5 }, 'the body.points: must be integer'],
    [{ points: 3 }, 'the body.metric: must be present'],
    [
      { payload: { metric: 'orders', hunter2: 1 } },
      'payload has a property this endpoint does not take',
    ],
    [
      { payload: { metric: 'orders' }, moduleContext: null },
      'moduleContext must be an object (null is not allowed)',
    ],
    [{ payload: { metric: 'orders' }, moduleContext: [] }, 'moduleContext must be an object'],
    [
      { payload: { metric: 'orders' }, moduleContext: { apiUrl: 'u', hunter2: 3 } },
      'moduleContext.apiKey: must be present',
    ],
    [
      { payload: { metric: 'orders' }, moduleContext: { apiUrl: 7, apiKey: 'k' } },
      'moduleContext.apiUrl: must be string',
    ],
  ])('refuses %j with 400, never echoing what was sent', async (body, problem) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ error: boolean; message: string }>();
    expect(answer.error).toBe(true);
    expect(answer.message).toContain(`The body does not match this endpoint: ${problem}`);
    expect(answer.message).not.toMatch(/hunter2|sales|secretKey/);
  });

  it('accepts 3.0 as the integer 3, as JSON Schema reads it', async () => {
    const response = await post({
      payload: { metric: 'revenue', points: 3.0 },
      moduleContext: SETTINGS,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 500 with an incident id for a throw or an answer its schema refuses', async () => {
    for (const kind of ['throw', 'wrong answer']) {
      const response = await post({ kind }, 'en-US', '/api/v1/broken');
      expect(response.statusCode).toBe(500);
      expect(response.json<{ message: string }>().message).toMatch(/incident [0-9a-f]{12}/);
      expect(response.body).not.toContain('hunter2');
    }
  });

  it('answers other methods with 405', async () => {
    const response = await app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(405);
    expect(response.headers['allow']).toBe('POST');
  });

  it('is listed in /openapi.json with its schemas and statuses', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post?: { operationId: string; responses: object } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const operation = document.paths[URL]?.post;
    expect(operation?.operationId).toBe('own_api_v1_series');
    expect(Object.keys(operation?.responses ?? {})).toEqual([
      '200',
      '400',
      '409',
      '413',
      '422',
      '500',
      '503',
    ]);
    expect(document.components.schemas).toHaveProperty(['endpoints.SeriesQuery']);
    expect(document.paths).toHaveProperty(['/api/v1/well-known']); // the contract's, still there
  });

  it('is counted in /metrics under its path', async () => {
    await post({ payload: { metric: 'orders' }, moduleContext: SETTINGS });
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(
      /http_requests_total\{operation="\/series",method="POST",status="200"\} \d/,
    );
  });
});

describe('declaring an endpoint', () => {
  const open = Type.Object({ metric: Type.String() }); // unknown keys allowed: no
  const closed = Type.Object({ metric: Type.String() }, { additionalProperties: false });
  const answer = Type.Object({});
  const declare =
    (path: string, payload: TSchema = closed, errors: number[] = []) =>
    () =>
      new Endpoints().post(path, { payload, answer, errors }, () => ({}));

  it.each([
    ['api/v1/x', "must start with '/'"],
    ['/api/v1/:id', 'no parameters'],
    ['/api/v1/x?y', 'no parameters or query'],
    ['/api/v1/demo/status', 'already served'],
    ['/healthz', 'already served'],
    ['/static/x', 'already served'],
  ])('refuses the path %s', (path, why) => {
    expect(declare(path)).toThrow(EndpointDefinitionError);
    expect(declare(path)).toThrow(why);
  });

  it('refuses a payload that allows unknown keys or has a property of the envelope', () => {
    expect(declare('/api/v1/x', open)).toThrow('must forbid unknown keys');
    const enveloped = Type.Object({ payload: Type.String() }, { additionalProperties: false });
    expect(declare('/api/v1/x', enveloped)).toThrow("property named 'payload'");
    const contextual = Type.Object(
      { moduleContext: Type.String() },
      { additionalProperties: false },
    );
    expect(declare('/api/v1/x', contextual)).toThrow("property named 'moduleContext'");
  });

  it('refuses errors that are no HTTP error statuses and a path declared twice', () => {
    expect(declare('/api/v1/x', closed, [302])).toThrow('from 400 to 599');
    const endpoints = new Endpoints();
    endpoints.post('/api/v1/x', { payload: closed, answer }, () => ({}));
    expect(() => endpoints.post('/api/v1/x', { payload: closed, answer }, () => ({}))).toThrow(
      "endpoints.post('/api/v1/x'): the path is already served",
    );
  });
});
