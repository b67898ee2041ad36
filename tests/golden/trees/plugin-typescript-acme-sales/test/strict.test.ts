// The strictness cases of the Python plugin's tests, twin for twin (yours: extend them as your forms
// grow). A body that breaks the spec's schema is 400 in the operation's error shape, nothing coerced;
// a body the schema allows is never refused for its form. What the routes do before your data source
// runs, so they run against a stand-in (stubDataSource: the spec's example answers) and hold
// whatever your data source does; test yours in test/datasource.test.ts and test/contract.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import {
  type AnswerLog,
  checkAnswers,
  PluginError,
  stubDataSource,
} from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';

const API = '/api/v1';
const CONTEXT = { orgID: 1, pluginID: 'acme', dataSourceInstanceSettings: { fields: [] } };
const FILTER = (fields: unknown[]) => ({ pluginContext: CONTEXT, filter: { fields } });
// A query and a variable query the example answers (its forms require a table); the starter
// ignores json.
const SERIES = '{"table": "cpu_metrics"}';
const TABLES = '{"source": "tables"}';
const QUERY = (fields: Record<string, unknown> = {}) => ({
  pluginContext: CONTEXT,
  dataQuery: [{ refID: 'A', json: SERIES, ...fields }],
});

let app: FastifyInstance;
let answers: AnswerLog; // every answer held against the spec (src/contract/conformance.ts)

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-strict-'));
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

function post(path: string, body: unknown, language = 'en-US') {
  return app.inject({
    method: 'POST',
    url: API + path,
    headers: { 'content-type': 'application/json', 'accept-language': language },
    payload: JSON.stringify(body),
  });
}

const WRONG_FORMS: [string, string, unknown][] = [
  [
    'null context, filter and variables',
    '/datasource/constructor-fields',
    { pluginContext: null, filter: null, variables: null },
  ],
  ['fields[].value null', '/datasource/health-check', { fields: [{ code: 'db', value: null }] }],
  [
    "fields[].required 'true'",
    '/datasource/health-check',
    { fields: [{ code: 'db', value: 'x', required: 'true' }] },
  ],
  ["fields[].max '5'", '/datasource/health-check', { fields: [{ code: 'db', max: '5' }] }],
  ['timeRange.from null', '/query/get-result', QUERY({ timeRange: { from: null, to: 5 } })],
  ["timeRange.to '5'", '/query/get-result', QUERY({ timeRange: { to: '5' } })],
  ['maxDataPoints 1.5', '/query/get-result', QUERY({ maxDataPoints: 1.5 })],
  ['refID null', '/query/get-result', QUERY({ refID: null })],
  ['dataQuery[] null', '/query/get-result', { dataQuery: [null] }],
  ['filter.fields[].key null', '/query/constructor-fields', FILTER([{ key: null, value: 'x' }])],
  [
    "filter.fields[].arrayIndex '0'",
    '/query/constructor-fields',
    FILTER([{ key: 'table', arrayIndex: '0', value: 'x' }]),
  ],
  ["orgID '1'", '/variable/constructor-fields', { pluginContext: { ...CONTEXT, orgID: '1' } }],
  ['orgID true', '/variable/values', { pluginContext: { ...CONTEXT, orgID: true } }],
  ['pluginContext null', '/variable/values', { pluginContext: null, json: '{}' }],
  ['variables value null', '/variable/values', { json: '{}', variables: { host: null } }],
  ['variables value number', '/query/get-result', { ...QUERY(), variables: { host: 1 } }],
  [
    'dataSourceInstanceSettings null',
    '/query/constructor-fields',
    { pluginContext: { ...CONTEXT, dataSourceInstanceSettings: null } },
  ],
];

describe('a body breaking the schema', () => {
  it.each(WRONG_FORMS)('%s is 400 without coercion', async (_label, path, body) => {
    const response = await post(path, body);
    expect(response.statusCode).toBe(400);
    const answer = response.json<Record<string, unknown>>();
    expect(answer['error']).toBe(true);
    expect(answer['message']).toMatch(/^Request format is wrong: /);
    if (path === '/datasource/health-check') {
      expect(answer['status']).toBe(false);
    } else if (path === '/query/get-result') {
      expect(answer['status']).toBe(400);
    } else {
      expect(Object.keys(answer).sort()).toEqual(['error', 'message']);
    }
  });

  it.each([
    ['ru-RU', 'null не допускается'],
    ['en-US', 'null is not allowed'],
  ])('names null as null in %s', async (language, expected) => {
    const body = { pluginContext: null, filter: null, variables: null };
    const message = (await post('/datasource/constructor-fields', body, language)).json<{
      message: string;
    }>().message;
    expect(message).toContain(expected);
  });
});

describe('a body the schema allows', () => {
  it('may leave every optional field out', async () => {
    for (const path of [
      '/datasource/constructor-fields',
      '/query/constructor-fields',
      '/variable/constructor-fields',
    ]) {
      expect((await post(path, {})).statusCode).toBe(200);
    }
  });

  it('may write a whole number as a float: JSON Schema counts 5.0 as an integer', async () => {
    const body = { pluginContext: { ...CONTEXT, orgID: 926904911639.0 } };
    expect((await post('/query/constructor-fields', body)).statusCode).toBe(200);
    expect((await post('/query/get-result', QUERY({ maxDataPoints: 10.0 }))).statusCode).toBe(200);
  });

  it.each([
    [
      'fields[].max_file_size',
      '/variable/constructor-fields',
      {
        pluginContext: {
          ...CONTEXT,
          dataSourceInstanceSettings: { fields: [{ code: 'x', max_file_size: 'x' }] },
        },
      },
    ],
    [
      'filter.fields[].array_index',
      '/query/constructor-fields',
      FILTER([{ key: 't', array_index: '0', value: 'v' }]),
    ],
    ['dataQuery[].max_data_points', '/query/get-result', QUERY({ max_data_points: 'many' })],
    [
      'pluginContext.org_id',
      '/variable/values',
      { pluginContext: { pluginID: 'a', org_id: 'x' }, json: TABLES },
    ],
  ])(
    'has keys spelled another way (%s): unknown properties, ignored',
    async (_label, path, body) => {
      expect((await post(path, body)).statusCode).toBe(200);
    },
  );

  it('never refuses a maxDataPoints the contract allows', async () => {
    for (const value of [0, -5]) {
      expect((await post('/query/get-result', QUERY({ maxDataPoints: value }))).statusCode).toBe(
        200,
      );
    }
  });
});

it('makes PluginError a 422 unless it says otherwise', () => {
  expect(new PluginError('no').status).toBe(422);
  expect(new PluginError('gone', { status: 404 }).status).toBe(404);
});

describe('int64 at its edges', () => {
  // a double cannot hold every int64: the literal decides, as the spec's bounds say
  const raw = (orgID: string) =>
    app.inject({
      method: 'POST',
      url: `${API}/variable/values`,
      headers: { 'content-type': 'application/json' },
      payload: `{"pluginContext": {"orgID": ${orgID}}, "json": ${JSON.stringify(TABLES)}}`,
    });

  it.each(['9223372036854775807', '-9223372036854775808', '9223372036854775296'])(
    'takes %s',
    async (orgID) => {
      expect((await raw(orgID)).statusCode).toBe(200);
    },
  );

  it.each(['9223372036854775808', '-9223372036854775809', '1e19'])('refuses %s', async (orgID) => {
    expect((await raw(orgID)).statusCode).toBe(400);
  });
});
