/**
 * Where a plugin's secret key comes from: PLUGIN_SECRET_KEY, or a development key file.
 *
 * The key is 32 random bytes, base64url-encoded, from PLUGIN_SECRET_KEY (the same on every
 * replica). Without it a development plugin keeps a generated key in its state folder and says so
 * once; a production plugin refuses to start, as it does with the example key the contract spec
 * publishes (PUBLISHED_SECRET_KEYS, which its examples are encrypted with: anyone can decrypt with
 * it). The key file must be its owner's alone (a regular file, not a symbolic link, that no other
 * user may read or write), or the plugin refuses to start.
 * Old keys (PLUGIN_OLD_SECRET_KEYS) still decrypt, so a key can be rotated without invalidating
 * saved data sources at once.
 *
 * What a key encrypts and decrypts is secrets.ts (the `enc:v1:` token); this file is plugins' alone:
 * a module backend reads MODULE_SECRET_KEY from its environment (module-secrets.ts) and keeps no
 * key file, so it is not copied into module projects. It reads the key file as the Python plugins'
 * secret_keys.py does (the same checks, the same messages), so a plugin can move from one language
 * to the other with its development key.
 */

import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { getSystemErrorMap } from 'node:util';

import { ConfigurationError } from './errors.js';
import {
  KEY_BYTES,
  KEY_ENV,
  KEY_FILE_MAX_BYTES,
  KEY_FILE_NAME,
  OLD_KEYS_ENV,
  PUBLISHED_KEY_REFUSAL,
  PUBLISHED_SECRET_KEYS,
} from './runtime-constants.js';
import { pythonBase64UrlDecode, pythonStrip } from './python-text.js';
import { GENERATE_HINT, SecretBox, generateKey, parseKey } from './secrets.js';

// A key file holds one 44-character key and perhaps whitespace: more than KEY_FILE_MAX_BYTES is no
// key file, and it is not read further (the file is outside input: every read is bounded).

/** Where a development key's one-time warning goes (a Fastify logger, `console`, ...). */
export interface SecretLogger {
  warn(message: string): void;
}

const warnedPaths = new Set<string>();

/** The options of `loadSecretBox`: the environment's settings and where the warning goes. */
export interface LoadSecretBoxOptions {
  /** PLUGIN_SECRET_KEY; undefined or '' when it is not set. */
  readonly keyText: string | undefined;
  /** PLUGIN_OLD_SECRET_KEYS: keys that still decrypt, separated by commas. */
  readonly oldKeysText?: string | undefined;
  /** PLUGIN_ENV=production: no key is invented. */
  readonly production: boolean;
  /** Where a development plugin keeps its generated key (PLUGIN_STATE_DIR). */
  readonly stateDir: string;
  readonly log: SecretLogger;
}

/** The SecretBox for this process, from the environment's key or the development key file. */
export function loadSecretBox(options: LoadSecretBoxOptions): SecretBox {
  const oldKeys = (options.oldKeysText ?? '')
    .split(',')
    .filter((part) => pythonStrip(part) !== '')
    .map((part) => parseKey(part, { source: OLD_KEYS_ENV }));
  if (options.keyText !== undefined && options.keyText !== '') {
    const key = parseKey(options.keyText);
    if (options.production && isPublished(key)) {
      throw new ConfigurationError(PUBLISHED_KEY_REFUSAL.replace('{hint}', GENERATE_HINT));
    }
    return new SecretBox(key, { oldKeys });
  }
  if (options.production) {
    throw new ConfigurationError(
      `${KEY_ENV} is not set and PLUGIN_ENV is production: encrypted passwords need the same ` +
        `key on every replica, so the plugin will not invent one; ${GENERATE_HINT}, and set ` +
        `${KEY_ENV} in the environment`,
    );
  }
  const path = join(options.stateDir, KEY_FILE_NAME);
  const key = developmentKey(path);
  if (!warnedPaths.has(path)) {
    warnedPaths.add(path);
    options.log.warn(
      `${KEY_ENV} is not set: using the development key in ${path} (fine on one machine; set ` +
        `${KEY_ENV} in production, where PLUGIN_ENV=production refuses to start without it)`,
    );
  }
  return new SecretBox(key, { oldKeys });
}

/**
 * Whether `key` is one the contract spec publishes (its example key), however it was spelled
 * (without its padding, between spaces): the key bytes are compared, not the texts. As an old key
 * it is still read, so values saved with it decrypt while a new key seals them again.
 */
function isPublished(key: Buffer): boolean {
  return PUBLISHED_SECRET_KEYS.some((text) => {
    const published = pythonBase64UrlDecode(pythonStrip(text));
    return published?.length === KEY_BYTES && published.equals(key);
  });
}

