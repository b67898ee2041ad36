// The example data source (src/example/): every operation answers with data from the sample
// dataset, the forms follow the constructor flow (triggers, the filters array group), and the
// limits hold. Delete this folder with src/example/.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { LOCALES_DIR, buildApp } from '../../src/app.js';
import {
  type AnswerLog,
  Catalog,
  checkAnswers,
  ConfigurationError,
  type ConstructorField,
  type DataQuery,
  type DatasourceField,
  PluginError,
  type QueryDataResponse,
  type RequestContext,
  type Variables,
} from '../../src/contract/index.js';
import { Limits, QueryError } from '../../src/example/queries.js';
import { sampleWindow } from '../../src/example/sample.js';
import { SampleExample } from '../../src/example/service.js';
import { loadSettings } from '../../src/settings.js';

const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z: the sample spans the week before and after
const HOUR = { from: NOW - 3600, to: NOW - 1 };
const CONTEXT: RequestContext = {
  locale: 'en-US',
  headers: {},
  operationId: 'test',
  baseUrl: 'http://localhost/api/v1',
  requestId: 'test',
  log: Fastify({ logger: false }).log,
  signal: new AbortController().signal,
};
const catalog = Catalog.load(LOCALES_DIR);

function example(env: NodeJS.ProcessEnv = {}): SampleExample {
  const settings = loadSettings(env);
  return new SampleExample({
    name: 'example',
    version: '0.1.0',
    publicUrl: undefined,
    catalog,
    querySeconds: settings.querySeconds,
    maxResultBytes: settings.maxResultBytes,
    env,
    now: NOW,
  });
}

function plugin(fields: DatasourceField[] = []) {
  return { pluginContext: { dataSourceInstanceSettings: { fields } } };
}

function codes(fields: ConstructorField[]): string[] {
  return fields.map((field) => field.code);
}

function byCode(fields: ConstructorField[], code: string): ConstructorField {
  const found = fields.find((field) => field.code === code);
  expect(found, code).toBeDefined();
  return found as ConstructorField;
}

/** A query of `json`'s fields, on the query form's default table unless it names one. */
function query(json: Record<string, unknown>, extra: Partial<DataQuery> = {}): DataQuery {
  return {
    refID: 'A',
    json: JSON.stringify({ table: 'cpu_metrics', ...json }),
    timeRange: HOUR,
    ...extra,
  };
}

function rejection(run: () => unknown): PluginError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PluginError);
    return error as PluginError;
  }
  throw new Error('no PluginError was thrown');
}

describe('the sample dataset', () => {
  it('spans the week before and after the day the plugin started, a row a minute', () => {
    const [first, last] = sampleWindow(NOW + 5000);
    expect([first, last]).toEqual([NOW - 7 * 86_400, NOW + 7 * 86_400 - 60]);
  });
});

