/**
 * Metrics, probes, request ids and the access log of a plugin (the Python plugin's
 * observability.py, on Fastify and prom-client).
 *
 * - the id: `X-Request-ID` when it is 1-128 characters of `[A-Za-z0-9._:-]`, else a new uuid4 hex;
 *   echoed on the answer and carried by every log line of the request as `request_id`
 *   (`fastifyOptions`, which app.ts passes to Fastify);
 * - metrics in the app's own prom-client Registry (the request families counted by
 *   request-metrics.ts), the same families and labels as a Python plugin's:
 *   `http_requests_total{operation,method,status}` and
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
 *
 * And what Fastify and Node would answer in their own shapes before any route runs, in the
 * contract's error shape `{"error": true, "message": ...}`, as the Python and Go plugins answer it
 * (issue 38): a path whose percent-escapes do not decode (`/api/v1/%ff`, `%zz`, an overlong
 * `%c0%af`) is 404 like any unknown path, never echoed; a request line and headers over 16 KiB are
 * 431 with `Connection: close`, the connection closed without a reset; a request Node cannot parse
 * is 400; headers that did not arrive in time end the connection without an answer.
 */
import { randomFillSync } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import {
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';

import { runtimeText } from './catalog.js';
import { requestLogger } from './log-lines.js';
import { BASE_PATH } from './operations.js';
import { type ObserveRequest, metricsText, requestMetrics } from './request-metrics.js';

// Written here before request-metrics.ts was split off; a project's code may import them from here.
export { type ObserveRequest, metricsText, requestMetrics };
import {
  CLIENT_CLOSED_STATUS,
  DEFAULT_LOCALE,
  HEALTH_PATH,
  LINGER_SECONDS,
  LOG_REQUEST_ID_KEY,
  MAX_HEAD_BYTES,
  METHOD_LABELS,
  METRICS_PATH,
  OTHER_LABEL,
  READY_PATH,
  REQUEST_ID_HEADER,
} from './runtime-constants.js';

/** The request id header as Node's `request.headers` holds it (lower case). */
const REQUEST_ID_KEY = REQUEST_ID_HEADER.toLowerCase();
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const METHODS = new Set<string>(METHOD_LABELS);
const PROBES = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);
/**
 * After the answer to a request that cannot be served (431, 400), how long what the caller still
 * sends is read and dropped before the connection is closed (LINGER_SECONDS, runtime-constants.ts).
 * Closing a socket with unread bytes sends a reset, and a reset can reach the caller before it read
 * the answer.
 */
export const LINGER_MS = LINGER_SECONDS * 1000;

/** Set when a shutdown began: /readyz answers 503 from then on. */
export interface ServiceState {
  stopping: boolean;
}

function requestId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_KEY];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : newRequestId();
}

/** Request ids drawn at once: 16 random bytes each, as randomUUID draws them. */
const IDS_AT_ONCE = 128;
const ID_POOL = Buffer.alloc(16 * IDS_AT_ONCE);
/** The pool's ids, 32 hex digits each, written in one call: toString('hex') per id took ~0.5 µs. */
let idDigits = '';
let idsTaken = IDS_AT_ONCE;

/** A new uuid4 as 32 lower-case hex digits: randomUUID() without its dashes. */
export function newRequestId(): string {
  if (idsTaken === IDS_AT_ONCE) {
    randomFillSync(ID_POOL);
    for (let start = 0; start < ID_POOL.length; start += 16) {
      ID_POOL[start + 6] = ((ID_POOL[start + 6] ?? 0) & 0x0f) | 0x40; // version 4
      ID_POOL[start + 8] = ((ID_POOL[start + 8] ?? 0) & 0x3f) | 0x80; // the RFC 4122 variant
    }
    idDigits = ID_POOL.toString('hex');
    idsTaken = 0;
  }
  const start = idsTaken * 32;
  idsTaken += 1;
  return idDigits.slice(start, start + 32);
}

/** The path of `url`, without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The `operation` label of a routed request: the route's `config.operation` when it names one (a
 * module backend's `/static/{name}`, whose Fastify path is a wildcard, as Python and Go label it),
 * else its path template without the API prefix.
 */
function operationOf(request: FastifyRequest): string {
  const route = request.routeOptions; // a new object at each read: read once
  const template = route.url;
  if (template === undefined || request.is404) {
    return OTHER_LABEL;
  }
  const named = (route.config as { operation?: unknown } | undefined)?.operation;
  if (typeof named === 'string') {
    return named;
  }
  return template.startsWith(BASE_PATH + '/') ? template.slice(BASE_PATH.length) : template;
}

/** The access line's fields and text for `request` answered `status` after `milliseconds`. */
function accessLine(
  request: FastifyRequest,
  status: number,
  milliseconds: number,
): { path: string; fields: Record<string, string | number>; line: string } {
  const path = pathOf(request.url);
  const duration = Math.round(milliseconds * 10) / 10;
  const fields = { method: request.method, path, status, duration_ms: duration, operation: operationOf(request) };
  return { path, fields, line: `${request.method} ${path} ${status} ${duration.toFixed(1)} ms` };
}