/** Read the key file, or create it atomically (several workers may start at once). */
function developmentKey(path: string): Buffer {
  const key = readKeyFile(path, true);
  if (key !== undefined) {
    return key;
  }
  const folder = dirname(path);
  let fd: number;
  let temporary: string;
  try {
    mkdirSync(folder, { recursive: true });
    [fd, temporary] = createTemporary(folder);
  } catch (error) {
    throw new ConfigurationError(
      `cannot create the development key in ${folder}: ${strerror(error)}; set ${KEY_ENV} ` +
        'or PLUGIN_STATE_DIR to a writable folder',
    );
  }
  try {
    try {
      writeSync(fd, `${generateKey()}\n`, null, 'ascii');
    } finally {
      closeSync(fd);
    }
    chmodSync(temporary, 0o600);
    try {
      linkSync(temporary, path);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') {
        throw error;
      }
      // another worker won the race: use its key
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  return readKeyFile(path, false) as Buffer; // missingOk false: an error rather than undefined
}

// The errors Python's `Path.is_file()` reads as "no file there": the key file is then made.
const MISSING = ['ENOENT', 'ENOTDIR', 'EBADF', 'ELOOP'];

/**
 * The key in `path`, undefined when there is no file (and `missingOk`).
 *
 * The key file must be the owner's own: a regular file, not reached through a symbolic link
 * (which could lead anywhere), that no other user may read, write or run; otherwise the plugin
 * does not start (ConfigurationError). O_NOFOLLOW refuses a link, and the checks are made on the
 * file that was opened, so the file cannot be swapped between the checks and the reading.
 * O_NONBLOCK: a named pipe is refused, not waited on.
 */
function readKeyFile(path: string, missingOk: boolean): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isSymbolicLink(path)) {
      // O_NOFOLLOW's error: ELOOP on Linux and macOS, EMLINK on FreeBSD
      throw new ConfigurationError(
        `${path} is a symbolic link; replace it with the key file itself, or delete it and ` +
          'a new key is made',
      );
    }
    if (missingOk && MISSING.includes(errorCode(error) ?? '')) {
      return undefined;
    }
    throw error;
  }
  let bytes: Buffer;
  try {
    const { mode } = fstatSync(fd);
    if ((mode & constants.S_IFMT) !== constants.S_IFREG) {
      throw new ConfigurationError(
        `${path} is not a regular file; replace it with the key file itself, or delete it ` +
          'and a new key is made',
      );
    }
    if ((mode & 0o077) !== 0) {
      const permissions = (mode & 0o777).toString(8).padStart(4, '0');
      const use = mode & 0o044 ? 'readable' : mode & 0o022 ? 'writable' : 'executable';
      throw new ConfigurationError(
        `${path} is ${use} by other users (mode ${permissions}); run chmod 600 ${path}, ` +
          'or delete it and a new key is made',
      );
    }
    bytes = readBounded(fd, KEY_FILE_MAX_BYTES + 1);
  } finally {
    closeSync(fd);
  }
  // Python reads the file as ASCII and fails on any other byte, or on more bytes than a key file
  // holds: here such a file is a bad key.
  const text =
    bytes.length > KEY_FILE_MAX_BYTES || bytes.some((byte) => byte > 0x7f) ? '' : bytes.toString('ascii');
  return parseKey(text, { source: path });
}

/** Up to `limit` bytes of the open file `fd`: a read that stops, whatever the file holds. */
function readBounded(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  for (;;) {
    const read = readSync(fd, buffer, filled, limit - filled, null);
    if (read === 0) break;
    filled += read;
    if (filled === limit) break;
  }
  return buffer.subarray(0, filled);
}

/** Python's `Path.is_symlink()`: false for a missing path, other errors are thrown. */
function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (error) {
    if (MISSING.includes(errorCode(error) ?? '')) {
      return false;
    }
    throw error;
  }
}

/** Python's `tempfile.mkstemp(prefix='.secret-', dir=folder)`: a new file only its owner reads. */
function createTemporary(folder: string): [number, string] {
  for (let attempt = 1; ; attempt += 1) {
    const path = join(folder, `.secret-${randomBytes(6).toString('base64url')}`);
    try {
      return [openSync(path, 'wx', 0o600), path];
    } catch (error) {
      if (errorCode(error) !== 'EEXIST' || attempt >= 100) {
        throw error;
      }
    }
  }
}

function errorCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

// C's strerror() where libuv words a message otherwise (Python's OSError.strerror is the C one).
const C_MESSAGES: Readonly<Record<string, string>> = {
  EEXIST: 'File exists',
  EIO: 'Input/output error',
  EISDIR: 'Is a directory',
  ELOOP: 'Too many levels of symbolic links',
  ENAMETOOLONG: 'File name too long',
};

/** Python's `OSError.strerror` for a Node.js system error, e.g. "Permission denied". */
function strerror(error: unknown): string {
  const code = errorCode(error);
  const known = code === undefined ? undefined : C_MESSAGES[code];
  if (known !== undefined) {
    return known;
  }
  const errno = error instanceof Error && 'errno' in error ? error.errno : undefined;
  const message = typeof errno === 'number' ? getSystemErrorMap().get(errno)?.[1] : undefined;
  if (message !== undefined) {
    return message.charAt(0).toUpperCase() + message.slice(1);
  }
  return error instanceof Error ? error.message : String(error);
}
