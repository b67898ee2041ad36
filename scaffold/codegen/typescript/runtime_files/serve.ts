/**
 * Serving the contract's operations on Fastify: body -> checked request -> data source -> answer.
 *
 * Every endpoint runs the same steps, driven by its entry in the generated operations table:
 *
 * 1. read the raw body (body-limits.ts): over `maxBodyBytes` (10 MiB) 413, beyond the bytes the
 *    process may hold at once (64 MiB) 503 with Retry-After, a refused body drained first; a
 *    declared Content-Type other than JSON is 400. Bodies are charged by the bytes that arrived,
 *    not the length they declare, so idle uploads reserve nothing, and a refused body's share is
 *    released at once, so the bodies that fit keep progressing. A body that stops arriving (30 s
 *    without a byte, or under 1 KiB/s on average after 30 s) is 408 and its connection closed;
 *    `timeConnections` times heads, whole requests and idle connections. In the contract's scope
 *    Fastify's parsers are replaced (contractPlugin): no silent 415, no prototype keys stripped;
 * 2. parse it (`readJson` of body-limits.ts: `JSON.parse`, which refuses NaN and Infinity; arrays and
 *    objects nested deeper than MAX_JSON_DEPTH refused before it; a lone surrogate or a key twice in
 *    one object refused after it) and check it against the spec's schema with the strict validator
 *    (validation.ts; an integer judged by its literal, not its double): nothing coerced, nothing
 *    removed; either problem is the contract's "request format is wrong", 400 in the endpoint's
 *    error shape;
 * 3. decrypt `enc:v1:` values of DatasourceField lists (a token that does not decrypt is 422, with
 *    validationErrors naming the field where the endpoint's error body has them);
 * 4. call the data source method with a RequestContext, whose `signal` is aborted when the caller
 *    hangs up (the method's result is dropped; the access line says 499, no error line) or at the
 *    end of a shutdown's grace period (503 in the error shape: shutdown.ts);
 * 5. encrypt password fields (and the data source's `secretFields`) of the answer and send it with
 *    JSON.stringify: the object the method returned, byte for byte, no serialiser that drops or
 *    coerces values (Fastify's fast-json-stringify would turn a string id into a number).
 *
 * `PluginError` becomes its status (422 unless it says otherwise) and message; any other exception
 * is a plugin bug: its stack goes to the log with an incident id and the caller gets a generic 500.
 * Unknown paths answer 404 and wrong methods 405 with `{"error": true, "message"}` (under the base
 * path by the contract's scope, elsewhere by installNotFound). The glue's own
 * messages are in the call's language and never quote the request. The same rules as the Python
 * plugin's dispatch.py.
 */
import { randomBytes } from 'node:crypto';

import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
} from 'fastify';

import type { DataSourceBase } from './base.js';
import {
  BodyBudget,
  BodyRefused,
  readBody as readRawBody,
  readJson,
  timeConnections,
} from './body-limits.js';
import { runtimeText, type Catalog } from './catalog.js';
import type { RequestContext } from './context.js';
import { PluginError, StartupError } from './errors.js';
import { BASE_PATH, OPERATIONS, callOperation, type Operation } from './operations.js';
import { isToken, SecretError, type SecretBox } from './secrets.js';
import {
  BODY_MIN_BYTES_PER_SECOND,
  BODY_STALL_SECONDS,
  MAX_BODY_BYTES,
  MAX_BODY_BYTES_IN_FLIGHT,
  RETRY_AFTER_SECONDS,
} from './runtime-constants.js';
import { DOCUMENT } from './spec.js';
import { DeadlinePassed, endHungUp, HungUp, requestSignal, stoppingAnswer, untilEnded } from './shutdown.js';
import { BodyValidator } from './validation.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const FIELD_CODE = /^[A-Za-z0-9_.:-]{1,128}$/;

