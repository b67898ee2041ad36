// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/body-limits.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Request bodies a plugin holds: at most so many bytes each, and so many at once (the Python
 * plugin's body_limits.py, on Node streams).
 *
 * - A body is read chunk by chunk into one growing buffer (no chunk objects kept: a body sent in
 *   1-byte chunks costs its bytes, not a Buffer per byte): over the per-body limit it is refused as
 *   too large (413; a declared Content-Length over it at once), and every chunk is counted in the
 *   process's `BodyBudget` as it arrives, so 150 concurrent 9 MB bodies cannot take the plugin to
 *   a gigabyte: what does not fit the budget is refused as busy (503, Retry-After), whatever the
 *   size of each body. Bodies are charged by the bytes received, not by the length they declare,
 *   so idle uploads reserve nothing; the bytes stay counted until the request's answer is sent
 *   (`release`), since the parsed body lives that long. A refused body gives its share back at the
 *   moment it is refused, so the bodies that fit keep progressing.
 * - A body must keep arriving: no BODY_STALL_SECONDS without a byte, and once it has taken longer
 *   than that, at least BODY_MIN_BYTES_PER_SECOND on average. Otherwise it is refused as stalled
 *   (408) and its connection closed after the answer, without waiting for the rest.
 * - A body refused as too large or busy is read to its end and thrown away (at most DRAIN_BYTES,
 *   DRAIN_SECONDS) before the refusal is answered: a client that writes its whole body before it
 *   reads (many HTTP libraries) would otherwise find the connection reset under its feet and never
 *   read the 413. A body that declares more than the per-body limit plus DRAIN_BYTES is not waited
 *   for.
 * - `readJson` reads a body as JSON as the other languages' plugins do: nested at most MAX_JSON_DEPTH
 *   deep (found before it is parsed), no lone surrogate, no key twice in one object.
 * - `timeConnections` sets the server's own clocks: request headers within HEADER_SECONDS, a whole
 *   request within REQUEST_SECONDS, an idle keep-alive connection closed after IDLE_SECONDS.
 *
 * The budget is per process (one event loop, so no lock).
 */
import type { IncomingMessage, Server } from 'node:http';

import {
  BODY_MIN_BYTES_PER_SECOND,
  BODY_STALL_SECONDS,
  BUSY_STATUS,
  DRAIN_BYTES,
  DRAIN_SECONDS,
  HEADER_SECONDS,
  IDLE_SECONDS,
  MAX_JSON_DEPTH,
  REQUEST_SECONDS,
  STALLED_STATUS,
  TOO_LARGE_STATUS,
} from './runtime-constants.js';

const FIRST_CAPACITY = 16 * 1024;

/** A refused body: too large (413), busy (503, once drained) or stalled (408, not drained). */
/**
 * The server's clocks, alike in every language's service (serve.ts and module-routes.ts set them on
 * the server their scope runs on):
 * - request headers trickled a line at a time are cut after HEADER_SECONDS (Node's own default is
 *   a minute);
 * - a whole request (head and body) must arrive within REQUEST_SECONDS, as Go's ReadTimeout bounds
 *   one (Node's default is 300 s, and Fastify turns it off);
 * - a keep-alive connection with no request under way is closed after IDLE_SECONDS (Fastify's 72 s
 *   otherwise): longer than a proxy's usual 60 s, so a proxy never sends a request on a connection
 *   just closed here (a POST there is a 502 the proxy does not retry). Node says it to the caller
 *   (`Keep-Alive: timeout=`).
 * Node checks the first two every connectionsCheckingInterval (30 s by default, read when the server
 * starts listening): every second here.
 */
export function timeConnections(server: Server): void {
  server.headersTimeout = HEADER_SECONDS * 1000;
  server.requestTimeout = REQUEST_SECONDS * 1000;
  server.keepAliveTimeout = IDLE_SECONDS * 1000;
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 1000;
}

export class BodyRefused extends Error {
  readonly statusCode: number;

  constructor(readonly reason: 'tooLarge' | 'busy' | 'stalled') {
    super(reason === 'tooLarge' ? 'too large' : reason);
    this.name = 'BodyRefused';
    this.statusCode = reason === 'tooLarge' ? TOO_LARGE_STATUS : reason === 'busy' ? BUSY_STATUS : STALLED_STATUS;
  }

  get tooLarge(): boolean {
    return this.reason === 'tooLarge';
  }
}

/** The bytes of request bodies one process holds at once, at most `limit`. */
export class BodyBudget {
  held = 0;

  constructor(readonly limit: number) {}

  /** Count `size` more bytes; false (nothing taken) when they do not fit. */
  take(size: number): boolean {
    if (this.held + size > this.limit) {
      return false;
    }
    this.held += size;
    return true;
  }

  give(size: number): void {
    this.held -= size;
  }
}

