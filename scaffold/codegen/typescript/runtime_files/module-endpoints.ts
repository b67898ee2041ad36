/**
 * A module's own proxied POST endpoints, read strictly for any route (the Python module backend's
 * `_contract/endpoints.py`, with TypeBox schemas in place of pydantic models).
 *
 * The platform's proxy forwards a Widget's call as `{"payload": ..., "moduleContext": ...}`
 * (moduleContext: the Settings component's saved values, secrets possibly encrypted, in a shape the
 * contract leaves to the module); a browser calling directly sends the bare payload. In the
 * project's src/endpoints.ts:
 *
 *     export const endpoints = new Endpoints();
 *     endpoints.post('/api/v1/series', { payload: SeriesQuery, moduleContext: SalesApi,
 *         answer: Series, errors: [409], summary: 'Sales series' }, async (call) => ({ ... }));
 *
 * Every rule, in the order applied (the body rules are module-body.ts's, shared with the demo):
 *
 * - Content-Type, size (413 over 1 MiB; 503 with Retry-After while the process holds its bytes in
 *   flight, one budget with the contract's routes), nesting depth (422 over 64 levels), JSON (400);
 * - a body with a top-level "payload" key is the envelope: its payload is checked by the payload
 *   schema; its moduleContext, when the key is present, must be an object (null is refused) and is
 *   checked by the moduleContext schema when one is given (else handed over as it is); `{}` is read
 *   as no moduleContext (nothing saved yet); other keys are ignored; before any schema sees it,
 *   its `enc:v1:` values are decrypted (module-secrets.ts: 400 for a token this backend cannot
 *   decrypt, 503 when it has no MODULE_SECRET_KEY). Any other body is a bare payload with no
 *   moduleContext. So the two cannot be mistaken, a payload schema must forbid
 *   unknown keys and have no property "payload" or "moduleContext" (checked when the route is registered);
 * - the check is one Ajv (JSON Schema 2020-12) that coerces nothing, removes nothing and fills in
 *   no defaults; a refusal is 400 naming the first problem's place by the schema's declared
 *   property names only (any other key shows as `*`) and never the value sent;
 * - the handler gets a `Call` and returns its answer; `throw new ModuleError(status, message)`
 *   answers that status with the error body; any other throw, or an answer its schema refuses, is a
 *   500 with an incident id in the log. The answer is sent serialised by its schema (undeclared
 *   properties dropped), with Content-Language and `Vary: Accept-Language`;
 * - `call.signal` is aborted when the caller hangs up (a failure of the handler then is a 499 and a
 *   debug line, not a 500) and at the end of the shutdown's grace period, when a handler still
 *   running is answered 503 `stopping` and counted in the warning (shutdown.ts's RunningRequest).
 *
 * Besides the project's own, every module serves POST /api/v1/secrets (module-secrets.ts), read by
 * the same rules but for moduleContext, which it ignores.
 *
 * `endpoints.openapi(document)` is a copy of the contract document with these routes added, as the
 * Python backend builds it; the backend serves it at GET /openapi.json and the conformance test
 * holds every answer against it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

import {
  BodyError,
  ENVELOPE_CONTEXT,
  contextProblem,
  ENVELOPE_PAYLOAD,
  isJsonObject,
  parseModuleJson,
  rawBodyOf,
  refuseContextWithoutPayload,
} from './module-body.js';
import { type Call, EndpointCall } from './module-call.js';
import { ModuleError, sendInternalError, sendModuleError } from './module-errors.js';
import { type SchemaCheck, answerSerializer, compileCheck } from './module-schemas.js';
import {
  SEALING_SUMMARY,
  SealedSecret,
  SecretToSeal,
  revealContext,
  sealSecret,
} from './module-secrets.js';
import { moduleText } from './module-texts.js';
import { chooseLocale } from './locale.js';
import { DEMO_STATUS_PATH, WELL_KNOWN_PATH } from './operations.js';
import {
  HEALTH_PATH,
  METRICS_PATH,
  MODULE_MAX_JSON_DEPTH,
  MODULE_SECRETS_PATH,
  READY_PATH,
} from './runtime-constants.js';
import type { SecretBox } from './secrets.js';
import { type RunningRequest, endHungUp } from './shutdown.js';

/** Paths the contract's routes and the probes answer; an own endpoint may not take them. */
export const RESERVED_PATHS: readonly string[] = [
  HEALTH_PATH,
  READY_PATH,
  METRICS_PATH,
  '/openapi.json',
  DEMO_STATUS_PATH,
  WELL_KNOWN_PATH,
];
export const RESERVED_PREFIXES: readonly string[] = ['/.well-known/', '/static/'];
/** What the rules above answer, documented for every route. */
export const REFUSALS: readonly number[] = [400, 413, 422, 500, 503];
export const COMPONENT_PREFIX = 'endpoints.';
const ERROR_SCHEMA = { $ref: '#/components/schemas/DemoStatusError' };

