// Every answer held against the spec itself (yours: keep it as your data source grows). Each request
// example of the spec is replayed against the app: a valid request is never refused as malformed
// and never fails, and its answer has a status the operation documents and a body that status's
// schema accepts. The other test files hold their answers to the same rule with checkAnswers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import {
  AnswerCheck,
  type AnswerLog,
  BASE_PATH,
  EXAMPLE_SECRET_KEY,
  OPERATIONS,
  type Operation,
  checkAnswers,
  specExamples,
} from '../src/contract/index.js';
import { loadSettings } from '../src/settings.js';

let app: FastifyInstance;
let answers: AnswerLog;

beforeAll(async () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'plugin-contract-'));
  // the spec's enc:v1 example values are encrypted with its example key
  app = buildApp(
    loadSettings({
      PLUGIN_STATE_DIR: stateDir,
      PLUGIN_SECRET_KEY: EXAMPLE_SECRET_KEY,
      LOG_LEVEL: 'fatal',
    }),
  );
  answers = checkAnswers(app);
  await app.ready();
});

afterEach(() => {
  expect(answers.take()).toEqual([]);
});

afterAll(async () => {
  await app.close();
});

describe('every request example of the spec', () => {
  const examples = specExamples();

  it('gives every operation at least one case', () => {
    const covered = new Set(examples.map((example) => example.operation.operationId));
    expect([...covered].sort()).toEqual(OPERATIONS.map((op) => op.operationId).sort());
  });

  it.each(
    examples.map(
      (example) => [`${example.operation.operationId} (${example.name})`, example] as const,
    ),
  )('%s', async (_name, example) => {
    const response = await app.inject({
      method: example.operation.httpMethod,
      url: BASE_PATH + example.operation.path,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      ...(example.body === undefined ? {} : { payload: JSON.stringify(example.body) }),
    });
    // The health check's example is another data source's config: too few entries for this
    // plugin's form is the contract's 400.
    const refused = example.operation.operationId === 'checkHealth' ? [413, 500] : [400, 413, 500];
    expect(refused).not.toContain(response.statusCode);
  });
});

describe('the answer check', () => {
  const check = new AnswerCheck();
  const operation = (id: string): Operation => {
    const found = OPERATIONS.find((op) => op.operationId === id);
    if (found === undefined) {
      throw new Error(`the contract has no operation ${id}`);
    }
    return found;
  };

  it('refuses a body the schema does not allow', () => {
    const problem = check.problem(operation('getQueryResult'), 200, {
      frames: 'not a list of frames',
    });
    expect(problem).toMatch(/schema refuses/);
  });

  it('refuses a status the spec does not document', () => {
    expect(check.problem(operation('getQueryResult'), 418, {})).toMatch(/does not document/);
  });
});
