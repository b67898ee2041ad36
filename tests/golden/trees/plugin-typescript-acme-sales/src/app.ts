/**
 * The Fastify application of the plugin (template-owned: `scaffold upgrade` merges template changes
 * with your edits).
 *
 * It joins the contract glue (src/contract/, generated from the spec) with this project's settings,
 * texts (locales/) and data source (src/datasource.ts). Around the contract's routes under /api/v1:
 * GET /healthz (the process serves), GET /readyz (503 once a shutdown began: see main.ts), GET
 * /openapi.json (the contract this plugin implements), a request id on every answer and log line
 * (the caller's X-Request-ID when usable, else a new one), JSON logs.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import Fastify, { type FastifyInstance, LogController } from 'fastify';

import { Catalog, DOCUMENT, installContract, loadSecretBox } from './contract/index.js';
import { PluginDataSource } from './datasource.js';
import type { Settings } from './settings.js';

/** The text catalogues: locales/<language>.json beside src/ (and dist/). */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** One log line per request (when it is answered), each line with its `request_id`. */
class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {
    // the answer's line says it all
  }
}

export interface AppState {
  /** Set when a shutdown began: /readyz answers 503 from then on. */
  stopping: boolean;
}

export function buildApp(
  settings: Settings,
  state: AppState = { stopping: false },
): FastifyInstance {
  const app = Fastify({
    logger: { level: settings.logLevel },
    requestIdHeader: false,
    logController: new AccessLog(),
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent)
        ? sent
        : randomUUID().replaceAll('-', '');
    },
    bodyLimit: settings.maxBodyBytes,
    return503OnClosing: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
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
  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', (_request, reply) =>
    state.stopping ? reply.code(503).send({ status: 'stopping' }) : reply.send({ status: 'ready' }),
  );
  app.get('/openapi.json', (_request, reply) => reply.send(DOCUMENT));
  installContract(app, { dataSource, catalog, secrets, maxBodyBytes: settings.maxBodyBytes });
  return app;
}
