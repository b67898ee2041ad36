/**
 * The Fastify application of the plugin (template-owned: `scaffold upgrade` merges template changes
 * with your edits).
 *
 * It joins the contract glue (src/contract/, generated from the spec) with this project's settings,
 * texts (locales/) and data source (src/datasource.ts, or the one a test passes). The contract's
 * routes are a Fastify plugin in a scope of their own under /api/v1 (contractPlugin): routes you
 * add here, at the root or in app.register scopes, parse and validate JSON as Fastify does (README,
 * "Routes of your own"). Around them:
 * GET /healthz, GET /readyz (503 once a shutdown began: see main.ts) and GET /metrics (Prometheus),
 * a request id on every answer and log line (the caller's X-Request-ID when usable, else a new
 * one), one access line per request (src/contract/observability.ts), and GET /openapi.json (the
 * contract this plugin implements).
 */
import { fileURLToPath } from 'node:url';

import Fastify, { type FastifyInstance } from 'fastify';

import {
  BASE_PATH,
  Catalog,
  DOCUMENT,
  type DataSourceBase,
  type ServiceState,
  contractPlugin,
  fastifyOptions,
  installNotFound,
  installObservability,
  loadSecretBox,
  loggerOptions,
} from './contract/index.js';
import { PluginDataSource } from './datasource.js';
import type { Settings } from './settings.js';

/** The text catalogues: locales/<language>.json beside src/ (and dist/). */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export interface AppOptions {
  /** Shared with main.ts, which sets `stopping` on SIGTERM (/readyz answers 503). */
  readonly state?: ServiceState;
  /** The data source the contract's routes call: src/datasource.ts's unless a test passes a fake. */
  readonly dataSource?: DataSourceBase;
}

export function buildApp(settings: Settings, options: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    ...fastifyOptions(),
    // JSON lines with the keys every language's plugin writes, or one readable line a record
    logger: loggerOptions(settings.logFormat, settings.logLevel),
    return503OnClosing: false,
  });
  const catalog = Catalog.load(LOCALES_DIR);
  const secrets = loadSecretBox({
    keyText: settings.secretKey,
    oldKeysText: settings.oldSecretKeys,
    production: settings.environment === 'production',
    stateDir: settings.stateDir,
    log: { warn: (message) => app.log.warn(message) },
  });
  installObservability(app, {
    state: options.state ?? { stopping: false },
    metricsEnabled: settings.metricsEnabled,
  });
  app.get('/openapi.json', (_request, reply) => reply.send(DOCUMENT));
  // Unknown paths outside /api/v1: 404 in the contract's error shape, as every language answers.
  installNotFound(app, catalog);
  // The contract's operations under /api/v1, in a Fastify scope of their own: its strict body
  // parsing and error answers stay there. Add your own routes here, or in app.register scopes:
  // they parse and validate JSON as Fastify does.
  void app.register(contractPlugin, {
    prefix: BASE_PATH,
    dataSource: options.dataSource ?? new PluginDataSource(settings, catalog),
    catalog,
    secrets,
    maxBodyBytes: settings.maxBodyBytes,
    maxBodyBytesInFlight: settings.maxBodyBytesInFlight,
    querySeconds: settings.querySeconds, // a method still running then is answered 422
  });
  return app;
}