/** A route that cannot be served as its schemas say; the message names the route. */
export class EndpointDefinitionError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointDefinitionError';
  }
}

/** How a route is declared: its schemas, the statuses it throws with ModuleError, its summary. */
export interface EndpointOptions<
  P extends TSchema,
  A extends TSchema,
  C extends TSchema | undefined = undefined,
> {
  readonly payload: P;
  readonly answer: A;
  readonly moduleContext?: C;
  readonly errors?: readonly number[];
  readonly summary?: string;
}

export type EndpointHandler<P extends TSchema, A extends TSchema, C extends TSchema | undefined> = (
  call: Call<P, C>,
) => Static<A> | Promise<Static<A>>;

/** A registered route, its schemas compiled. */
interface Route {
  readonly path: string;
  readonly operationId: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly answer: Readonly<Record<string, unknown>>;
  readonly context: Readonly<Record<string, unknown>> | undefined;
  readonly checkPayload: SchemaCheck;
  readonly checkContext: SchemaCheck | undefined;
  readonly checkAnswer: SchemaCheck;
  readonly errors: readonly number[];
  readonly summary: string;
  readonly handler: (call: Call<TSchema, TSchema | undefined>) => unknown;
  /** moduleContext as the handler sees it: its `enc:v1:` values decrypted (or none at all). */
  readonly reveal: (context: Readonly<Record<string, unknown>>) => unknown;
}

/** How the routes answer: in one of `locales` (the project's texts), `defaultLocale` otherwise. */
export interface EndpointServing {
  readonly locales: readonly string[];
  readonly defaultLocale: string;
  /** MODULE_SECRET_KEY's box (module-secrets.ts); undefined: no key, a secret is a 503. */
  readonly secretBox?: SecretBox | undefined;
}

/** The module's own proxied POST endpoints: declare with `post`, served by moduleContractPlugin. */
export class Endpoints {
  private readonly routes: Route[] = [];

  /** The paths served: POST /api/v1/secrets, every module's, then those declared, in order. */
  get paths(): readonly string[] {
    return [MODULE_SECRETS_PATH, ...this.routes.map((route) => route.path)];
  }

  /** Declare `POST path` (see the file's comment); throws EndpointDefinitionError on a mistake. */
  post<P extends TSchema, A extends TSchema, C extends TSchema | undefined = undefined>(
    path: string,
    options: EndpointOptions<P, A, C>,
    handler: EndpointHandler<P, A, C>,
  ): void {
    this.routes.push(checkedRoute(path, options, handler as Route['handler'], this.paths));
  }

  /** Serve every route in `scope` (whose parser module-body.ts installed). */
  install(scope: FastifyInstance, serving: EndpointServing): void {
    const box = serving.secretBox;
    const reveal = (context: Readonly<Record<string, unknown>>): unknown =>
      revealContext(context, box);
    for (const route of [sealingRoute(box), ...this.routes.map((own) => ({ ...own, reveal }))]) {
      const serialize = answerSerializer(route.answer); // undefined: Fastify's serializer
      scope.route({
        method: 'POST',
        url: route.path,
        schema: { response: { 200: route.answer } },
        ...(serialize === undefined ? {} : { serializerCompiler: () => serialize }),
        handler: (request, reply) => serve(route, request, reply, serving),
      });
    }
  }

  /** A copy of `document` with these routes added (their schemas as `endpoints.*` components). */
  openapi(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const copy = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
    const components = objectIn(copy, 'components');
    const schemas = objectIn(components, 'schemas');
    const paths = objectIn(copy, 'paths');
    const component = (schema: Readonly<Record<string, unknown>>, fallback: string): object => {
      const title = typeof schema['title'] === 'string' ? schema['title'] : '';
      const clean = JSON.stringify(schema);
      let name = COMPONENT_PREFIX + (/^[A-Za-z0-9._-]+$/.test(title) ? title : fallback);
      if (name in schemas && JSON.stringify(schemas[name]) !== clean) {
        name = COMPONENT_PREFIX + fallback;
      }
      schemas[name] = JSON.parse(clean) as unknown;
      return { $ref: `#/components/schemas/${name}` };
    };
    for (const route of [sealingRoute(undefined), ...this.routes]) {
      const payload = component(route.payload, `${route.operationId}.payload`);
      const answer = component(route.answer, `${route.operationId}.answer`);
      const saved =
        route.context === undefined
          ? { type: 'object' }
          : component(route.context, `${route.operationId}.moduleContext`);
      const context = { anyOf: [saved, { type: 'object', maxProperties: 0 }] }; // {}: nothing saved
      paths[route.path] = { post: operation(route, payload, answer, context) };
    }
    return copy;
  }
}

