/**
 * The Fastify application of the plugin (template-owned: `scaffold upgrade` merges template changes
 * with your edits).
 *
 * It joins the contract glue (src/contract/, generated from the spec) with this project's settings,
 * texts (locales/) and data source (src/datasource.ts). Around the contract's routes under /api/v1:
 * GET /healthz, GET /readyz (503 once a shutdown began: see main.ts) and GET /metrics (Prometheus),
 * a request id on every answer and log line (the caller's X-Request-ID when usable, else a new
 * one), one access line per request (src/contract/observability.ts), and GET /openapi.json (the
 * contract this plugin implements).
 */
import { fileURLToPath } from 'node:url';

import Fastify, { type FastifyInstance } from 'fastify';

import {
  Catalog,
  DOCUMENT,
  type ServiceState,
  fastifyOptions,
  installContract,
  installObservability,
  loadSecretBox,
  loggerOptions,
} from './contract/index.js';
import { PluginDataSource } from './datasource.js';
import type { Settings } from './settings.js';

/** The text catalogues: locales/<language>.json beside src/ (and dist/). */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export function buildApp(
  settings: Settings,
  state: ServiceState = { stopping: false },
): FastifyInstance {
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
  const dataSource = new PluginDataSource(settings, catalog);
  installObservability(app, { state, metricsEnabled: settings.metricsEnabled });
  app.get('/openapi.json', (_request, reply) => reply.send(DOCUMENT));
  installContract(app, {
    dataSource,
    catalog,
    secrets,
    maxBodyBytes: settings.maxBodyBytes,
    maxBodyBytesInFlight: settings.maxBodyBytesInFlight,
  });
  return app;
}
