// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-routes.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The HTTP surface the platform needs from a module backend, wired to the project's own code (the
 * Python module backend's `_contract/routes.py`), as a Fastify plugin in a scope of its own.
 *
 * - GET well-known: the metadata the project builds (`metadata(baseUrl)`), held against the spec's
 *   ModuleMetadata; `frontendHost` defaults to this backend's own base URL (the project's
 *   app.ts decides), and when this backend serves the frontend the answer adds `buildTimestamp`,
 *   the mark of the current build (module-assets.ts: the caching relies on it);
 * - POST demo/status: the tutorial stub; the body is read strictly (module-body.ts: 400, 408, 413,
 *   422 or 503) and handed to the project's `demo(request)`, whose answer is held against the
 *   spec's DemoStatusResponse; a promise still pending at the end of the shutdown's grace period
 *   is answered 503 `stopping` (shutdown.ts);
 * - GET/HEAD static/{name}: the built frontend (module-assets.ts);
 * - the project's own proxied endpoints (module-endpoints.ts), read by the same rules and counted
 *   in one budget of bytes in flight with the demo, and POST secrets, which every module serves
 *   (module-secrets.ts: it encrypts a secret the Settings saves, with `secretBox`).
 *
 * Every refusal is a DemoStatusError body `{"error": true, "message"}` (module-errors.ts): a method a
 * path does not serve is 405 with Allow; an exception in the project's code is 500 with an incident
 * id (the stack goes to the log, never to the caller). Everything the plugin changes stays in its
 * scope (Fastify's encapsulation): its raw-body parser, hooks and error answers. Routes the app adds
 * beside it parse and validate JSON as Fastify does. `installModuleErrors(app)` gives the whole app
 * the 404 of unknown paths and the 500 of unexpected errors in the same body.
 *
 * The project's code is passed in (functions, not imports), so this copied file never imports
 * user-owned code and `scaffold regenerate` can rewrite it at any time.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
} from 'fastify';

import { BodyBudget, timeConnections } from './body-limits.js';
import { chooseLocale } from './locale.js';
import type { FrontendAssets } from './module-assets.js';
import {
  BodyError,
  type ProxiedRequest,
  installBodyReading,
  parseModuleJson,
  rawBodyOf,
  unwrapDemo,
} from './module-body.js';
import { Endpoints } from './module-endpoints.js';
import {
  METHOD_NOT_ALLOWED_MESSAGE,
  ModuleError,
  NOT_FOUND_MESSAGE,
  httpErrorMessage,
  sendInternalError,
  sendModuleError,
} from './module-errors.js';
import { DocumentChecks } from './module-schemas.js';
import { RunningRequest } from './shutdown.js';
import { DEMO_STATUS_PATH, STATIC_PREFIX, WELL_KNOWN_PATH } from './operations.js';
import {
  BODY_MIN_BYTES_PER_SECOND,
  BODY_STALL_SECONDS,
  DEFAULT_LOCALE,
  MODULE_MAX_BODY_BYTES,
  MODULE_MAX_BODY_BYTES_IN_FLIGHT,
  MODULE_MAX_JSON_DEPTH,
} from './runtime-constants.js';
import type { SecretBox } from './secrets.js';
import { DOCUMENT } from './spec.js';
import type { DemoStatusResponse, ModuleMetadata } from './types.js';

/** The metadata of the module, for the caller who reached this backend at `baseUrl`. */
export type MetadataFactory = (baseUrl: string) => ModuleMetadata | Promise<ModuleMetadata>;
/** The project's demo logic (src/demo.ts). */
export type DemoHandler = (
  request: ProxiedRequest,
) => DemoStatusResponse | Promise<DemoStatusResponse>;

export interface ModuleContractOptions {
  readonly metadata: MetadataFactory;
  readonly demo: DemoHandler;
  /** The languages the project has texts for (Accept-Language chooses among them). */
  readonly locales: readonly string[];
  readonly assets: FrontendAssets;
  /** Whether this backend serves the frontend (well-known then carries buildTimestamp). */
  readonly servesFrontend?: () => boolean;
  /** The project's own proxied endpoints (src/endpoints.ts). */
  readonly endpoints?: Endpoints;
  /** MODULE_SECRET_KEY's box (settings.ts); undefined: no key, a secret is a 503. */
  readonly secretBox?: SecretBox | undefined;
  /** MODULE_MAX_BODY_BYTES unless given: a larger body is 413. */
  readonly maxBodyBytes?: number;
  /** MODULE_MAX_BODY_BYTES_IN_FLIGHT unless given: the bytes of bodies held at once; more: 503. */
  readonly maxBodyBytesInFlight?: number;
  /** BODY_STALL_SECONDS unless given: the longest wait for a body's next byte (then 408). */
  readonly bodyStallSeconds?: number;
  /** BODY_MIN_BYTES_PER_SECOND unless given: the slowest average pace of a longer body. */
  readonly bodyMinBytesPerSecond?: number;
}

