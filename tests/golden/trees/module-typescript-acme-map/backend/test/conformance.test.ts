// Every answer held against the document this backend serves at GET /openapi.json: the contract
// and your own endpoints (src/endpoints.ts), as a client generated from it reads them (yours: keep
// it as your endpoints grow). For every operation, each request example of the document and a body
// built from each own endpoint's schemas must be accepted (never MODULE_REFUSING_STATUSES: 400,
// 413, 422, 500 or 503; an endpoint's own documented refusal such as a 409 is an answer), and
// bodies matching no shape must be refused (4xx); every answer must have a status the operation
// documents and a body that status's schema accepts; every operation must answer some call with a
// 2xx. When an endpoint needs real data to succeed (an id that exists), add its case below.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import {
  DOCUMENT,
  MODULE_REFUSING_STATUSES,
  ModuleAnswerCheck,
  type ModuleAnswerLog,
  checkModuleAnswers,
  conformanceCases,
  documentOperations,
} from '../src/contract/index.js';
import { endpoints } from '../src/endpoints.js';
import { testSettings } from './fixtures.js';

const SERVED = endpoints.openapi(DOCUMENT); // what GET /openapi.json answers

let app: FastifyInstance;
let answers: ModuleAnswerLog;

beforeAll(async () => {
  app = buildApp(testSettings());
  answers = checkModuleAnswers(app, SERVED); // before ready: every answer is held against it
  await app.ready();
});

afterEach(() => {
  expect(answers.take()).toEqual([]);
});

afterAll(async () => {
  await app.close();
});

describe('the served document', () => {
  it('is what the backend serves at GET /openapi.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SERVED);
  });
});

describe('every operation of the served document', () => {
  const cases = conformanceCases(SERVED);

  it.each(cases.map((item) => [`${item.operation.operationId}: ${item.name}`, item] as const))(
    '%s',
    async (_name, item) => {
      const response = await app.inject({
        method: item.operation.method as 'GET' | 'POST',
        url: item.operation.path,
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        ...(item.body === undefined ? {} : { payload: item.body }),
      });
      if (item.expect === 'accepted') {
        expect(MODULE_REFUSING_STATUSES).not.toContain(response.statusCode);
      } else {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    },
  );

  it('answered some call of every operation with a 2xx', () => {
    const unserved = documentOperations(SERVED)
      .map((op) => op.operationId)
      .filter(
        (id) => !(answers.seen.get(id) ?? []).some((status) => status >= 200 && status < 300),
      );
    expect(unserved).toEqual([]);
  });
});

describe('the answer check', () => {
  const check = new ModuleAnswerCheck(SERVED);
  const wellKnown = check.find('GET', '/api/v1/well-known');

  it('finds the operations of the document', () => {
    expect(wellKnown?.operationId).toBe('getModuleMetadata');
  });

  it('refuses a body the schema does not allow, and a status the document does not list', () => {
    if (wellKnown === undefined) {
      throw new Error('the served document has no GET /api/v1/well-known');
    }
    expect(check.problem(wellKnown, 200, { name: 1 })).toMatch(/schema refuses/);
    expect(check.problem(wellKnown, 418, {})).toMatch(/does not list/);
    expect(check.problem(wellKnown, 500, { error: true, message: 'x' })).toBeUndefined();
    expect(check.problem(wellKnown, 500, { error: 'yes' })).toMatch(/schema refuses/);
  });
});
