// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/conformance.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The spec's own judgement of this plugin's answers, for the project's tests.
 *
 * A test that checks an answer by value says what the author expected; it does not say that the
 * platform can read it. These helpers hold every answer of a contract operation against the spec
 * itself: its status must be one the operation documents, and its body must match that status's
 * schema (the same Ajv 2020 as the request check, nothing coerced). `specExamples` lists every
 * request example the spec gives, so a test can replay each one against the app, as Schemathesis
 * does in CI against the started service.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { REQUEST_EXAMPLES } from './examples.js';
import { OPERATIONS, type Operation } from './operations.js';
import { PUBLISHED_SECRET_KEYS } from './runtime-constants.js';
import { DOCUMENT } from './spec.js';
import { BodyValidator } from './validation.js';

const JSON_MEDIA = 'application/json';

/** One request example of the spec: the operation, the example's name, and the body (undefined: none). */
export interface SpecExample {
  readonly operation: Operation;
  readonly name: string;
  readonly body: unknown;
}

/** The operation object of `op` in the spec (`paths[path][method]`). */
function specOperation(op: Operation): Readonly<Record<string, unknown>> {
  const paths = DOCUMENT['paths'] as Record<string, Record<string, Record<string, unknown>>>;
  const found = paths[op.path]?.[op.httpMethod.toLowerCase()];
  if (found === undefined) {
    throw new Error(`the spec has no ${op.httpMethod} ${op.path} (src/contract/ is out of date: run scaffold regenerate)`);
  }
  return found;
}

function objectAt(node: unknown, ...keys: string[]): Record<string, unknown> | undefined {
  let at: unknown = node;
  for (const key of keys) {
    if (typeof at !== 'object' || at === null) {
      return undefined;
    }
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'object' && at !== null ? (at as Record<string, unknown>) : undefined;
}

/**
 * The key the spec's `enc:v1:` example values are encrypted with (`info.x-example-secret-key`), so a
 * test replaying them can decrypt them as the platform's own plugin would; undefined if it has none.
 * scaffold renders it from the project's spec into runtime-constants.ts (PUBLISHED_SECRET_KEYS, the
 * key production refuses), as for every language's plugin.
 */
export const EXAMPLE_SECRET_KEY: string | undefined = PUBLISHED_SECRET_KEYS[0];

/**
 * Every request example of the spec, operation by operation; an operation without a body gives one
 * case. The generator lists them in examples.ts, following the spec's `$ref`s (an example or a
 * request body shared from components/).
 */
export function specExamples(): SpecExample[] {
  return REQUEST_EXAMPLES.map((example) => {
    const operation = OPERATIONS.find((op) => op.operationId === example.operationId);
    if (operation === undefined) {
      throw new Error(`no operation ${example.operationId} (src/contract/ is out of date: run scaffold regenerate)`);
    }
    return { operation, name: example.name, body: example.body };
  });
}

/** The HTTP statuses `op` documents, in the spec's order. */
export function documentedStatuses(op: Operation): number[] {
  return Object.keys(objectAt(specOperation(op), 'responses') ?? {})
    .filter((status) => /^\d{3}$/.test(status))
    .map(Number);
}

function pointer(...steps: string[]): string {
  return '#/' + steps.map((step) => step.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

/** Answers held against the spec: a documented status, and a body its schema accepts. */
export class AnswerCheck {
  private readonly validator = new BodyValidator(DOCUMENT);

  /** undefined when the answer is one the spec documents for `op`, else what is wrong (in English). */
  problem(op: Operation, status: number, body: unknown): string | undefined {
    const where = `${op.httpMethod} ${op.path} answered ${status}`;
    if (!documentedStatuses(op).includes(status)) {
      return `${where}, a status the spec does not document for ${op.operationId} (${documentedStatuses(op).join(', ')})`;
    }
    const media = objectAt(specOperation(op), 'responses', String(status), 'content', JSON_MEDIA);
    if (media === undefined || !('schema' in media)) {
      return body === undefined ? undefined : `${where} with a body, and the spec documents none`;
    }
    const ref = pointer('paths', op.path, op.httpMethod.toLowerCase(), 'responses', String(status), 'content', JSON_MEDIA, 'schema');
    const mismatch = this.validator.mismatch(ref, body, 'en-US');
    return mismatch === undefined ? undefined : `${where}, a body its schema refuses: ${mismatch}`;
  }
}

/** What `checkAnswers` found so far; `take` hands it over and starts a new list. */
export interface AnswerLog {
  take(): string[];
}

/**
 * Hold every answer `app` gives to a contract operation against the spec (call before `app.ready()`).
 * Tests assert `log.take()` is empty after each test; answers to other paths (probes, 404s) are not
 * the contract's and are left alone.
 */
export function checkAnswers(app: FastifyInstance): AnswerLog {
  const check = new AnswerCheck();
  let problems: string[] = [];
  app.addHook('onSend', (request: FastifyRequest, reply, payload, done) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    const op = OPERATIONS.find((candidate) => candidate.operationId === operationId);
    if (op !== undefined) {
      const problem = check.problem(op, reply.statusCode, parsed(payload));
      if (problem !== undefined) {
        problems.push(problem);
      }
    }
    done(null, payload);
  });
  return {
    take(): string[] {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}

function parsed(payload: unknown): unknown {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined || text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // not JSON: the schema refuses it and says so
  }
}