describe('the health check', () => {
  it('accepts the defaults and names the tables', () => {
    const answer = example().checkHealth(
      { fields: [{ code: 'dataset', value: 'sample' }] },
      CONTEXT,
    );
    expect(answer).toMatchObject({ error: false, status: true });
    expect(answer.message).toBe('The sample dataset answers: 2 tables');
    expect(answer.datasourceConfig?.fields?.map((f) => [f.code, f.value])).toEqual([
      ['dataset', 'sample'],
      ['rowLimit', '10000'],
    ]);
  });

  it('names every invalid field with 422', () => {
    const error = rejection(() =>
      example().checkHealth(
        {
          fields: [
            { code: 'dataset', value: 'Not A Name' },
            { code: 'rowLimit', value: '0' },
          ],
        },
        CONTEXT,
      ),
    );
    expect(error.status).toBe(422);
    expect(Object.keys(error.validationErrors ?? {})).toEqual(['dataset', 'rowLimit']);
    expect(
      rejection(() => example().checkHealth({ fields: [{ code: 'dataset', value: ' ' }] }, CONTEXT))
        .validationErrors,
    ).toEqual({ dataset: 'The field is required and must not be empty' });
  });

  it('answers 400 for too few entries: a required field without entry', () => {
    const error = rejection(() => example().checkHealth({ fields: [] }, CONTEXT));
    expect(error.status).toBe(400);
    expect(error.message).toContain('dataset');
    expect(error.validationErrors).toBeUndefined();
  });

  it('answers status false for a dataset that does not exist or a wrong access key', () => {
    const other = example().checkHealth({ fields: [{ code: 'dataset', value: 'other' }] }, CONTEXT);
    expect(other).toMatchObject({ error: true, status: false });
    const guarded = example({ EXAMPLE_ACCESS_KEY: 'k1' });
    const fields = [
      { code: 'dataset', value: 'sample' },
      { code: 'accessKey', value: 'wrong' },
    ];
    expect(guarded.checkHealth({ fields }, CONTEXT)).toMatchObject({ status: false });
    const refused = rejection(() => guarded.queryFields(plugin(fields), CONTEXT));
    expect(Object.keys(refused.validationErrors ?? {})).toEqual(['accessKey']);
    const right = [fields[0] as DatasourceField, { code: 'accessKey', value: 'k1' }];
    expect(guarded.checkHealth({ fields: right }, CONTEXT)).toMatchObject({ status: true });
  });
});

describe('the forms', () => {
  it('answers the data source form with its defaults, and a saved form with its values', () => {
    const fields = example().datasourceFields({}, CONTEXT);
    expect(codes(fields)).toEqual(['dataset', 'accessKey', 'rowLimit']);
    expect(byCode(fields, 'accessKey').type).toBe('password');
    const saved = example().datasourceFields(
      { filter: { fields: [{ key: 'rowLimit', value: '50' }] } },
      CONTEXT,
    );
    expect(byCode(saved, 'rowLimit').value).toBe('50');
  });

  it('follows the query form triggers: mode, then table', () => {
    const ex = example();
    const first = ex.queryFields(plugin(), CONTEXT);
    expect(codes(first)).toEqual([
      'queryType',
      'table',
      'format',
      'timeColumn',
      'valueColumns',
      'groupBy',
      'filters',
    ]);
    expect(first.filter((f) => f.isTrigger).map((f) => f.code)).toEqual(['queryType', 'table']);
    const json = ex.queryFields(
      { filter: { fields: [{ key: 'queryType', value: 'json' }] } },
      CONTEXT,
    );
    expect(codes(json)).toEqual(['queryType']);
    const servers = ex.queryFields(
      { filter: { fields: [{ key: 'table', value: 'servers' }] } },
      CONTEXT,
    );
    expect(byCode(servers, 'timeColumn').value).toBe('');
    expect(byCode(servers, 'valueColumns').props?.options?.map((o) => o.value)).toEqual([
      'cores',
      'memory_gb',
    ]);
  });

  it('answers the filters array group: a template without groups, each sent group by arrayIndex', () => {
    const ex = example();
    const template = byCode(ex.queryFields(plugin(), CONTEXT), 'filters');
    expect(template.type).toBe('array');
    expect(template.props?.fields?.map((f) => [f.code, f.arrayIndex])).toEqual([
      ['column', undefined],
      ['operator', undefined],
      ['value', undefined],
    ]);
    const sent = [
      { key: 'column', arrayIndex: 0, value: 'host' },
      { key: 'value', arrayIndex: 0, value: 'db-01' },
      { key: 'column', arrayIndex: 1, value: 'usage' },
      { key: 'operator', arrayIndex: 1, value: '>' },
      { key: 'value', arrayIndex: 1, value: '50' },
    ];
    const groups = byCode(ex.queryFields({ filter: { fields: sent } }, CONTEXT), 'filters');
    expect(groups.props?.fields?.map((f) => [f.code, f.arrayIndex, f.value])).toEqual([
      ['column', 0, 'host'],
      ['operator', 0, '='],
      ['value', 0, 'db-01'],
      ['column', 1, 'usage'],
      ['operator', 1, '>'],
      ['value', 1, '50'],
    ]);
  });

  it('follows the variable form trigger', () => {
    const ex = example();
    expect(codes(ex.variableFields(plugin(), CONTEXT))).toEqual([
      'source',
      'table',
      'column',
      'filters',
    ]);
    const tables = ex.variableFields(
      { filter: { fields: [{ key: 'source', value: 'tables' }] } },
      CONTEXT,
    );
    expect(codes(tables)).toEqual(['source']);
  });
});