function objectIn(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  const found = parent[key];
  if (isJsonObject(found)) {
    return found;
  }
  const made: Record<string, unknown> = {};
  parent[key] = made;
  return made;
}

function operation(route: Route, payload: object, answer: object, context: object): object {
  const envelope = {
    type: 'object',
    required: [ENVELOPE_PAYLOAD],
    properties: { [ENVELOPE_PAYLOAD]: payload, [ENVELOPE_CONTEXT]: context },
  };
  const error = {
    description: "Refused: the body, the module's settings or the endpoint said no",
    content: { 'application/json': { schema: ERROR_SCHEMA } },
  };
  const responses: Record<string, unknown> = {
    200: { description: 'The answer', content: { 'application/json': { schema: answer } } },
  };
  for (const status of [...new Set([...REFUSALS, ...route.errors])].sort((a, b) => a - b)) {
    responses[String(status)] = error;
  }
  return {
    operationId: route.operationId,
    summary: route.summary || `The module's own endpoint ${route.path}`,
    tags: ['endpoints'],
    parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { oneOf: [envelope, payload] } } },
    },
    responses,
  };
}

/** `own_` and the path without its outer slashes, each character not a letter or digit as `_`. */
export function operationIdOf(path: string): string {
  return 'own_' + path.replace(/^\/+|\/+$/g, '').replace(/[^\p{L}\p{N}]/gu, '_');
}

