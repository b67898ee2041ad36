/**
 * The Fastify application of the acme-map module backend (template-owned: `scaffold
 * upgrade` merges template changes with your edits).
 *
 * It joins the contract glue (src/contract/, generated from the spec) with this project's settings,
 * texts, demo logic and own endpoints. Declare your proxied endpoints in src/endpoints.ts (yours: no
 * upgrade touches it; README, "Your own proxied endpoints"): they are served here, read by the same
 * body rules as the demo, share one budget of bytes in flight with it, are counted in /metrics under
 * their path, and are listed in GET /openapi.json. The contract's routes are a Fastify plugin in a
 * scope of their own (moduleContractPlugin): routes you add here, at the root or in app.register
 * scopes, parse and validate JSON as Fastify does. Around everything: GET /healthz, /readyz (503
 * once a shutdown began: see main.ts) and /metrics, a request id on every answer and log line, one
 * access line per request (src/contract/observability.ts), CORS for direct browser calls, and 404
 * and 500 answers in the module's error body.
 */
import Fastify, { type FastifyInstance } from 'fastify';

import {
  DOCUMENT,
  type Endpoints,
  FrontendAssets,
  type LocaleArrayItem,
  type ModuleMetadata,
  type ServiceState,
  fastifyOptions,
  installCors,
  installModuleErrors,
  installObservability,
  loggerOptions,
  moduleContractPlugin,
  publishDocument,
} from './contract/index.js';
import { demoStatus } from './demo.js';
import { endpoints as ownEndpoints } from './endpoints.js';
import { type LocalisedSetting, type Settings, dashboardReady } from './settings.js';
import { LOCALES, TEXTS, type ModuleTexts } from './texts.js';

export interface AppOptions {
  /** Shared with main.ts, which sets `stopping` on SIGTERM (/readyz answers 503). */
  readonly state?: ServiceState;
  /** The own endpoints to serve: src/endpoints.ts's unless a test passes its own. */
  readonly endpoints?: Endpoints;
  /** Where log lines go (a test may read them); standard error unless given. */
  readonly logWrite?: (line: string) => void;
  /** The bytes of request bodies held at once (MODULE_MAX_BODY_BYTES_IN_FLIGHT unless given). */
  readonly maxBodyBytesInFlight?: number;
  /** The longest wait for a body's next byte, in seconds (BODY_STALL_SECONDS unless given). */
  readonly bodyStallSeconds?: number;
}

/** The logger's level names (Fastify's logger calls critical `fatal` and warning `warn`). */
const LOGGER_LEVELS: Readonly<Record<string, string>> = { critical: 'fatal', warning: 'warn' };

function localised(value: LocalisedSetting, key: keyof ModuleTexts): LocaleArrayItem[] {
  if (typeof value === 'object') {
    return value.map(([lang, text]) => ({ lang, value: text }));
  }
  return Object.entries(TEXTS).map(([lang, texts]) => ({ lang, value: value ?? texts[key] }));
}

/** The well-known answer; `baseUrl` is this backend as the caller reached it. */
export function moduleMetadata(settings: Settings, baseUrl: string): ModuleMetadata {
  return {
    name: settings.name,
    title: localised(settings.title, 'title'),
    description: localised(settings.description, 'description'),
    version: settings.version,
    entryPoint: settings.entryPoint,
    frontendHost: settings.frontendHost ?? baseUrl,
    scope: settings.scope,
    components: [...settings.components],
    canAddToDashboard: dashboardReady(settings),
  };
}

export function buildApp(settings: Settings, options: AppOptions = {}): FastifyInstance {
  const write = options.logWrite ?? ((line: string): boolean => process.stderr.write(line));
  const logger = loggerOptions(
    settings.logFormat,
    LOGGER_LEVELS[settings.logLevel] ?? settings.logLevel,
    write,
  );
  const app = Fastify({
    ...fastifyOptions(),
    // JSON lines with the keys every language writes, or one readable line a record
    logger: settings.logFormat === 'json' ? { ...logger, stream: { write } } : logger,
    return503OnClosing: false,
    // the proxies whose X-Forwarded-Proto says the scheme of frontendHost
    trustProxy: settings.forwardedAllowIps === '*' ? true : settings.forwardedAllowIps,
  });
  const assets = new FrontendAssets(settings.frontendDist);
  app.addHook('onListen', (done) => {
    // once listening: a start that fails (a port in use) says so in one line
    if (settings.frontendHost === undefined && !assets.available) {
      app.log.warn(
        `no built frontend in ${settings.frontendDist}: run \`npm run build\` in frontend/ or set MODULE_FRONTEND_DIST`,
      );
    }
    done();
  });
  const endpoints = options.endpoints ?? ownEndpoints;
  installObservability(app, {
    state: options.state ?? { stopping: false },
    metricsEnabled: settings.metricsEnabled,
  });
  installCors(app, settings.corsOrigins);
  installModuleErrors(app); // 404 and 500 answer {"error": true, "message": ...}
  publishDocument(app, endpoints.openapi(DOCUMENT)); // GET /openapi.json, own endpoints included
  void app.register(moduleContractPlugin, {
    metadata: (baseUrl) => moduleMetadata(settings, baseUrl),
    demo: demoStatus,
    locales: LOCALES,
    assets,
    servesFrontend: () => settings.frontendHost === undefined,
    endpoints,
    secretBox: settings.secretBox, // POST /api/v1/secrets and the enc:v1: values of moduleContext
    ...(options.maxBodyBytesInFlight === undefined
      ? {}
      : { maxBodyBytesInFlight: options.maxBodyBytesInFlight }),
    ...(options.bodyStallSeconds === undefined
      ? {}
      : { bodyStallSeconds: options.bodyStallSeconds }),
  });
  return app;
}
