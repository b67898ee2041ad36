// copied from scaffold 1.2.0 (scaffold/codegen/typescript/runtime_files/serve.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Serving the contract's operations on Fastify: body -> checked request -> data source -> answer.
 *
 * Every endpoint runs the same steps, driven by its entry in the generated operations table:
 *
 * 1. read the raw body: a declared Content-Type other than JSON is 400, over `maxBodyBytes`
 *    (10 MiB) 413; Fastify's own JSON parser is replaced, so nothing it would do silently (415 for
 *    another type, prototype keys stripped) happens;
 * 2. parse it (`JSON.parse`, which refuses NaN and Infinity) and check it against the spec's schema
 *    with the strict validator (validation.ts): nothing coerced, nothing removed; either problem is
 *    the contract's "request format is wrong", 400 in the endpoint's error shape;
 * 3. decrypt `enc:v1:` values of DatasourceField lists (a token that does not decrypt is 422, with
 *    validationErrors naming the field where the endpoint's error body has them);
 * 4. call the data source method with a RequestContext;
 * 5. encrypt password fields (and the data source's `secretFields`) of the answer and send it with
 *    JSON.stringify: the object the method returned, byte for byte, no serialiser that drops or
 *    coerces values (Fastify's fast-json-stringify would turn a string id into a number).
 *
 * `PluginError` becomes its status (422 unless it says otherwise) and message; any other exception
 * is a plugin bug: its stack goes to the log with an incident id and the caller gets a generic 500.
 * Unknown paths answer 404 and wrong methods 405 with `{"error": true, "message"}`. The glue's own
 * messages are in the call's language and never quote the request. The same rules as the Python
 * plugin's dispatch.py.
 */
import { randomBytes } from 'node:crypto';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { DataSourceBase } from './base.js';
import { runtimeText, type Catalog } from './catalog.js';
import type { RequestContext } from './context.js';
import { PluginError, StartupError } from './errors.js';
import { BASE_PATH, OPERATIONS, callOperation, type Operation } from './operations.js';
import { isToken, SecretError, type SecretBox } from './secrets.js';
import { DOCUMENT } from './spec.js';
import { BodyValidator } from './validation.js';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const FIELD_CODE = /^[A-Za-z0-9_.:-]{1,128}$/;
const HTTP_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

export interface ContractOptions {
  readonly dataSource: DataSourceBase;
  readonly catalog: Catalog;
  readonly secrets: SecretBox;
  readonly maxBodyBytes?: number;
}

type ErrorBody = Record<string, unknown>;

/** The body of an error of `op` (its error shape from the spec), or the generic one. */
export function errorBody(
  op: Operation | undefined,
  status: number,
  message: string,
  validationErrors?: Readonly<Record<string, string>>,
): ErrorBody {
  const body: ErrorBody = { error: true, message };
  if (op?.errorStatusType === 'boolean') {
    body['status'] = false;
  } else if (op?.errorStatusType === 'integer') {
    body['status'] = status;
  }
  if (op?.validationErrors === true && validationErrors !== undefined && Object.keys(validationErrors).length > 0) {
    body['validationErrors'] = { ...validationErrors };
  }
  return body;
}

/** The operations whose method `dataSource` does not implement (a newer contract added them). */
export function missingOperations(dataSource: DataSourceBase): Operation[] {
  const methods = dataSource as unknown as Record<string, unknown>;
  return OPERATIONS.filter((op) => typeof methods[op.methodName] !== 'function');
}

/** Register the contract's routes, the 404 and 405 answers and the error handler on `app`. */
export function installContract(app: FastifyInstance, options: ContractOptions): void {
  const missing = missingOperations(options.dataSource);
  if (missing.length > 0) {
    throw new StartupError(
      `the data source does not implement ${missing.map((op) => `${op.methodName}() (${op.httpMethod} ${op.path})`).join(', ')}; ` +
        'add the method(s) to src/datasource.ts (the contract added them)',
    );
  }
  const validator = new BodyValidator(DOCUMENT);
  for (const op of OPERATIONS) {
    if (op.requestSchema !== null) {
      validator.prepare(op.requestSchema);
    }
  }
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBodyBytes }, (_request, body, done) => {
    done(null, body);
  });
  const served = new Map<string, string[]>();
  for (const op of OPERATIONS) {
    const url = BASE_PATH + op.path;
    served.set(url, [...(served.get(url) ?? []), op.httpMethod]);
    app.route({
      method: op.httpMethod,
      url,
      config: { operationId: op.operationId },
      handler: (request, reply) => serve(op, request, reply, options, validator),
    });
  }
  for (const [url, methods] of served) {
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    app.route({
      method: HTTP_METHODS.filter((method) => !allowed.includes(method)),
      url,
      handler: async (request, reply) =>
        reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(errorBody(undefined, 405, runtimeText(localeOf(request, options.catalog), 'http.405'))),
    });
  }
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send(errorBody(undefined, 404, runtimeText(localeOf(request, options.catalog), 'http.404'))),
  );
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = localeOf(request, options.catalog);
    const op = OPERATIONS.find((candidate) => candidate.operationId === operationOf(request));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody(undefined, 413, tooLargeMessage(maxBodyBytes, locale)));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify refused the request before the route ran (a malformed Content-Length, say)
      request.log.info({ code: error.code }, 'refused a request the framework could not read');
      return reply.code(400).send(errorBody(op, 400, runtimeText(locale, 'body.invalidJson')));
    }
    const incident = incidentId();
    request.log.error({ err: error, incident }, `${op?.methodName ?? request.url} failed (incident ${incident})`);
    return reply.code(500).send(errorBody(op, 500, runtimeText(locale, 'internal', { incident })));
  });
}