/** How fast a body must arrive (BODY_STALL_SECONDS, BODY_MIN_BYTES_PER_SECOND by default). */
export interface BodyPace {
  readonly stallSeconds: number;
  readonly minBytesPerSecond: number;
}

/** The Content-Length header as a number, undefined when absent or not a plain number. */
export function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined || header.length === 0 || header.length > 15) {
    return undefined;
  }
  for (let index = 0; index < header.length; index += 1) {
    const code = header.charCodeAt(index);
    if (code < 0x30 || code > 0x39) {
      return undefined; // a digit only, as /^\d{1,15}$/ said (a regex took longer on every body)
    }
  }
  return Number(header);
}

/**
 * The whole body of `stream`; its bytes stay counted in `budget` as they arrive (`onHeld` is told
 * each change: the caller gives back what it was told once the answer is sent). Rejects with
 * BodyRefused, the body's share already given back, once a refused body has been drained.
 */
export function readBody(
  stream: IncomingMessage,
  limit: number,
  budget: BodyBudget,
  onHeld: (bytes: number) => void,
  pace: BodyPace = { stallSeconds: BODY_STALL_SECONDS, minBytesPerSecond: BODY_MIN_BYTES_PER_SECOND },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(stream.headers['content-length']);
    const capacity = Math.min(limit, declared ?? limit); // the most a body can need
    let buffer: Buffer | undefined;
    let size = 0;
    const stallMs = pace.stallSeconds * 1000;
    const startedAt = performance.now();
    let lastByteAt = startedAt;
    let timer: NodeJS.Timeout | undefined;
    // The next byte is due before this: the deadline only moves later as bytes arrive, so the one
    // timer is set for it and, when it fires early, set again for the deadline it finds then.
    const deadline = (): number =>
      Math.min(lastByteAt + stallMs, startedAt + Math.max(stallMs, (size / pace.minBytesPerSecond) * 1000));
    const stop = (): void => {
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      buffer = undefined;
      budget.give(size); // the share of a refused body goes back at once
      onHeld(-size);
    };
    const refuse = (refusal: BodyRefused): void => {
      stop();
      drain(stream, refusal.tooLarge && declared !== undefined && declared > limit + DRAIN_BYTES).then(
        () => reject(refusal),
        () => reject(refusal),
      );
    };
    const check = (): void => {
      const now = performance.now();
      const due = deadline();
      if (now < due) {
        timer = setTimeout(check, due - now);
      } else {
        stop();
        stream.pause();
        reject(new BodyRefused('stalled'));
      }
    };
    const onData = (chunk: Buffer): void => {
      const total = size + chunk.length;
      if (total > limit) {
        refuse(new BodyRefused('tooLarge'));
        return;
      }
      if (!budget.take(chunk.length)) {
        refuse(new BodyRefused('busy'));
        return;
      }
      onHeld(chunk.length);
      lastByteAt = performance.now();
      if (buffer === undefined) {
        buffer = chunk; // the common body, one chunk: kept as it is (a second one is copied after it)
      } else {
        if (total > buffer.length) {
          const grown = Buffer.allocUnsafe(Math.min(capacity, Math.max(total, FIRST_CAPACITY, 2 * buffer.length)));
          buffer.copy(grown, 0, 0, size);
          buffer = grown;
        }
        chunk.copy(buffer, size);
      }
      size = total;
    };
    const onEnd = (): void => {
      clearTimeout(timer);
      resolve(buffer === undefined ? Buffer.alloc(0) : buffer.subarray(0, size));
    };
    if (declared !== undefined && declared > limit) {
      refuse(new BodyRefused('tooLarge'));
      return;
    }
    timer = setTimeout(check, stallMs);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    stream.once('close', () => clearTimeout(timer));
  });
}

/**
 * The whole body of `stream` when it came with the request's head and fits: taken at once, with no
 * listener, timer or promise, its bytes counted in `budget` (given back as readBody's are); else
 * undefined, nothing taken or read, and readBody applies every rule as the bytes arrive.
 *
 * A small body arrives in the packet of its head: Node's parser has buffered every byte its
 * Content-Length declares before a route reads it (a length Node let through is the body's exact
 * length). So the limit and the budget are checked here as readBody checks them, and the pace has
 * nothing left to time. The stream ends and closes as after readBody.
 */
export function bodyAtHand(stream: IncomingMessage, limit: number, budget: BodyBudget): Buffer | undefined {
  const declared = declaredLength(stream.headers['content-length']);
  if (
    declared === undefined ||
    declared === 0 ||
    declared > limit ||
    stream.readableLength !== declared ||
    stream.readableFlowing !== null ||
    stream.readableEncoding !== null ||
    stream.readableObjectMode ||
    !budget.take(declared)
  ) {
    return undefined;
  }
  const body = stream.read() as Buffer; // every buffered byte: `declared` of them
  if (!stream.complete) {
    stream.resume(); // the end is yet to come: let it flow (read() ends a complete stream itself)
  }
  return body;
}

