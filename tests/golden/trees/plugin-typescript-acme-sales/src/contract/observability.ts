// copied from scaffold 1.6.0 (scaffold/codegen/typescript/runtime_files/observability.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Metrics, probes, request ids and the access log of a plugin (the Python plugin's
 * observability.py, on Fastify and prom-client).
 *
 * - the id: `X-Request-ID` when it is 1-128 characters of `[A-Za-z0-9._:-]`, else a new uuid4 hex;
 *   echoed on the answer and carried by every log line of the request as `request_id`
 *   (`fastifyOptions`, which app.ts passes to Fastify);
 * - metrics in the app's own prom-client Registry, the same families and labels as a Python
 *   plugin's: `http_requests_total{operation,method,status}` and
 *   `http_request_duration_seconds{operation,method}` with the same buckets. `operation` is the
 *   matched route's path template without the API prefix (`/query/get-result`), `other` when no
 *   route matches; `method` is an HTTP method or `other`: nothing the caller sends becomes a label
 *   as it is. Beside them, prom-client's default process metrics (`process_*`, `nodejs_*`: a
 *   Python plugin has `process_*` and `python_*`);
 * - one access line per request: method, path (never the query string, which may hold secrets),
 *   status, duration_ms, operation, request_id.
 *
 * It answers three paths itself: GET /healthz (the process serves), GET /readyz (503 `stopping`
 * once a shutdown began) and GET /metrics (Prometheus text; 404 when metrics are off). They are not
 * counted, and their access lines are at debug level: probes do not flood the log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import { BASE_PATH } from './operations.js';

export const REQUEST_ID_HEADER = 'x-request-id';
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';
/** Seconds; get-result may run up to its query deadline, so the buckets reach a minute. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PROBES = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

/** Set when a shutdown began: /readyz answers 503 from then on. */
export interface ServiceState {
  stopping: boolean;
}

function requestId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID().replaceAll('-', '');
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

function operationOf(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined || request.is404) {
    return 'other';
  }
  return template.startsWith(BASE_PATH + '/') ? template.slice(BASE_PATH.length) : template;
}

/** One line per request when it is answered, each line with its `request_id`. */
class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {
    // the answer's line says it all
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = pathOf(request.url);
    const fields = {
      method: request.method,
      path,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      operation: operationOf(request),
    };
    const line = `${request.method} ${path} ${reply.statusCode} ${fields.duration_ms.toFixed(1)} ms`;
    if (error) {
      request.log.error({ ...fields, err: error }, line);
    } else if (PROBES.has(path)) {
      request.log.debug(fields, line);
    } else {
      request.log.info(fields, line);
    }
  }
}

/** The Fastify options of request ids and the access log; app.ts adds its own (logger, limits). */
export function fastifyOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> {
  return { genReqId: requestId, requestIdHeader: false, logController: new AccessLog() };
}

export interface ObservabilityOptions {
  readonly state: ServiceState;
  readonly metricsEnabled: boolean;
}

/** The probes, /metrics, the request metrics and the X-Request-ID echo on `app`. */
export function installObservability(app: FastifyInstance, options: ObservabilityOptions): Registry {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by operation (route template), method and status.',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: "Time from the request's arrival to the end of its answer, by operation and method.",
    labelNames: ['operation', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  collectDefaultMetrics({ register: registry });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (PROBES.has(pathOf(request.url))) {
      return;
    }
    const operation = operationOf(request);
    const method = METHODS.has(request.method) ? request.method : 'other';
    requests.inc({ operation, method, status: String(reply.statusCode) });
    durations.observe({ operation, method }, reply.elapsedTime / 1000);
  });
  app.get(HEALTH_PATH, (_request, reply) => reply.send({ status: 'ok' }));
  app.get(READY_PATH, (_request, reply) =>
    options.state.stopping
      ? reply.code(503).send({ status: 'stopping' })
      : reply.send({ status: 'ready' }),
  );
  if (options.metricsEnabled) {
    app.get(METRICS_PATH, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  }
  return registry;
}

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * LOG_FORMAT=text: each JSON line Fastify's logger writes, as one readable line (time, level,
 * message, request_id); control characters, a stack's newlines included, are escaped so one
 * record stays one line.
 */
export function textLogStream(write: (line: string) => void = (line) => process.stderr.write(line)): {
  write(line: string): void;
} {
  return {
    write(line: string): void {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        write(line);
        return;
      }
      const time = typeof record['time'] === 'number' ? new Date(record['time']).toISOString() : '';
      const level = LEVEL_NAMES[Number(record['level'])] ?? 'INFO';
      const error = record['err'] as { stack?: unknown } | undefined;
      const stack = typeof error?.stack === 'string' ? ` ${error.stack}` : '';
      const id = typeof record['request_id'] === 'string' ? ` [request_id=${record['request_id']}]` : '';
      const text = typeof record['msg'] === 'string' ? record['msg'] : JSON.stringify(record['msg'] ?? '');
      const message = escapeControls(`${text}${stack}`);
      write(`${time} ${level} ${message}${id}\n`);
    },
  };
}

/** C0 and C1 control characters and the Unicode line separators as escapes (a newline as \n). */
function escapeControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    out += !control ? char : char === '\n' ? '\\n' : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}
