/**
 * Reading a module endpoint's JSON body strictly, as the contract spec's DemoStatusRequest says (the
 * Python module backend's `_contract/envelope.py`, on Fastify and body-limits.ts).
 *
 * The platform's proxy forwards a browser call to the module backend and, for JSON requests, may
 * wrap the body as `{"payload": ..., "moduleContext": ...}`, where moduleContext holds the saved
 * module settings (possibly with encrypted secrets) in a shape the platform does not standardise. A
 * browser calling the backend directly sends the bare payload. Every rule, in the order applied:
 *
 * - a declared Content-Type other than JSON (application/json, application/*+json) or text/plain
 *   -> 400 (the body is read to its end and thrown away first); text/plain is read as JSON because
 *   a browser calling directly may send it to avoid a CORS preflight; no Content-Type is JSON too;
 * - a body over MODULE_MAX_BODY_BYTES -> 413; while the process already holds
 *   MODULE_MAX_BODY_BYTES_IN_FLIGHT bytes of bodies -> 503 with Retry-After (a refused body is
 *   drained first, so a client that writes its whole body before reading reads the answer); a body
 *   that stops arriving -> 408 and a closed connection (body-limits.ts counts and paces it);
 * - brackets nested more than MODULE_MAX_JSON_DEPTH levels deep -> 422 (found on the raw bytes,
 *   before anything is parsed; such a body is never processed);
 * - a body that is not JSON (empty, not UTF-8, malformed, NaN, a lone surrogate escape, a key twice
 *   in one object: `readJson`, as every runtime reads bodies) -> 400;
 * - then `unwrapDemo` (the demo endpoint) or the own endpoints' schemas (module-endpoints.ts).
 *
 * Messages never echo the body or its key names: it may hold secrets.
 */
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  type BodyBudget,
  type BodyPace,
  BodyRefused,
  bodyAtHand,
  drain,
  readBody as readCountedBody,
  readJson,
} from './body-limits.js';
import { type ModuleTextKey, moduleText } from './module-texts.js';
import { RETRY_AFTER_SECONDS } from './runtime-constants.js';
import type { DemoStatusPayload } from './types.js';

export const ENVELOPE_PAYLOAD = 'payload';
export const ENVELOPE_CONTEXT = 'moduleContext';
export const PAYLOAD_MESSAGE = 'message';
/** With a 503: when to try again. */
export const BUSY_HEADERS: Readonly<Record<string, string>> = {
  'retry-after': String(RETRY_AFTER_SECONDS),
};
/** With a 408: the rest of a stalled body is not read, the connection ends. */
export const CLOSE_HEADERS: Readonly<Record<string, string>> = { connection: 'close' };
/** readJson's reasons, as every language's module backend words them. */
const NOT_JSON_BECAUSE: Readonly<Record<string, ModuleTextKey>> = {
  'not UTF-8': 'json.notUtf8',
  'a lone surrogate escape': 'json.loneSurrogate',
  'a key twice in one object': 'json.keyTwice',
};
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);

/** The body cannot be used: answer `status` with `message` (and `headers`) in the error body. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

/** The demo endpoint's input, the same whether it came through the proxy or directly. */
export interface ProxiedRequest {
  readonly payload: DemoStatusPayload;
  /** The saved module settings when the proxy added them, else undefined; never echo it. */
  readonly moduleContext: Readonly<Record<string, unknown>> | undefined;
  readonly hasModuleContext: boolean;
  /** The body was the proxy's envelope. */
  readonly viaProxy: boolean;
  /** Chosen from Accept-Language among the project's languages. */
  readonly locale: string;
}

/**
 * The bytes of a request's body counted in the budget, on the request itself (a WeakMap beside it
 * cost a map transition per request).
 */
const HELD = Symbol('module-body.held');
type Holding = FastifyRequest & { [HELD]: number };

/** How a scope reads bodies: the per-body limit, the shared budget, and the pace a body must keep. */
export interface BodyReading {
  readonly maxBodyBytes: number;
  readonly budget: BodyBudget;
  readonly pace: BodyPace;
}