/**
 * A request whose connection closed before its answer was written: Fastify writes no access line
 * and runs no onResponse hook for it (both wait for the answer's `finish`), so it went unrecorded.
 * One INFO access line and the metrics with CLIENT_CLOSED_STATUS, no error.
 */
function recordHangUp(request: FastifyRequest, reply: FastifyReply, observe: ObserveRequest): void {
  const { path, fields, line } = accessLine(request, CLIENT_CLOSED_STATUS, reply.elapsedTime);
  if (!PROBES.has(path)) {
    const method = METHODS.has(request.method) ? request.method : OTHER_LABEL;
    observe(operationOf(request), method, CLIENT_CLOSED_STATUS, reply.elapsedTime / 1000);
  }
  request.log.info(fields, line);
}

/** What the answer's listeners read off it: its request, reply and the metrics to count it in. */
interface Watched {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly observe: ObserveRequest;
  finished: boolean;
}

const WATCHED = Symbol('observability.watched');
type WatchedResponse = ServerResponse & { [WATCHED]?: Watched };

/**
 * Count `request` in the metrics when its answer is finished (after Fastify's own `finish`
 * listener, which stops the reply's clock), or as a hang-up (recordHangUp) when its connection
 * closed first. `finish` as well as writableFinished: fastify.inject()'s response emits `finish`
 * without setting writableFinished, and every injected request counted as a hang-up (499) too.
 * The two listeners are the same functions for every request (what they need rides on the
 * response): no closure, no hook runner per request.
 */
function watchAnswer(request: FastifyRequest, reply: FastifyReply, observe: ObserveRequest): void {
  const response = reply.raw as WatchedResponse;
  response[WATCHED] = { request, reply, observe, finished: false };
  response.on('finish', onAnswerFinished);
  response.on('close', onAnswerClosed);
}

function onAnswerFinished(this: WatchedResponse): void {
  const watched = this[WATCHED];
  if (watched === undefined || watched.finished) {
    return;
  }
  watched.finished = true;
  const { request, reply } = watched;
  if (!PROBES.has(pathOf(request.url))) {
    const method = METHODS.has(request.method) ? request.method : OTHER_LABEL;
    watched.observe(operationOf(request), method, reply.statusCode, reply.elapsedTime / 1000);
  }
}

function onAnswerClosed(this: WatchedResponse): void {
  const watched = this[WATCHED];
  if (watched !== undefined && !watched.finished && !this.writableFinished) {
    recordHangUp(watched.request, watched.reply, watched.observe);
  }
}

/** The logger's levels that write no access line but an error's. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** One line per request when it is answered, each line with its `request_id`. */
class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: LOG_REQUEST_ID_KEY });
  }

  override incomingRequest(): void {
    // the answer's line says it all
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && ABOVE_INFO.has(request.log.level)) {
      return; // the line would be dropped: not built at all
    }
    const { path, fields, line } = accessLine(request, reply.statusCode, reply.elapsedTime);
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
export function fastifyOptions(): Pick<
  FastifyHttpOptions<Server>,
  | 'genReqId'
  | 'requestIdHeader'
  | 'childLoggerFactory'
  | 'logController'
  | 'frameworkErrors'
  | 'clientErrorHandler'
  | 'http'
> {
  return {
    genReqId: requestId,
    requestIdHeader: false,
    childLoggerFactory: requestLogger, // each request's logger, made when it writes a line
    logController: new AccessLog(),
    frameworkErrors,
    clientErrorHandler,
    // Node refuses a head whose URL and header names and values reach this many bytes (its own
    // count, without the separators: installObservability's hook counts those); set here, so
    // NODE_OPTIONS' --max-http-header-size does not move the limit.
    http: { maxHeaderSize: MAX_HEAD_BYTES },
  };
}

const rerouted = new WeakSet<IncomingMessage>();

