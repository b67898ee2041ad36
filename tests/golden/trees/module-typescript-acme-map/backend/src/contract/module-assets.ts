// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-assets.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Serving the built frontend (module.js, module.css) the way the platform loads it (the Python
 * module backend's `_contract/assets.py`).
 *
 * The platform loads the JS as a classic script from entryPoint resolved against frontendHost and
 * may append `?version=...&buildTimestamp=...`; it then tries the CSS at the same path with `.css`
 * (a missing CSS is not an error). Caching rule (scaffold's decision; the contract shows none):
 *
 * - every answer carries a strong ETag (sha256 of the file's bytes), so a revalidation is a cheap
 *   304 (If-None-Match: `*`, or any listed tag, weak or strong);
 * - `Cache-Control: public, max-age=31536000, immutable` only when the request's `version` and
 *   `buildTimestamp` both equal the running module's version and the current build's mark: such a
 *   URL names exactly these bytes;
 * - any other request gets `no-cache`: the browser revalidates, so a redeployed bundle is never
 *   hidden behind a stale cached copy.
 *
 * The build mark is `buildTimestamp` from build-info.json (the frontend build writes it beside
 * module.js), else module.js's modification time (ISO 8601, milliseconds, Z). Files are re-read
 * when they change on disk (no restart after a rebuild). A name that leaves the folder, holds a
 * backslash or NUL, or is build-info.json is no file; a missing file is 404 in the error body.
 */
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, resolve, sep } from 'node:path';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { sendModuleError } from './module-errors.js';
import { moduleText } from './module-texts.js';

export const BUILD_INFO = 'build-info.json';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  // what Python's mimetypes answers for the other files a frontend build may hold
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/vnd.microsoft.icon',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.wasm': 'application/wasm',
};

/** The Content-Type of a file by its name. */
export function contentType(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** If-None-Match semantics: `*`, or any listed tag equal to `etag` (weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) {
    return false;
  }
  if (header.trim() === '*') {
    return true;
  }
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

interface Cached {
  readonly stamp: string;
  readonly body: Buffer;
  readonly etag: string;
}

/** The last value of a query parameter (repeated ones come as a list). */
function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const last: unknown = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}

function canonical(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder); // not there (yet): a build may create it
  }
}

/** The files of one frontend build folder (`dist/`), or none when the folder is missing. */
export class FrontendAssets {
  readonly folder: string | undefined;
  private readonly cache = new Map<string, Cached>();

  constructor(
    folder: string | undefined,
    readonly entry: string = 'module.js',
  ) {
    this.folder = folder === undefined ? undefined : canonical(folder);
  }

  /** Whether a build is there (its entry file exists). */
  get available(): boolean {
    if (this.folder === undefined) {
      return false;
    }
    try {
      return statSync(join(this.folder, this.entry)).isFile();
    } catch {
      return false;
    }
  }

  /** The current build's buildTimestamp, or undefined when there is no build. */
  async buildMark(): Promise<string | undefined> {
    if (this.folder === undefined || !this.available) {
      return undefined;
    }
    try {
      const info = JSON.parse(await readFile(join(this.folder, BUILD_INFO), 'utf-8')) as unknown;
      const value = (info as { buildTimestamp?: unknown } | null)?.buildTimestamp;
      if (typeof value === 'string' && value) {
        return value;
      }
    } catch {
      // no build-info.json, or not JSON: the entry's modification time is the mark
    }
    const modified = (await stat(join(this.folder, this.entry))).mtimeMs;
    return new Date(Math.trunc(modified)).toISOString();
  }

  /** The real path of `name` inside the folder, or undefined when it is no file to serve. */
  private async file(name: string): Promise<string | undefined> {
    if (this.folder === undefined || !name || name.includes('\\') || name.includes('\0')) {
      return undefined;
    }
    try {
      const path = await realpath(resolve(this.folder, name));
      const inside = path.startsWith(this.folder + sep);
      if (!inside || basename(path) === BUILD_INFO || !(await stat(path)).isFile()) {
        return undefined;
      }
      return path;
    } catch {
      return undefined; // missing, or a name too long for the file system
    }
  }

  private async read(path: string): Promise<Cached> {
    const status = await stat(path, { bigint: true });
    const stamp = `${String(status.mtimeNs)}:${String(status.size)}`;
    let cached = this.cache.get(path);
    if (cached === undefined || cached.stamp !== stamp) {
      const body = await readFile(path);
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      cached = { stamp, body, etag };
      this.cache.set(path, cached);
    }
    return cached;
  }

  /** Answer `request` for the file `name` (relative to the folder) with the caching rule. */
  async send(
    name: string,
    request: FastifyRequest,
    reply: FastifyReply,
    version: string,
  ): Promise<FastifyReply> {
    const path = await this.file(name);
    if (path === undefined) {
      const message = moduleText(this.available ? 'static.notFound' : 'static.notBuilt');
      return sendModuleError(reply, 404, message);
    }
    const cached = await this.read(path);
    const current =
      queryValue(request, 'version') === version &&
      queryValue(request, 'buildTimestamp') === (await this.buildMark());
    void reply.headers({
      etag: cached.etag,
      'cache-control': current ? IMMUTABLE : REVALIDATE,
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
    });
    if (etagMatches(request.headers['if-none-match'], cached.etag)) {
      return reply.code(304).send();
    }
    void reply.code(200).type(contentType(path)).header('content-length', cached.body.length);
    return reply.send(request.method === 'HEAD' ? Buffer.alloc(0) : cached.body);
  }
}
