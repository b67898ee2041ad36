// copied from scaffold 1.5.0 (scaffold/codegen/typescript/runtime_files/body-limits.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Request bodies a plugin holds: at most so many bytes each, and so many at once (the Python
 * plugin's body_limits.py, on Node streams).
 *
 * - A body is read chunk by chunk: over the per-body limit it is refused as too large (413), and
 *   every chunk is counted in the process's `BodyBudget` before it is kept, so 150 concurrent
 *   9 MB bodies cannot take the plugin to a gigabyte: what does not fit the budget is refused as
 *   busy (503, Retry-After), whatever the size of each body. A declared Content-Length is taken
 *   from the budget whole, before a byte is read, so the bodies let in can finish. The bytes stay
 *   counted until the request's answer is sent (`release`), since the parsed body lives that long.
 * - A refused body is read to its end and thrown away (at most DRAIN_BYTES, DRAIN_SECONDS) before
 *   the refusal is answered: a client that writes its whole body before it reads (many HTTP
 *   libraries) would otherwise find the connection reset under its feet and never read the 413.
 *   A body that declares more than the per-body limit plus DRAIN_BYTES is not waited for.
 *
 * The budget is per process (one event loop, so no lock).
 */
import type { IncomingMessage } from 'node:http';

export const DRAIN_BYTES = 64 * 1024 * 1024;
export const DRAIN_SECONDS = 30;
export const RETRY_AFTER_SECONDS = 1;

/** A body refused after it was drained: too large (413) or, when `tooLarge` is false, busy (503). */
export class BodyRefused extends Error {
  readonly statusCode: number;

  constructor(readonly tooLarge: boolean) {
    super(tooLarge ? 'too large' : 'busy');
    this.name = 'BodyRefused';
    this.statusCode = tooLarge ? 413 : 503;
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

/** The Content-Length header as a number, undefined when absent or not a plain number. */
export function declaredLength(header: string | undefined): number | undefined {
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
}

/**
 * The whole body of `stream`; its bytes stay counted in `budget` (the caller gives back `held()`
 * once the answer is sent). Rejects with BodyRefused once a refused body has been drained.
 */
export function readBody(
  stream: IncomingMessage,
  limit: number,
  budget: BodyBudget,
  onHeld: (bytes: number) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(stream.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    const refuse = (refusal: BodyRefused): void => {
      chunks.length = 0;
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      drain(stream, refusal.tooLarge && declared !== undefined && declared > limit + DRAIN_BYTES).then(
        () => reject(refusal),
        () => reject(refusal),
      );
    };
    if (declared !== undefined) {
      if (declared > limit) {
        refuse(new BodyRefused(true));
        return;
      }
      if (!budget.take(declared)) {
        refuse(new BodyRefused(false));
        return;
      }
      onHeld(declared);
    }
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        refuse(new BodyRefused(true));
      } else if (declared === undefined && !budget.take(chunk.length)) {
        refuse(new BodyRefused(false));
      } else {
        if (declared === undefined) {
          onHeld(chunk.length);
        }
        chunks.push(chunk);
      }
    });
    stream.on('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Read and throw away the rest of `stream` (at most DRAIN_BYTES and DRAIN_SECONDS). */
function drain(stream: IncomingMessage, skip: boolean): Promise<void> {
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
