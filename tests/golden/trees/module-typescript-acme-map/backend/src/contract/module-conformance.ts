// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-conformance.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The served document's own judgement of a module backend's answers, for the project's tests (the
 * TypeScript plugin's conformance.ts; the Python backend runs Schemathesis for the same purpose).
 *
 * A test that checks an answer by value says what its author expected; it does not say that the
 * platform, or a client generated from GET /openapi.json, can read it. `checkModuleAnswers` holds
 * every answer of an operation of that document (the contract's and the project's own endpoints)
 * against it: a status the operation documents, and a body that status's schema accepts (the same
 * Ajv 2020 as the request checks, nothing coerced). `conformanceCases` makes requests of every
 * operation from the document alone: its examples, and a body built from each own endpoint's
 * schemas, which must be accepted; bodies matching no shape, which must be refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { isJsonObject } from './module-body.js';
import { unescapePointer } from './module-schema-order.js';
import { DocumentChecks } from './module-schemas.js';
import { MODULE_MAX_JSON_DEPTH } from './runtime-constants.js';

const JSON_MEDIA = 'application/json';

/** One operation of the document. */
export interface DocumentOperation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly spec: Readonly<Record<string, unknown>>;
}

/** One request of `conformanceCases`: what to send, and whether the backend must accept it. */
export interface ModuleCase {
  readonly operation: DocumentOperation;
  readonly name: string;
  /** The JSON text to send; undefined: no body. */
  readonly body: string | undefined;
  /** accepted: never MODULE_REFUSING_STATUSES (400, 413, 422, 500, 503); refused: a 4xx. */
  readonly expect: 'accepted' | 'refused';
}

function objectAt(node: unknown, ...keys: string[]): Record<string, unknown> | undefined {
  let at: unknown = node;
  for (const key of keys) {
    at = isJsonObject(at) ? at[key] : undefined;
  }
  return isJsonObject(at) ? at : undefined;
}

/** Every operation of `document` (paths x methods), in the document's order. */
export function documentOperations(document: Readonly<Record<string, unknown>>): DocumentOperation[] {
  const found: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(objectAt(document, 'paths') ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const spec = objectAt(item, method);
      if (spec !== undefined) {
        const operationId = typeof spec['operationId'] === 'string' ? spec['operationId'] : path;
        found.push({ method: method.toUpperCase(), path, operationId, spec });
      }
    }
  }
  return found;
}

function pointer(...steps: string[]): string {
  return '#/' + steps.map((step) => step.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

/** Answers held against one document: a documented status, and a body its schema accepts. */
export class ModuleAnswerCheck {
  private readonly checks: DocumentChecks;
  readonly operations: readonly DocumentOperation[];

  constructor(private readonly document: Readonly<Record<string, unknown>>) {
    this.checks = new DocumentChecks(document);
    this.operations = documentOperations(document);
  }

  /** The operation `method path` of the document (HEAD is GET's), if any. */
  find(method: string, path: string): DocumentOperation | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    return this.operations.find((op) => op.method === wanted && op.path === path);
  }

  /** undefined when the answer is one the document allows for `op`, else what is wrong. */
  problem(op: DocumentOperation, status: number, body: unknown): string | undefined {
    const where = `${op.method} ${op.path} answered ${String(status)}`;
    const responses = objectAt(op.spec, 'responses') ?? {};
    const documented = Object.keys(responses).filter((code) => /^\d{3}$/.test(code));
    if (!documented.includes(String(status))) {
      return `${where}, a status the document does not list for ${op.operationId} (${documented.join(', ')})`;
    }
    let at = pointer('paths', op.path, op.method.toLowerCase(), 'responses', String(status));
    let response = objectAt(responses, String(status));
    const ref = response?.['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      at = ref; // a shared response (#/components/responses/InternalError)
      response = objectAt(this.document, ...ref.slice(2).split('/').map(unescapePointer));
    }
    const media = objectAt(response, 'content', JSON_MEDIA);
    if (media === undefined || !('schema' in media)) {
      return body === undefined ? undefined : `${where} with a body, and the document shows none`;
    }
    const problem = this.checks.at(`${at}/content/application~1json/schema`).problem(body, 'body');
    return problem === undefined ? undefined : `${where}, a body its schema refuses: ${problem}`;
  }
}

/** What `checkModuleAnswers` found: problems (`take` hands them over) and the statuses seen. */
export interface ModuleAnswerLog {
  take(): string[];
  /** operationId -> the statuses it answered so far. */
  readonly seen: ReadonlyMap<string, readonly number[]>;
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

/**
 * Hold every answer `app` gives to an operation of `document` against it (call before
 * `app.ready()`); answers to other paths (probes, the frontend's files, 404s) are left alone.
 */
export function checkModuleAnswers(
  app: FastifyInstance,
  document: Readonly<Record<string, unknown>>,
): ModuleAnswerLog {
  const check = new ModuleAnswerCheck(document);
  const seen = new Map<string, number[]>();
  let problems: string[] = [];
  app.addHook('onSend', (request: FastifyRequest, reply, payload, done) => {
    const path = request.routeOptions.url;
    const op = path === undefined || request.is404 ? undefined : check.find(request.method, path);
    if (op !== undefined && request.method !== 'HEAD') {
      seen.set(op.operationId, [...(seen.get(op.operationId) ?? []), reply.statusCode]);
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
    seen,
  };
}

/** A value the schema at `schema` accepts, built from its rules (the smallest that fits). */
export function sampleOf(schema: unknown, document: Readonly<Record<string, unknown>>, depth = 0): unknown {
  if (!isJsonObject(schema) || depth > 32) {
    return {};
  }
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = objectAt(document, ...ref.slice(2).split('/').map(unescapePointer));
    return sampleOf(target, document, depth + 1);
  }
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) {
    return examples[0] as unknown;
  }
  if ('const' in schema) {
    return schema['const'];
  }
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    return schema['enum'][0] as unknown;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      return sampleOf(branches[0], document, depth + 1);
    }
  }
  const declared = schema['type'];
  const type: unknown = Array.isArray(declared) ? declared[0] : declared;
  const number = (key: string): number | undefined => (typeof schema[key] === 'number' ? schema[key] : undefined);
  const count = (key: string): number => number(key) ?? 0;
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(count('minLength'), 1));
    case 'integer':
    case 'number': {
      const low = number('minimum') ?? (number('exclusiveMinimum') ?? -1) + 1;
      const high = number('maximum') ?? (number('exclusiveMaximum') ?? Number.MAX_SAFE_INTEGER) - 1;
      const value = Math.min(Math.max(0, low), high);
      return type === 'integer' ? Math.ceil(value) : value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: count('minItems') }, () => sampleOf(schema['items'], document, depth + 1));
    default: {
      const properties = objectAt(schema, 'properties') ?? {};
      const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
      const value: Record<string, unknown> = {};
      for (const name of required) {
        if (typeof name === 'string') {
          value[name] = sampleOf(properties[name], document, depth + 1);
        }
      }
      return value;
    }
  }
}