describe('query results', () => {
  it('answers a time series in the Timestamp contract, one series per host', () => {
    const answer = example().queryResult(
      { dataQuery: [query({ valueColumns: ['usage'], groupBy: 'host' })] },
      CONTEXT,
    );
    const fields = answer.frames?.[0]?.fields ?? [];
    expect(fields.map((f) => [f.name, f.labels, f.refID])).toEqual([
      ['usage db-01', 'host=db-01', 'A'],
      ['usage db-02', 'host=db-02', 'A'],
      ['usage db-03', 'host=db-03', 'A'],
    ]);
    const values = fields[0]?.values ?? [];
    expect(values).toHaveLength(60);
    expect(values[0]).toEqual({ [String(NOW - 3600)]: expect.any(String) as unknown });
  });

  it('averages into maxDataPoints buckets', () => {
    const answer = example().queryResult(
      { dataQuery: [query({ valueColumns: 'usage,iowait' }, { maxDataPoints: 6 })] },
      CONTEXT,
    );
    const frame = answer.frames?.[0];
    expect(frame?.fields?.map((f) => [f.name, f.values?.length])).toEqual([
      ['usage', 6],
      ['iowait', 6],
    ]);
    expect(JSON.parse(frame?.meta ?? '{}')).toEqual({ bucketSeconds: 600 });
  });

  it('answers a table in the Regular contract, filtered by a variable', () => {
    const answer = example().queryResult(
      {
        dataQuery: [
          query({
            table: 'servers',
            format: 'table',
            groupBy: 'hostname',
            valueColumns: ['cores'],
            filters: [{ column: 'region', operator: '=', value: '$region' }],
          }),
        ],
        variables: { region: ['eu-west'] },
      },
      CONTEXT,
    );
    expect(answer.frames?.[0]?.fields?.[0]?.values).toEqual([
      { hostname: 'db-01', cores: 16 },
      { hostname: 'db-02', cores: 8 },
    ]);
  });

  it('knows only the variables the request defines, not what every object inherits', () => {
    // Found: `$constructor` found Object.prototype.constructor and the plugin answered 500.
    for (const name of ['$constructor', '${toString}', '$__proto__', '$hasOwnProperty']) {
      const error = rejection(() =>
        example().queryResult(
          {
            dataQuery: [
              query({
                table: 'servers',
                format: 'table',
                filters: [{ column: 'region', value: name }],
              }),
            ],
            variables: {},
          },
          CONTEXT,
        ),
      );
      expect(error.message).toBe(
        'Query A: filters: the value names a variable that the request does not define',
      );
    }
  });

  it('names the failing query: by refID when plain, else by position', () => {
    const unknown = rejection(() =>
      example().queryResult({ dataQuery: [query({ table: 'nope' })] }, CONTEXT),
    );
    expect(unknown.message).toBe('Query A: the table is not in the dataset');
    expect(Object.keys(unknown.validationErrors ?? {})).toEqual(['A']);
    const odd = rejection(() =>
      example().queryResult(
        { dataQuery: [query({}), query({ table: 'servers' }, { refID: 'a b' })] },
        CONTEXT,
      ),
    );
    expect(odd.message).toBe(
      'Query #2: the table servers has no time column: choose the table format',
    );
    expect(Object.keys(odd.validationErrors ?? {})).toEqual(['dataQuery.1']);
  });

  it('stops a result larger than PLUGIN_MAX_RESULT_BYTES', () => {
    const small = example({ PLUGIN_MAX_RESULT_BYTES: String(64 * 1024) });
    const day = { from: NOW - 86_400, to: NOW };
    const error = rejection(() =>
      small.queryResult({ dataQuery: [query({ format: 'table' }, { timeRange: day })] }, CONTEXT),
    );
    expect(error.message).toMatch(/^Query A: the result is larger than 65536 bytes/);
  });

  it('stops work past PLUGIN_QUERY_SECONDS, and refuses a wrong setting', () => {
    const late = new Limits(10, Date.now() - 1, 1e9);
    expect(() => {
      for (let i = 0; i < 1000; i += 1) late.spend(1);
    }).toThrow(QueryError);
    expect(example({ PLUGIN_QUERY_SECONDS: '30' }).querySeconds).toBe(30);
    expect(() => example({ PLUGIN_QUERY_SECONDS: '0' })).toThrow(ConfigurationError);
  });
});