function asSchema(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** A checked route: each mistake is one sentence naming the route and what to change. */
function checkedRoute<P extends TSchema, A extends TSchema, C extends TSchema | undefined>(
  path: string,
  options: EndpointOptions<P, A, C>,
  handler: Route['handler'],
  taken: readonly string[],
): Route {
  const where = `endpoints.post('${path}')`;
  const refuse = (what: string): never => {
    throw new EndpointDefinitionError(`${where}: ${what}`);
  };
  if (!path.startsWith('/') || /[{}?#:*]/.test(path)) {
    refuse("the path must start with '/' and hold no parameters or query");
  }
  const reserved = RESERVED_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (RESERVED_PATHS.includes(path) || reserved || taken.includes(path)) {
    refuse('the path is already served; choose another');
  }
  const payload = asSchema(options.payload) ?? refuse('payload must be a TypeBox schema');
  const answer = asSchema(options.answer) ?? refuse('answer must be a TypeBox schema');
  const context =
    options.moduleContext === undefined
      ? undefined
      : (asSchema(options.moduleContext) ?? refuse('moduleContext must be a TypeBox schema'));
  if (payload['type'] !== 'object' || payload['additionalProperties'] !== false) {
    refuse(
      'the payload schema must forbid unknown keys (Type.Object({...}, { additionalProperties: false })), ' +
        'or a bare payload cannot be told from an envelope',
    );
  }
  // A bare payload with a property "moduleContext" and no "payload" would be refused as an envelope
  // without its payload (envelope.contextWithoutPayload), so neither name is allowed.
  for (const taken of [ENVELOPE_PAYLOAD, ENVELOPE_CONTEXT]) {
    if (isJsonObject(payload['properties']) && Object.hasOwn(payload['properties'], taken)) {
      refuse(`the payload schema may not have a property named '${taken}'; the proxy's envelope uses that name`);
    }
  }
  const errors = options.errors ?? [];
  if (errors.some((status) => !Number.isInteger(status) || status < 400 || status > 599)) {
    refuse('errors lists HTTP statuses from 400 to 599');
  }
  const compile = (schema: Readonly<Record<string, unknown>>, name: string): SchemaCheck => {
    try {
      return compileCheck(schema);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return refuse(`the ${name} schema cannot be compiled (${why})`);
    }
  };
  return {
    path,
    operationId: operationIdOf(path),
    payload,
    answer,
    context,
    checkPayload: compile(payload, 'payload'),
    checkContext: context === undefined ? undefined : compile(context, 'moduleContext'),
    checkAnswer: compile(answer, 'answer'),
    errors: [...errors],
    summary: options.summary ?? '',
    handler,
    reveal: (context) => revealContext(context, undefined), // install() gives it the key
  };
}

let sealingChecks: Route | undefined;

/** POST /api/v1/secrets, sealing with `box` (module-secrets.ts); it ignores moduleContext. */
function sealingRoute(box: SecretBox | undefined): Route {
  const options = { payload: SecretToSeal, answer: SealedSecret, summary: SEALING_SUMMARY };
  sealingChecks ??= checkedRoute(MODULE_SECRETS_PATH, options, () => undefined, []);
  const handler = (call: Call<TSchema, TSchema | undefined>): unknown =>
    sealSecret(call.payload as { name: string; value: string }, box);
  return { ...sealingChecks, handler, reveal: () => undefined };
}

/** `value` checked by `check`, or BodyError 400 naming the first problem's place (never a value). */
function checked(check: SchemaCheck, value: unknown, where: string): unknown {
  const problem = check.problem(value, where);
  if (problem !== undefined) {
    throw new BodyError(400, moduleText('endpoint.mismatch', { problem }));
  }
  return value;
}

/** The call read from the parsed body (see the file's comment for the rules). */
function readCall(
  route: Route,
  data: unknown,
  locale: string,
  request: FastifyRequest,
  reply: FastifyReply,
): EndpointCall {
  if (isJsonObject(data) && Object.hasOwn(data, ENVELOPE_PAYLOAD)) {
    let context = data[ENVELOPE_CONTEXT];
    const contextIsWrong = contextProblem(data);
    if (contextIsWrong !== undefined) {
      throw new BodyError(400, moduleText('endpoint.mismatch', { problem: contextIsWrong }));
    }
    if (isJsonObject(context) && Object.keys(context).length === 0) {
      context = undefined; // nothing saved yet: the platform may send an empty object
    }
    if (context !== undefined) {
      // secrets decrypted before any schema sees them (the sealing route reads none: undefined)
      context = route.reveal(context as Record<string, unknown>);
    }
    if (context !== undefined && route.checkContext !== undefined) {
      checked(route.checkContext, context, ENVELOPE_CONTEXT);
    }
    const payload = checked(route.checkPayload, data[ENVELOPE_PAYLOAD], ENVELOPE_PAYLOAD);
    return new EndpointCall(payload, context, locale, true, request, reply);
  }
  refuseContextWithoutPayload(data);
  const payload = checked(route.checkPayload, data, 'the body');
  return new EndpointCall(payload, undefined, locale, false, request, reply);
}

/**
 * One call of `route`, answered before it returns when the handler answers at once (no promise,
 * no microtask: Fastify sends what is sent here); a promise when the handler returns one.
 */
function serve(
  route: Route,
  request: FastifyRequest,
  reply: FastifyReply,
  serving: EndpointServing,
): Promise<FastifyReply> | undefined {
  const locale = chooseLocale(
    request.headers['accept-language'],
    serving.locales,
    serving.defaultLocale,
  );
  let call: EndpointCall;
  try {
    call = readCall(route, parseModuleJson(rawBodyOf(request), MODULE_MAX_JSON_DEPTH), locale, request, reply);
  } catch (error) {
    if (error instanceof BodyError) {
      sendModuleError(reply, error.status, error.message, error.headers);
      return undefined;
    }
    throw error;
  }
  let answer: unknown;
  try {
    answer = route.handler(call);
  } catch (error) {
    call.work?.done();
    refused(request, reply, error, call.work);
    return undefined;
  }
  if (isThenable(answer)) {
    // running past its call: counted for the end of the shutdown's grace period, which may have
    // answered the caller 503 meanwhile (then the handler's answer or failure is dropped)
    const work = call.running();
    return Promise.resolve(answer).then(
      (value) => {
        work.done();
        return reply.sent ? reply : answered(route, request, reply, locale, value);
      },
      (error: unknown) => {
        work.done();
        return reply.sent ? reply : refused(request, reply, error, work);
      },
    );
  }
  call.work?.done();
  answered(route, request, reply, locale, answer);
  return undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * The handler threw: its ModuleError's status, else 500 with an incident id; after its caller hung
 * up (its signal aborted with HungUp), 499 and a debug line, as a plugin's method (no one failed).
 */
function refused(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  work: RunningRequest | undefined,
): FastifyReply {
  if (work?.hungUp === true) {
    return endHungUp(request, reply);
  }
  if (error instanceof ModuleError) {
    return sendModuleError(reply, error.status, error.message);
  }
  return sendInternalError(request, reply, error);
}

/** The handler's answer, checked by its schema and sent serialised by it (500 when refused). */
function answered(
  route: Route,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: string,
  answer: unknown,
): FastifyReply {
  const problem = route.checkAnswer.problem(answer, 'the answer');
  if (problem !== undefined) {
    const error = new TypeError(`${route.path} returned what its answer schema refuses: ${problem}`);
    return sendInternalError(request, reply, error);
  }
  return reply
    .code(200)
    .header('content-language', locale)
    .header('vary', 'Accept-Language')
    .send(answer);
}