/**
 * Fastify's answer to a path its router cannot decode (FST_ERR_BAD_URL; the other framework errors
 * concern path parameters and constraints, which the contract's routes do not have).
 *
 * The contract's paths hold no percent sign, so such a path names nothing: 404, as any unknown
 * path is in Python and Go (which decode the path leniently and find no route). Decided 404, not
 * 400, because both already answered it in the error shape. The request is routed again with its
 * `%` escaped as `%25` (decodable, and still matching no route): the 404 handler answers it in
 * the caller's language, with the request id, the access line and the metrics of any 404, and the
 * path is never written into the answer.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (error.code === 'FST_ERR_BAD_URL' && !rerouted.has(raw)) {
    rerouted.add(raw);
    raw.url = (raw.url ?? '/').replaceAll('%', '%25');
    request.server.routing(raw, reply.raw);
    return;
  }
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
  const locale = request.headers['accept-language'] ?? DEFAULT_LOCALE;
  const key = status === 404 ? 'http.404' : 'http.other';
  void reply
    .code(status)
    .header(REQUEST_ID_KEY, request.id)
    .send({ error: true, message: runtimeText(locale, key, { status }) });
}

const answered = new WeakSet<Socket>();

/**
 * Node's `clientError`: a request it could not read. A head over MAX_HEAD_BYTES is 431 and any
 * other unreadable request 400, in the error shape with `Connection: close` and in the contract's
 * default language (the head that would name another was not read); then the connection is shut
 * for writing and what the caller still sends is dropped until it closes or LINGER_MS pass, so
 * the caller reads the answer (Fastify's own handler destroyed the socket at once: a reset).
 * Headers that did not arrive within the header timeout (serve.ts) end the connection without an
 * answer, as in Python and Go. Node calls this again for each later chunk of a refused connection.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (answered.has(socket) || socket.destroyed) {
    return;
  }
  answered.add(socket);
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const key = status === 431 ? 'http.431' : 'http.other';
  const answer = rawAnswer(status, runtimeText(DEFAULT_LOCALE, key, { status }));
  afterAnswers(socket, (midAnswer) => {
    if (!midAnswer && socket.writable) {
      socket.write(answer);
    }
    closeGently(socket);
  });
}

/**
 * `then(false)` once the requests read before the failed one are answered: pipelined requests are
 * answered in turn, and the refusal comes after them. When the failed request is the one being
 * answered (its body could not be read), at once: `then(true)` if its answer has begun, when
 * nothing may be added to it.
 */
function afterAnswers(socket: Socket, then: (midAnswer: boolean) => void): void {
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (current === undefined || current === null || current.writableFinished) {
    then(false);
  } else if (!current.req.complete) {
    then(current.headersSent);
  } else {
    current.once('finish', () => afterAnswers(socket, then));
  }
}

/** An error answer written on the socket itself: Node has no response object for it. */
function rawAnswer(status: number, message: string): string {
  const body = JSON.stringify({ error: true, message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
}

/** Shut `socket` for writing after what was written; read and drop the rest; close it later. */
function closeGently(socket: Socket): void {
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('end', () => socket.destroy());
}

/** The bytes of `request`'s head as sent, counting one space after each header's colon. */
export function headBytes(request: IncomingMessage): number {
  let bytes = `${request.method ?? ''} ${request.url ?? ''} HTTP/${request.httpVersion}\r\n\r\n`.length;
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 1) {
    bytes += (raw[index]?.length ?? 0) + 2; // `name: ` or `value\r\n`
  }
  return bytes;
}

export interface ObservabilityOptions {
  readonly state: ServiceState;
  readonly metricsEnabled: boolean;
}

/** The probes, /metrics, the request metrics and the X-Request-ID echo on `app`. */
export function installObservability(app: FastifyInstance, options: ObservabilityOptions): Registry {
  const registry = new Registry();
  const observe = requestMetrics(registry);
  collectDefaultMetrics({ register: registry });
  // Node's own limit (fastifyOptions) counts no separators: a head a little over MAX_HEAD_BYTES,
  // or over it in many short lines, passes it and is refused here, before its body is read.
  // And Node's parser takes a transfer coding before `chunked` (`gzip, chunked`) and leaves it to
  // the app: a body whose coding no one undoes is refused (400, connection closed), as the Python
  // (httptools) and Go plugins refuse any Transfer-Encoding but one `chunked` (RFC 9112 6.1).
  // One hook, a callback, not an async function: no promise and microtask per request. The
  // request id is on the reply from the start, so every answer carries it, a refusal included; the
  // request is counted when its answer is finished (watchAnswer).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_KEY, request.id);
    watchAnswer(request, reply, observe);
    if (headBytes(request.raw) > MAX_HEAD_BYTES) {
      void reply
        .code(431)
        .header('connection', 'close')
        .send({ error: true, message: runtimeText(DEFAULT_LOCALE, 'http.431') });
      return;
    }
    const coding = request.headers['transfer-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'chunked') {
      // Node's parser fails on the body next (clientError): this answer is the connection's last
      answered.add(request.raw.socket);
      void reply
        .code(400)
        .header('connection', 'close')
        .send({ error: true, message: runtimeText(DEFAULT_LOCALE, 'http.other', { status: 400 }) });
      return;
    }
    done();
  });
  app.get(HEALTH_PATH, (_request, reply) => reply.send({ status: 'ok' }));
  app.get(READY_PATH, (_request, reply) =>
    options.state.stopping
      ? reply.code(503).send({ status: 'stopping' })
      : reply.send({ status: 'ready' }),
  );
  if (options.metricsEnabled) {
    app.get(METRICS_PATH, async (_request, reply) =>
      reply.type(registry.contentType).send(await metricsText(registry)),
    );
  }
  return registry;
}