describe('variable values', () => {
  it('lists the distinct values of a column, filtered, and the table names', () => {
    const ex = example();
    const hosts = ex.variableValues(
      { json: JSON.stringify({ table: 'cpu_metrics', column: 'host' }) },
      CONTEXT,
    );
    expect(hosts).toEqual(['db-01', 'db-02', 'db-03'].map((v) => ({ label: v, value: v })));
    const north = ex.variableValues(
      {
        json: JSON.stringify({
          table: 'servers',
          column: 'hostname',
          filters: [{ column: 'region', operator: '=', value: 'eu-north' }],
        }),
      },
      CONTEXT,
    );
    expect(north).toEqual([{ label: 'db-03', value: 'db-03' }]);
    const tables = ex.variableValues({ json: '{"source": "tables"}' }, CONTEXT);
    expect(tables.map((t) => t.value)).toEqual(['cpu_metrics', 'servers']);
    const broken = rejection(() => ex.variableValues({ json: '[1]' }, CONTEXT));
    expect(Object.keys(broken.validationErrors ?? {})).toEqual(['json']);
  });
});

describe('over HTTP', () => {
  let app: FastifyInstance;
  let answers: AnswerLog; // every answer held against the spec (src/contract/conformance.ts)

  beforeAll(async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'example-test-'));
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

  const post = (path: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${path}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify(body),
    });

  it('returns the access key encrypted, and accepts it so', async () => {
    const sent = [
      { code: 'dataset', value: 'sample', type: 'text' },
      { code: 'accessKey', value: 'not-a-real-key', type: 'password' },
    ];
    const first = (await post('/datasource/health-check', { fields: sent })).json<{
      status: boolean;
      datasourceConfig: { fields: DatasourceField[] };
    }>();
    expect(first.status).toBe(true);
    const key = first.datasourceConfig.fields.find((f) => f.code === 'accessKey');
    expect(key?.value).toMatch(/^enc:v1:/);
    const again = await post('/datasource/health-check', first.datasourceConfig);
    expect(again.json()).toMatchObject({ status: true });
  });

  it('answers 422 with validationErrors for a query it cannot serve', async () => {
    const answer = await post('/query/get-result', {
      dataQuery: [{ refID: 'A', json: '{"table": "nope"}' }],
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      error: true,
      validationErrors: { A: expect.any(String) as unknown },
    });
  });

  it('answers every query of the default form with data', async () => {
    const now = Math.floor(Date.now() / 1000);
    const json = '{"table": "cpu_metrics"}';
    const answer = await post('/query/get-result', {
      dataQuery: [{ refID: 'A', json, timeRange: { from: now - 3600, to: now } }],
    });
    const body = answer.json<{ frames: { fields: { values: unknown[] }[] }[] }>();
    expect(body.frames[0]?.fields[0]?.values.length).toBeGreaterThan(50);
  });

  it('takes a variable named __proto__ from the request, as any other name', async () => {
    const json = JSON.stringify({
      table: 'servers',
      format: 'table',
      groupBy: 'hostname',
      filters: [{ column: 'hostname', value: '$__proto__' }],
    });
    const variables: unknown = JSON.parse('{"__proto__": ["db-01", "db-03"]}');
    const answer = await post('/query/get-result', {
      dataQuery: [{ refID: 'A', json }],
      variables,
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ frames: { fields: { values: { hostname: string }[] }[] }[] }>();
    expect(body.frames[0]?.fields[0]?.values.map((row) => row.hostname)).toEqual([
      'db-01',
      'db-03',
    ]);
  });
});