function operationOf(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config as { operationId?: string } | undefined;
  return config?.operationId;
}

function localeOf(request: FastifyRequest, catalog: Catalog): string {
  return catalog.choose(request.headers['accept-language']);
}

export function tooLargeMessage(limit: number, locale: string): string {
  const size =
    limit >= 1024 * 1024
      ? runtimeText(locale, 'size.mebibytes', { count: Number((limit / (1024 * 1024)).toPrecision(6)) })
      : runtimeText(locale, 'size.bytes', { count: limit });
  return runtimeText(locale, 'body.tooLarge', { size });
}

/** 12 hex digits naming one failure in the log and in its answer. */
export function incidentId(): string {
  return randomBytes(6).toString('hex');
}

class RequestProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validationErrors?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

async function serve(
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ContractOptions,
  validator: BodyValidator,
): Promise<FastifyReply> {
  const context: RequestContext = {
    locale: localeOf(request, options.catalog),
    headers: request.headers,
    operationId: op.operationId,
    baseUrl: baseUrl(request, op),
    requestId: String(request.id),
  };
  let body: unknown = undefined;
  if (op.requestSchema !== null) {
    try {
      body = readBody(request, context.locale);
      const problem = validator.problem(op.requestSchema, body, context.locale);
      if (problem !== undefined) {
        throw new RequestProblem(400, problem);
      }
      for (const path of op.requestSecrets) {
        reveal(body, path, options.secrets, context.locale);
      }
    } catch (error) {
      if (error instanceof RequestProblem) {
        return reply.code(error.status).send(errorBody(op, error.status, error.message, error.validationErrors));
      }
      throw error;
    }
  }
  let answer: unknown;
  try {
    answer = await callOperation(options.dataSource, op.operationId, body, context);
    for (const path of op.responseSecrets) {
      seal(answer, path, options.secrets, options.dataSource.secretFields);
    }
  } catch (error) {
    if (error instanceof PluginError) {
      return reply.code(error.status).send(errorBody(op, error.status, error.message, error.validationErrors));
    }
    const incident = incidentId();
    request.log.error({ err: error, incident }, `${op.methodName} failed (incident ${incident})`);
    return reply.code(500).send(errorBody(op, 500, runtimeText(context.locale, 'internal', { incident })));
  }
  return reply.code(200).type('application/json').send(JSON.stringify(answer));
}

/** The body as JSON: a declared type must be JSON (none is read as JSON too); NaN is no JSON. */
function readBody(request: FastifyRequest, locale: string): unknown {
  const declared = request.headers['content-type'];
  if (declared !== undefined && !JSON_TYPE.test(declared.split(';', 1)[0]?.trim() ?? '')) {
    request.log.info('refused a body declared as another type than JSON');
    throw new RequestProblem(400, runtimeText(locale, 'body.contentType'));
  }
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new RequestProblem(400, runtimeText(locale, 'body.invalidJson'));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = /line (\d+) column (\d+)/.exec(String(error));
    throw new RequestProblem(
      400,
      position
        ? runtimeText(locale, 'body.invalidJsonAt', { line: position[1] ?? '', column: position[2] ?? '' })
        : runtimeText(locale, 'body.invalidJson'),
    );
  }
}

/** The plugin's base URL as the caller reached it, including the base path. */
function baseUrl(request: FastifyRequest, op: Operation): string {
  const path = request.url.split('?', 1)[0] ?? '';
  const prefix = path.endsWith(op.path) ? path.slice(0, path.length - op.path.length) : path;
  return `${request.protocol}://${request.host}${prefix}`;
}

function fieldLists(root: unknown, path: readonly string[]): unknown[][] {
  let nodes: unknown[] = [root];
  for (const key of path) {
    nodes = nodes.flatMap((node) =>
      typeof node === 'object' && node !== null && !Array.isArray(node) ? [(node as Record<string, unknown>)[key]] : [],
    );
  }
  return nodes.filter((node): node is unknown[] => Array.isArray(node));
}

/** Decrypt every `enc:v1:` value of the DatasourceField lists at `path` (422 when one does not). */
function reveal(root: unknown, path: readonly string[], secrets: SecretBox, locale: string): void {
  for (const fields of fieldLists(root, path)) {
    for (const field of fields) {
      const item = field as { code?: unknown; value?: unknown };
      if (typeof item.code === 'string' && isToken(item.value)) {
        try {
          item.value = secrets.decrypt(item.value, item.code);
        } catch (error) {
          if (!(error instanceof SecretError)) {
            throw error;
          }
          const message = runtimeText(locale, 'secret.undecryptable');
          const named = FIELD_CODE.test(item.code) ? { [item.code]: message } : undefined;
          throw new RequestProblem(422, message, named);
        }
      }
    }
  }
}

/** Encrypt password fields and `secretFields` of the DatasourceField lists at `path`. */
function seal(root: unknown, path: readonly string[], secrets: SecretBox, secretFields: ReadonlySet<string>): void {
  for (const fields of fieldLists(root, path)) {
    for (const field of fields) {
      const item = field as { code?: unknown; type?: unknown; value?: unknown };
      const secret = item.type === 'password' || (typeof item.code === 'string' && secretFields.has(item.code));
      if (secret && typeof item.code === 'string' && typeof item.value === 'string' && item.value !== '' && !isToken(item.value)) {
        item.value = secrets.encrypt(item.value, item.code);
      }
    }
  }
}