/**
 * Read and throw away the rest of `stream` (at most DRAIN_BYTES and DRAIN_SECONDS), so a client that
 * writes its whole body before reading finds the answer; `skip`: resolve at once. The module's body
 * reading drains a refused Content-Type with it too.
 */
export function drain(stream: IncomingMessage, skip = false): Promise<void> {
  return new Promise((resolve) => {
    if (skip || stream.readableEnded) {
      resolve();
      return;
    }
    let drained = 0;
    const timer = setTimeout(done, DRAIN_SECONDS * 1000);
    function done(): void {
      clearTimeout(timer);
      stream.removeListener('data', count);
      resolve();
    }
    function count(chunk: Buffer): void {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) {
        done();
      }
    }
    stream.on('data', count);
    stream.once('end', done);
    stream.once('error', done);
    stream.once('close', done);
    stream.resume();
  });
}

/** A request body read as JSON (`readJson`): its value and its text, or why it is no JSON. */
export type JsonRead =
  | { readonly ok: true; readonly value: unknown; readonly text: string }
  | { readonly ok: false; readonly why: string };

// One decoder for every body (decode() without `stream` starts afresh each call); ignoreBOM keeps a
// leading BOM as text, so JSON.parse refuses it as Python and Go do.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// A \u escape of a surrogate: only through one can a lone surrogate reach a parsed string (the
// UTF-8 decoder refuses one written as bytes), so strings are searched only when the text has one.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `raw` as JSON, as strictly as the Python and Go plugins read it (the cases all three read alike
 * are in scaffold/codegen/cases/json_bodies.json): UTF-8 without a BOM; arrays and objects nested
 * at most `maxDepth` deep, found before parsing; no lone surrogate escaped in a string or a key (no
 * character: an answer could not carry it as UTF-8); no key twice in one object, compared
 * unescaped ("a" and "\u0061" are one key). JSON.parse keeps the last of two equal keys, so they
 * are found by count: each key is followed by the one colon outside strings, and the parsed objects
 * hold fewer keys than the text has such colons exactly when an object was given a key twice.
 */
export function readJson(raw: Buffer, maxDepth: number = MAX_JSON_DEPTH): JsonRead {
  const colons = keyColons(raw, maxDepth);
  if (colons === undefined) {
    return { ok: false, why: `nested deeper than ${maxDepth} levels` };
  }
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    return { ok: false, why: 'not UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  const found = keysOf(value, SURROGATE_ESCAPE.test(text));
  if (found === undefined) {
    return { ok: false, why: 'a lone surrogate escape' };
  }
  return found < colons ? { ok: false, why: 'a key twice in one object' } : { ok: true, value, text };
}

/**
 * How many colons outside string literals the JSON text `body` has (one after each key), or
 * undefined when it nests arrays and objects deeper than `max` (brackets inside strings, escaped
 * quotes included, do not count). One pass over the bytes, a string's in a loop of its own, a
 * third of what JSON.parse takes; what is not JSON at all is left for the parser to refuse. The
 * Buffer is indexed as it is: a Uint8Array view of it cost more to make than it saved.
 */
function keyColons(body: Buffer, max: number): number | undefined {
  const length = body.length;
  let depth = 0;
  let colons = 0;
  for (let i = 0; i < length; i++) {
    const byte = body[i];
    if (byte === 0x22) {
      for (i += 1; i < length; i++) {
        const inside = body[i];
        if (inside === 0x22) {
          break; // the closing quote
        }
        if (inside === 0x5c) {
          i += 1; // the escaped character, a quote or a backslash included
        }
      }
    } else if (byte === 0x3a) {
      colons += 1;
    } else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > max) {
        return undefined;
      }
    } else if (byte === 0x5d || byte === 0x7d) {
      depth -= 1;
    }
  }
  return colons;
}

/**
 * How many keys the objects of the parsed `value` hold, or undefined when `surrogates` and one of
 * its strings (a key included) holds a lone surrogate. Iterative, so a deep body cannot exhaust
 * the stack; without `surrogates` only arrays and objects are visited. Plain loops: a callback or
 * Object.entries per object took twice the time on a body of 200,000 objects.
 */
function keysOf(value: unknown, surrogates: boolean): number | undefined {
  let keys = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) {
        return undefined;
      }
    } else if (Array.isArray(item)) {
      for (const entry of item as unknown[]) {
        if (surrogates || (typeof entry === 'object' && entry !== null)) {
          pending.push(entry);
        }
      }
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      for (const key in record) {
        if (surrogates && LONE_SURROGATE.test(key)) {
          return undefined;
        }
        keys += 1;
        const entry = record[key];
        if (surrogates || (typeof entry === 'object' && entry !== null)) {
          pending.push(entry);
        }
      }
    }
  }
  return keys;
}