// Decided once for the Python, TypeScript and Go examples: each one's tests hold these rows, and
// scaffold's tests send them to the three served side by side.
describe('what every example answers alike', () => {
  const NOT_A_NUMBER =
    'Query A: filters: the column holds numbers, the value is not one: ' +
    'write a finite decimal such as 42, -0.5 or 1e2';
  /** The servers table, one filter `column >= value`; `value` is JSON text (1e309 is no double). */
  const servers = (column: string, value: string, variables: Variables = {}) => {
    const group = `{"column": "${column}", "operator": ">=", "value": ${value}}`;
    const json = `{"table": "servers", "format": "table", "groupBy": "hostname", "filters": [${group}]}`;
    return () => example().queryResult({ dataQuery: [{ refID: 'A', json }], variables }, CONTEXT);
  };
  const hosts = (answer: QueryDataResponse) =>
    answer.frames?.[0]?.fields?.[0]?.values?.map((row) => row.hostname);

  it.each(['"1e1"', '"10"', '"16.0"', '1e1', '10'])(
    'reads %s as a filter number: a finite decimal in JSON number syntax',
    (value) => {
      expect(hosts(servers('cores', value)())).toEqual(['db-01']);
    },
  );

  it.each(['"NaN"', '"Infinity"', '"1e309"', '"1_000"', '"0x10"', '" 1"', '"+1"', '1e309'])(
    'refuses %s as a filter number',
    (value) => {
      expect(rejection(servers('cores', value)).message).toBe(NOT_A_NUMBER);
    },
  );

  it('refuses a list variable with one value that is no filter number', () => {
    const list = servers('cores', '"$n"', { n: ['16', '0x8'] });
    expect(rejection(list).message).toBe(NOT_A_NUMBER);
  });

  it('refuses a JSON number for a text column, and NaN, which is no JSON', () => {
    expect(rejection(servers('hostname', '5')).message).toBe('Query A: value must be a string');
    expect(rejection(servers('cores', 'NaN')).message).toBe('Query A: json is not valid JSON');
  });

  it.each(['$__proto__', '${constructor}', '$toString', '$nope'])(
    'takes %s as a variable name like any other',
    (name) => {
      const unknown = rejection(servers('hostname', JSON.stringify(name)));
      expect(unknown.message).toBe(
        'Query A: filters: the value names a variable that the request does not define',
      );
      const variables: Variables = JSON.parse(
        JSON.stringify({ [name.replace(/[${}]/g, '')]: 'db-02' }),
      ) as Variables;
      expect(hosts(servers('hostname', JSON.stringify(name), variables)())).toEqual([
        'db-02',
        'db-03',
      ]);
    },
  );

  it('reads a variable name as a letter or _ and then letters, digits or _', () => {
    const digits = servers('hostname', '"$1"', { 1: 'db-02' });
    // literal text "$1", which every host name follows (>=); the variable "1" would be db-02
    expect(hosts(digits())).toEqual(['db-01', 'db-02', 'db-03']);
  });

  it.each(['{}', '{"table": ""}', '{"format": "table"}'])(
    'refuses %s: the query form marks table required',
    (json) => {
      const error = rejection(() =>
        example().queryResult({ dataQuery: [{ refID: 'A', json }] }, CONTEXT),
      );
      expect(error.message).toBe('Query A: table is required');
      expect(error.validationErrors).toEqual({ A: 'table is required' });
    },
  );

  it.each([
    ['{"column": "hostname"}', 'table'],
    ['{"table": "servers"}', 'column'],
  ])('refuses the variable query %s: the variable form marks %s required', (json, field) => {
    const error = rejection(() => example().variableValues({ json }, CONTEXT));
    expect(error.message).toBe(`Variable query: ${field} is required`);
  });
});