/** No Content-Type, a JSON media type (application/json, application/*+json) or text/plain. */
export function isReadableContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType === 'application/json') {
    return true; // what nearly every call sends, known without splitting it
  }
  const media = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return (
    media === 'application/json' ||
    media === 'text/plain' ||
    (media.startsWith('application/') && media.endsWith('+json'))
  );
}

/**
 * Replaces Fastify's parsers in `scope` (its own, encapsulated: the app's other routes keep
 * Fastify's) with the counted raw read: `request.body` is the body's bytes, or a BodyError reaches
 * the scope's error handler. The bytes stay counted in the budget until the answer is sent (or its
 * caller hung up). A body that came whole with its head (most do) is taken at once (bodyAtHand),
 * by the same rules.
 */
export function installBodyReading(scope: FastifyInstance, reading: BodyReading): void {
  scope.decorateRequest(HELD, 0);
  const hold = (request: FastifyRequest, bytes: number): void => {
    (request as Holding)[HELD] += bytes;
  };
  const release = (request: FastifyRequest): void => {
    const holding = request as Holding;
    reading.budget.give(holding[HELD]);
    holding[HELD] = 0;
  };
  scope.removeAllContentTypeParsers();
  // The one parser, also named for the common type: Fastify then finds it without parsing the
  // Content-Type of each request (the catch-all's lookup is not cached).
  scope.addContentTypeParser(['*', 'application/json'], (request, payload, done) => {
    parseBody(request, payload, done, false);
  });
  /**
   * The parser runs as soon as the head is read, before Node's parser has handed over the body
   * that came in the same packet: it is looked for once more a microtask later, then read as it
   * arrives.
   */
  const parseBody = (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
    again: boolean,
  ): void => {
    const readable = isReadableContentType(request.headers['content-type']);
    if (readable) {
      const atHand = bodyAtHand(payload, reading.maxBodyBytes, reading.budget);
      if (atHand !== undefined) {
        hold(request, atHand.length);
        done(null, atHand);
        return;
      }
      if (!again && payload.readableLength === 0 && payload.readableFlowing === null) {
        queueMicrotask(() => {
          parseBody(request, payload, done, true);
        });
        return;
      }
    }
    readRawBody(readable, payload, reading, (bytes) => {
      hold(request, bytes);
    }).then(
      (body) => {
        done(null, body);
      },
      (error: unknown) => {
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  // The bytes are given back when the answer's response closes: after the answer is sent, or when
  // the caller hung up first. Fastify's onRequestAbort misses a caller who hangs up once the whole
  // body arrived (Node does not call that request aborted) while the endpoint still works, and its
  // bytes stayed counted for good, until every body was refused as busy. One listener is also
  // cheaper than the onResponse and onRequestAbort hooks it replaces (a hook runner at the answer's
  // end and a listener on the request, each per request).
  scope.addHook('onRequest', (request, reply, done) => {
    reply.raw.on('close', () => {
      release(request);
    });
    done();
  });
}

/** The raw body: 400 for a declared non-JSON type, 413 over the limit, 503 busy, 408 stalled. */
async function readRawBody(
  readable: boolean,
  stream: IncomingMessage,
  reading: BodyReading,
  count: (bytes: number) => void,
): Promise<Buffer> {
  if (!readable) {
    await drain(stream);
    throw new BodyError(400, moduleText('body.contentType'));
  }
  try {
    return await readCountedBody(stream, reading.maxBodyBytes, reading.budget, count, reading.pace);
  } catch (error) {
    if (!(error instanceof BodyRefused)) {
      throw error;
    }
    if (error.reason === 'tooLarge') {
      throw new BodyError(413, moduleText('body.tooLarge', { limit: reading.maxBodyBytes }));
    }
    if (error.reason === 'stalled') {
      throw new BodyError(408, moduleText('body.stalled'), CLOSE_HEADERS);
    }
    throw new BodyError(503, moduleText('body.busy'), BUSY_HEADERS);
  }
}

/** The request's body bytes as the scope's parser left them (none: an empty body). */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

function isBlank(raw: Buffer): boolean {
  return raw.every((byte) => WHITESPACE.has(byte));
}

/**
 * The JSON value of `raw`: 422 when nested more than `maxDepth` levels deep, 400 when it is not
 * JSON. JavaScript's own parse error is never repeated: it quotes the body.
 */
export function parseModuleJson(raw: Buffer, maxDepth: number): unknown {
  const read = readJson(raw, maxDepth);
  if (read.ok) {
    return read.value;
  }
  if (read.why.startsWith('nested')) {
    throw new BodyError(422, moduleText('body.tooDeep', { max: maxDepth }));
  }
  if (isBlank(raw)) {
    throw new BodyError(400, moduleText('body.empty'));
  }
  throw new BodyError(400, moduleText(NOT_JSON_BECAUSE[read.why] ?? 'json.invalid'));
}

/** A JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why `value` is not a bare payload ({message: string}, nothing else); `where` is its property. */
function payloadProblem(value: unknown, where: string): string | undefined {
  const prefix = where ? `${where}.` : '';
  if (!isJsonObject(value)) {
    return moduleText('envelope.notObject', { where: where || 'the body' });
  }
  if (!Object.hasOwn(value, PAYLOAD_MESSAGE)) {
    return moduleText('envelope.required', { where: prefix });
  }
  if (typeof value[PAYLOAD_MESSAGE] !== 'string') {
    return moduleText('envelope.notString', { where: prefix });
  }
  if (Object.keys(value).length > 1) {
    return moduleText(where ? 'envelope.extraInPayload' : 'envelope.extraInBare');
  }
  return undefined;
}

/** Why the envelope's moduleContext is not usable (an object when present), or undefined. */
export function contextProblem(data: Record<string, unknown>): string | undefined {
  if (!Object.hasOwn(data, ENVELOPE_CONTEXT) || isJsonObject(data[ENVELOPE_CONTEXT])) {
    return undefined;
  }
  return moduleText(data[ENVELOPE_CONTEXT] === null ? 'envelope.contextNull' : 'envelope.contextNotObject');
}

/**
 * BodyError 400 for a body with moduleContext and no payload, on every POST route: only the
 * proxy's envelope carries moduleContext, so such a body was meant as one, and saying that is
 * clearer than naming a bare payload's missing or extra property (as every language says it).
 */
export function refuseContextWithoutPayload(data: unknown): void {
  if (
    isJsonObject(data) &&
    Object.hasOwn(data, ENVELOPE_CONTEXT) &&
    !Object.hasOwn(data, ENVELOPE_PAYLOAD)
  ) {
    throw new BodyError(400, moduleText('envelope.contextWithoutPayload'));
  }
}

/** Envelope or bare payload -> ProxiedRequest; anything else is BodyError 400. */
export function unwrapDemo(data: unknown, locale: string): ProxiedRequest {
  if (isJsonObject(data) && Object.hasOwn(data, ENVELOPE_PAYLOAD)) {
    const problem = payloadProblem(data[ENVELOPE_PAYLOAD], ENVELOPE_PAYLOAD) ?? contextProblem(data);
    if (problem !== undefined) {
      throw new BodyError(400, moduleText('envelope.neither', { problem }));
    }
    const context = data[ENVELOPE_CONTEXT] as Record<string, unknown> | undefined;
    return {
      payload: data[ENVELOPE_PAYLOAD] as DemoStatusPayload,
      moduleContext: context,
      hasModuleContext: context !== undefined,
      viaProxy: true,
      locale,
    };
  }
  refuseContextWithoutPayload(data);
  const problem = payloadProblem(data, '');
  if (problem !== undefined) {
    throw new BodyError(400, moduleText('envelope.neither', { problem }));
  }
  return {
    payload: data as DemoStatusPayload,
    moduleContext: undefined,
    hasModuleContext: false,
    viaProxy: false,
    locale,
  };
}