export interface ContractOptions {
  readonly dataSource: DataSourceBase;
  readonly catalog: Catalog;
  readonly secrets: SecretBox;
  readonly maxBodyBytes?: number;
  readonly maxBodyBytesInFlight?: number;
  /** BODY_STALL_SECONDS unless given: the longest wait for a body's next byte. */
  readonly bodyStallSeconds?: number;
  /** BODY_MIN_BYTES_PER_SECOND unless given: the slowest average rate of a body slower than that. */
  readonly bodyMinBytesPerSecond?: number;
  /**
   * PLUGIN_QUERY_SECONDS (Settings.querySeconds): how long a data source method may take; then its
   * signal is aborted and the call answered 422 (`query.deadline`). Unset: as long as it takes.
   */
  readonly querySeconds?: number;
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

/**
 * The contract as an encapsulated Fastify plugin, registered by src/app.ts under the base path:
 * `app.register(contractPlugin, { prefix: BASE_PATH, dataSource, catalog, secrets, ... })`.
 *
 * Everything it changes stays inside its own scope (Fastify's encapsulation): its routes, the
 * raw-body parser that replaces Fastify's own parsers, the body budget's hook, and the 404 (any
 * path under the base path: `/api/v1/nope`, `/api/v1/./well-known`), 405 and error answers in
 * the contract's error shape. Routes the app adds beside it, at the root or in scopes of their
 * own, keep Fastify's JSON parsing, schema validation and error handler.
 */
export const contractPlugin: FastifyPluginCallback<ContractOptions> = (scope, options, done) => {
  try {
    installContractRoutes(scope, options);
  } catch (error) {
    done(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  done();
};

/** Refuses to start on a data source that misses a method of the contract (a newer one added it). */
export function requireOperations(dataSource: DataSourceBase): void {
  const missing = missingOperations(dataSource);
  if (missing.length > 0) {
    throw new StartupError(
      `the data source does not implement ${missing.map((op) => `${op.methodName}() (${op.httpMethod} ${op.path})`).join(', ')}; ` +
        'add the method(s) to src/datasource.ts (the contract added them)',
    );
  }
}

/**
 * What the app answers outside the contract's scope for a path no route serves: 404 in the
 * contract's error shape and the caller's language, as every language's plugin answers `/nope`
 * (scaffold/codegen/cases/error_answers.json), even when the request's body would not parse. The
 * app's own routes keep Fastify's default error handler: their errors are answered as Fastify
 * answers them.
 */
export function installNotFound(app: FastifyInstance, catalog: Catalog): void {
  const notFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    reply.code(404).send(errorBody(undefined, 404, runtimeText(localeOf(request, catalog), 'http.404')));
  app.setNotFoundHandler(async (request, reply) => notFound(request, reply));
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (request.is404) {
      return notFound(request, reply); // a body Fastify refused on its way to the 404
    }
    throw error; // to Fastify's default error handler
  });
}

/**
 * The contract's plugin under BASE_PATH and the 404 beside it on `app`, in one call: what src/app.ts
 * of plugin-typescript 1.4.0 and older calls (src/app.ts now registers contractPlugin itself).
 */
export function installContract(app: FastifyInstance, options: ContractOptions): void {
  requireOperations(options.dataSource);
  installNotFound(app, options.catalog);
  void app.register(contractPlugin, { ...options, prefix: BASE_PATH });
}

let compiledChecks: BodyValidator | undefined;

/**
 * The request checks of every operation, compiled once per process and shared by every app: the
 * spec is the same for all, and compiling it with Ajv cost about 60 ms an app (1.8 s cold), most of
 * a seeded test's time, since a test builds an app of its own. Sharing is safe: a check keeps no
 * state across a call (validation.ts).
 */
function requestValidator(): BodyValidator {
  if (compiledChecks === undefined) {
    const validator = new BodyValidator(DOCUMENT);
    for (const op of OPERATIONS) {
      if (op.requestSchema !== null) {
        validator.prepare(op.requestSchema);
      }
    }
    compiledChecks = validator;
  }
  return compiledChecks;
}

function installContractRoutes(scope: FastifyInstance, options: ContractOptions): void {
  if (scope.prefix !== BASE_PATH) {
    throw new StartupError(
      `the contract is served under ${BASE_PATH}: register it with { prefix: BASE_PATH } (src/app.ts), not ${JSON.stringify(scope.prefix)}`,
    );
  }
  requireOperations(options.dataSource);
  const validator = requestValidator();
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const budget = new BodyBudget(options.maxBodyBytesInFlight ?? MAX_BODY_BYTES_IN_FLIGHT);
  const pace = {
    stallSeconds: options.bodyStallSeconds ?? BODY_STALL_SECONDS,
    minBytesPerSecond: options.bodyMinBytesPerSecond ?? BODY_MIN_BYTES_PER_SECOND,
  };
  timeConnections(scope.server); // the head's, a request's, an idle connection's seconds
  const held = new WeakMap<FastifyRequest, number>();
  const release = (request: FastifyRequest): void => {
    budget.give(held.get(request) ?? 0);
    held.delete(request);
  };
  scope.removeAllContentTypeParsers(); // in this scope only: the app's own routes keep Fastify's
  scope.addContentTypeParser('*', (request, payload, done) => {
    const count = (bytes: number): void => {
      held.set(request, (held.get(request) ?? 0) + bytes);
    };
    readRawBody(payload, maxBodyBytes, budget, count, pace).then(
      (body) => done(null, body),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // The body lives until the answer is sent: its bytes are given back when the answer's response
  // closes, after the answer is sent or when the caller hung up first. Fastify's onRequestAbort
  // misses a caller who hangs up once the whole body arrived (Node does not call that request
  // aborted) while the method still works, and the onResponse hook (run on the response's
  // 'finish') never ran for an answer written after the hang-up either: its bytes stayed counted
  // for good, until every body was refused as busy (module-body.ts, the module backend's, had the
  // same two hooks and the same leak).
  scope.addHook('onRequest', (request, reply, done) => {
    reply.raw.on('close', () => {
      release(request);
    });
    done();
  });
  const served = new Map<string, string[]>();
  for (const op of OPERATIONS) {
    served.set(op.path, [...(served.get(op.path) ?? []), op.httpMethod]);
    scope.route({
      method: op.httpMethod,
      url: op.path,
      config: { operationId: op.operationId },
      handler: (request, reply) => serve(op, request, reply, options, validator),
    });
  }
  for (const [url, methods] of served) {
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    scope.route({
      method: scope.supportedMethods.filter((method) => !allowed.includes(method)),
      url,
      config: { allowed },
      handler: async (request, reply) => notAllowed(request, reply, allowed, options.catalog),
    });
  }
  scope.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send(errorBody(undefined, 404, runtimeText(localeOf(request, options.catalog), 'http.404'))),
  );
  scope.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = localeOf(request, options.catalog);
    const allowed = (request.routeOptions.config as { allowed?: string[] } | undefined)?.allowed;
    if (allowed !== undefined) {
      return notAllowed(request, reply, allowed, options.catalog); // whatever its body: 405
    }
    const op = OPERATIONS.find((candidate) => candidate.operationId === operationOf(request));
    if (error instanceof BodyRefused && error.reason === 'stalled') {
      request.log.info('refused a body that stopped arriving');
      return reply
        .code(error.statusCode)
        .header('connection', 'close') // the rest of the body is not waited for
        .send(errorBody(op, error.statusCode, runtimeText(locale, 'body.stalled')));
    }
    if (error instanceof BodyRefused && error.tooLarge) {
      return reply
        .code(error.statusCode)
        .send(errorBody(undefined, error.statusCode, tooLargeMessage(maxBodyBytes, locale)));
    }
    if (error instanceof BodyRefused) {
      request.log.warn('refused a body: the bodies being served hold the most bytes allowed at once');
      return reply
        .code(error.statusCode)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(errorBody(undefined, error.statusCode, runtimeText(locale, 'body.busy')));
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

function notAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: readonly string[],
  catalog: Catalog,
): FastifyReply {
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send(errorBody(undefined, 405, runtimeText(localeOf(request, catalog), 'http.405')));
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
  const locale = localeOf(request, options.catalog);
  let body: unknown = undefined;
  if (op.requestSchema !== null) {
    try {
      const read = parseBody(request, locale);
      body = read.value;
      const problem = validator.problem(op.requestSchema, body, locale, read.text);
      if (problem !== undefined) {
        throw new RequestProblem(400, problem);
      }
      for (const path of op.requestSecrets) {
        reveal(body, path, options.secrets, locale);
      }
    } catch (error) {
      if (error instanceof RequestProblem) {
        return reply.code(error.status).send(errorBody(op, error.status, error.message, error.validationErrors));
      }
      throw error;
    }
  }
  const work = requestSignal(request, reply, options.querySeconds);
  const context: RequestContext = {
    locale,
    headers: request.headers,
    operationId: op.operationId,
    baseUrl: baseUrl(request, op),
    requestId: String(request.id),
    log: request.log,
    signal: work.signal,
  };
  let answer: unknown;
  try {
    const ended = await untilEnded(callOperation(options.dataSource, op.operationId, body, context), work.signal);
    if ('reason' in ended) {
      return endedEarly(op, request, reply, ended.reason, locale, options.querySeconds);
    }
    answer = ended.value;
    for (const path of op.responseSecrets) {
      seal(answer, path, options.secrets, options.dataSource.secretFields);
    }
  } catch (error) {
    if (error instanceof PluginError) {
      // its own answer, also when it gave it because its signal was aborted
      return reply.code(error.status).send(errorBody(op, error.status, error.message, error.validationErrors));
    }
    if (work.signal.aborted) {
      // the method gave up on its aborted signal before the race saw the abort
      return endedEarly(op, request, reply, work.signal.reason, locale, options.querySeconds);
    }
    const incident = incidentId();
    request.log.error({ err: error, incident }, `${op.methodName} failed (incident ${incident})`);
    return reply.code(500).send(errorBody(op, 500, runtimeText(locale, 'internal', { incident })));
  } finally {
    work.done();
  }
  return reply.code(200).type('application/json').send(JSON.stringify(answer));
}


/**
 * The answer to a call whose signal was aborted before its method answered: 499 for a caller that
 * hung up, 422 (`query.deadline`) when PLUGIN_QUERY_SECONDS passed, else 503 (`stopping`, the end
 * of the shutdown's grace period). The method's late answer, if any, is dropped.
 */
function endedEarly(
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  reason: unknown,
  locale: string,
  querySeconds: number | undefined,
): FastifyReply {
  if (reason instanceof HungUp) {
    return endHungUp(request, reply);
  }
  if (reason instanceof DeadlinePassed) {
    const seconds = String(querySeconds);
    request.log.info(`${op.methodName} stopped: no answer within PLUGIN_QUERY_SECONDS (${seconds} s)`);
    return reply.code(422).send(errorBody(op, 422, runtimeText(locale, 'query.deadline', { seconds })));
  }
  return stoppingAnswer(reply);
}

/** The body as JSON (readJson): a declared type must be JSON (none is read as JSON too). */
function parseBody(request: FastifyRequest, locale: string): { readonly value: unknown; readonly text: string } {
  const declared = request.headers['content-type'];
  if (declared !== undefined && !JSON_TYPE.test(declared.split(';', 1)[0]?.trim() ?? '')) {
    request.log.info('refused a body declared as another type than JSON');
    throw new RequestProblem(400, runtimeText(locale, 'body.contentType'));
  }
  const read = readJson(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  if (read.ok) {
    return read;
  }
  if (read.why.startsWith('nested')) {
    request.log.info(`refused a body ${read.why}`);
  }
  throw new RequestProblem(400, runtimeText(locale, 'body.invalidJson')); // no position, as in every language
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