/** Route config: the methods a path serves (its 405 route) and the metrics' operation label. */
interface RouteConfig {
  readonly allowed?: readonly string[];
  readonly operation?: string;
}

/** This backend's public base URL as the caller reached it, with '/' (the scheme honours trustProxy). */
export function baseUrlOf(request: FastifyRequest): string {
  const socket = request.socket;
  const host = request.headers.host ?? `${String(socket.localAddress)}:${String(socket.localPort)}`;
  return `${request.protocol}://${host}/`;
}

let contractChecks: DocumentChecks | undefined;

/** The spec's checks of the answers made of the project's code, compiled once per process. */
function answerChecks(): DocumentChecks {
  contractChecks ??= new DocumentChecks(DOCUMENT);
  return contractChecks;
}

/**
 * The contract's routes and the project's own endpoints, registered by src/app.ts:
 * `app.register(moduleContractPlugin, { metadata, demo, locales, assets, endpoints, ... })`.
 */
export const moduleContractPlugin: FastifyPluginCallback<ModuleContractOptions> = (
  scope,
  options,
  done,
) => {
  try {
    installModuleRoutes(scope, options);
  } catch (error) {
    done(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  done();
};

function installModuleRoutes(scope: FastifyInstance, options: ModuleContractOptions): void {
  timeConnections(scope.server); // the head's, a request's, an idle connection's seconds
  const budget = new BodyBudget(options.maxBodyBytesInFlight ?? MODULE_MAX_BODY_BYTES_IN_FLIGHT);
  installBodyReading(scope, {
    maxBodyBytes: options.maxBodyBytes ?? MODULE_MAX_BODY_BYTES,
    budget,
    pace: {
      stallSeconds: options.bodyStallSeconds ?? BODY_STALL_SECONDS,
      minBytesPerSecond: options.bodyMinBytesPerSecond ?? BODY_MIN_BYTES_PER_SECOND,
    },
  });
  const checks = answerChecks();
  const metadataCheck = checks.at('#/components/schemas/ModuleMetadata');
  const demoCheck = checks.at('#/components/schemas/DemoStatusResponse');
  const servesFrontend = options.servesFrontend ?? ((): boolean => true);
  const localeOf = (request: FastifyRequest): string =>
    chooseLocale(request.headers['accept-language'], options.locales, DEFAULT_LOCALE);

  scope.get(WELL_KNOWN_PATH, async (request, reply) => {
    const answer: Record<string, unknown> = { ...(await options.metadata(baseUrlOf(request))) };
    const problem = metadataCheck.problem(answer, 'the metadata');
    if (problem !== undefined) {
      throw new TypeError(`the well-known answer does not match ModuleMetadata: ${problem}`);
    }
    const mark = servesFrontend() ? await options.assets.buildMark() : undefined;
    if (mark !== undefined) {
      answer['buildTimestamp'] = mark;
    }
    return reply.type('application/json').send(JSON.stringify(answer));
  });

  scope.post(DEMO_STATUS_PATH, async (request, reply) => {
    const locale = localeOf(request);
    const call = unwrapDemo(parseModuleJson(rawBodyOf(request), MODULE_MAX_JSON_DEPTH), locale);
    const pending = options.demo(call);
    let answer: DemoStatusResponse;
    if (pending instanceof Promise) {
      // running past its call: the end of the shutdown's grace period answers it 503 (shutdown.ts),
      // and then its late answer or failure is dropped
      const work = new RunningRequest(request, reply).track();
      try {
        answer = await pending;
      } catch (error) {
        if (reply.sent) {
          return reply;
        }
        throw error;
      } finally {
        work.done();
      }
      if (reply.sent) {
        return reply;
      }
    } else {
      answer = pending;
    }
    const problem = demoCheck.problem(answer, 'the answer');
    if (problem !== undefined) {
      throw new TypeError(`the demo answer does not match DemoStatusResponse: ${problem}`);
    }
    return reply
      .header('content-language', locale)
      .header('vary', 'Accept-Language')
      .type('application/json')
      .send(JSON.stringify(answer));
  });

  const staticConfig: RouteConfig = { operation: `${STATIC_PREFIX}{name}` };
  scope.route({
    method: ['GET', 'HEAD'],
    url: `${STATIC_PREFIX}*`,
    exposeHeadRoute: false,
    config: staticConfig,
    handler: async (request, reply) => {
      const version = (await options.metadata(baseUrlOf(request))).version;
      const name = (request.params as Record<string, string | undefined>)['*'] ?? '';
      return options.assets.send(name, request, reply, version);
    },
  });

  const endpoints = options.endpoints ?? new Endpoints(); // none of its own: POST secrets still
  endpoints.install(scope, {
    locales: options.locales,
    defaultLocale: DEFAULT_LOCALE,
    secretBox: options.secretBox,
  });

  const served: [string, readonly string[], RouteConfig][] = [
    [WELL_KNOWN_PATH, ['GET', 'HEAD'], {}],
    [DEMO_STATUS_PATH, ['POST'], {}],
    [`${STATIC_PREFIX}*`, ['GET', 'HEAD'], staticConfig],
    ...endpoints.paths.map(
      (path): [string, readonly string[], RouteConfig] => [path, ['POST'], {}],
    ),
  ];
  for (const [url, allowed, config] of served) {
    scope.route({
      method: scope.supportedMethods.filter((method) => !allowed.includes(method)),
      url,
      config: { ...config, allowed },
      handler: async (_request, reply) => notAllowed(reply, allowed),
    });
  }

  scope.setErrorHandler(async (error: FastifyError, request, reply) => {
    const allowed = (request.routeOptions.config as RouteConfig | undefined)?.allowed;
    if (allowed !== undefined) {
      return notAllowed(reply, allowed); // whatever its body: 405
    }
    return answerError(error, request, reply);
  });
}

function notAllowed(reply: FastifyReply, allowed: readonly string[]): FastifyReply {
  return sendModuleError(reply, 405, METHOD_NOT_ALLOWED_MESSAGE, { allow: allowed.join(', ') });
}

/** A refused body, a ModuleError, a request the framework refused, or an unexpected error (500). */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof BodyError) {
    if (error.status === 408) {
      request.log.info('refused a body that stopped arriving');
    } else if (error.status === 503) {
      request.log.warn('refused a body: the bodies being served hold the most bytes allowed at once');
    }
    return sendModuleError(reply, error.status, error.message, error.headers);
  }
  if (error instanceof ModuleError) {
    return sendModuleError(reply, error.status, error.message);
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ code: (error as { code?: unknown }).code }, 'refused a request it could not read');
    return sendModuleError(reply, status, httpErrorMessage(status));
  }
  return sendInternalError(request, reply, error);
}