/** The bodies no POST operation of a module backend may accept. */
const REFUSED_BODIES: readonly [string, string][] = [
  ['an empty body', ''],
  ['no JSON', 'not json'],
  ['an array', '[]'],
  ['null', 'null'],
  ['a null payload', '{"payload": null}'],
  ['a null moduleContext', '{"payload": {}, "moduleContext": null}'],
  ['a key twice', '{"payload": {}, "payload": {}}'],
  ['nested too deep', `{"payload": {}, "x": ${'['.repeat(MODULE_MAX_JSON_DEPTH + 1)}${']'.repeat(MODULE_MAX_JSON_DEPTH + 1)}}`],
];

/** Requests of every operation of `document`: its examples and sampled bodies, and refusals. */
export function conformanceCases(document: Readonly<Record<string, unknown>>): ModuleCase[] {
  const cases: ModuleCase[] = [];
  for (const operation of documentOperations(document)) {
    const media = objectAt(operation.spec, 'requestBody', 'content', JSON_MEDIA);
    if (media === undefined) {
      cases.push({ operation, name: 'no body', body: undefined, expect: 'accepted' });
      continue;
    }
    for (const [name, example] of Object.entries(objectAt(media, 'examples') ?? {})) {
      const value = objectAt(example)?.['value'];
      cases.push({ operation, name: `example ${name}`, body: JSON.stringify(value), expect: 'accepted' });
    }
    const shapes = objectAt(media, 'schema')?.['oneOf'];
    if (Array.isArray(shapes) && shapes.length === 2 && operation.operationId.startsWith('own_')) {
      const [envelope, payload] = shapes as unknown[];
      const branches = objectAt(envelope, 'properties', 'moduleContext')?.['anyOf'];
      const context: unknown = Array.isArray(branches) ? branches[0] : undefined;
      const sample = sampleOf(payload, document);
      cases.push({ operation, name: 'a bare payload', body: JSON.stringify(sample), expect: 'accepted' });
      cases.push({
        operation,
        name: 'an envelope with moduleContext',
        body: JSON.stringify({ payload: sample, moduleContext: sampleOf(context, document) }),
        expect: 'accepted',
      });
      const unknown = isJsonObject(sample) ? { ...sample, notDeclaredHere: 1 } : [sample];
      cases.push({ operation, name: 'an unknown key', body: JSON.stringify(unknown), expect: 'refused' });
    }
    for (const [name, body] of REFUSED_BODIES) {
      cases.push({ operation, name, body, expect: 'refused' });
    }
  }
  return cases;
}