/**
 * The whole app's answers outside the contract's routes: 404 (`NOT_FOUND_MESSAGE`) for a path no
 * route serves, whatever its body; 500 with an incident id for an unexpected error of any route
 * (never its message or stack: they may name secrets). A 4xx of a route of the app's own (a body
 * its schema refuses, say) is answered as Fastify answers it.
 */
export function installModuleErrors(app: FastifyInstance): void {
  app.setNotFoundHandler(async (_request, reply) => sendModuleError(reply, 404, NOT_FOUND_MESSAGE));
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (request.is404) {
      return sendModuleError(reply, 404, NOT_FOUND_MESSAGE); // a body Fastify refused on the way
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      throw error; // to Fastify's default error handler
    }
    return sendInternalError(request, reply, error);
  });
}

/**
 * GET and HEAD `path` (/openapi.json) answer `document`: the contract this backend implements,
 * with the project's own endpoints added (`endpoints.openapi(DOCUMENT)`), as the Python backend
 * publishes it (`no-cache`, `nosniff`).
 */
export function publishDocument(
  app: FastifyInstance,
  document: Readonly<Record<string, unknown>>,
  path = '/openapi.json',
): void {
  const text = JSON.stringify(document);
  app.get(path, (_request, reply) =>
    reply
      .headers({ 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
      .type('application/json')
      .send(text),
  );
}
