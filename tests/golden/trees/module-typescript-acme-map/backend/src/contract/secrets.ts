// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/secrets.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Encryption of sensitive configuration values (password fields) with AES-256-GCM.
 *
 * The contract: the health check returns password fields encrypted, and afterwards the platform
 * uses and sends them only in encrypted form. A token is `enc:v1:` + base64url(nonce | ciphertext
 * | tag): the prefix makes an encrypted value recognisable (so it is never encrypted twice and is
 * decrypted only when it is one), the version leaves room for another scheme, the random 96-bit
 * nonce makes two encryptions of one password differ, and GCM's tag makes any change to a token
 * detectable. The field code is bound in as associated data, so a token copied into another field
 * does not decrypt.
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
 * This is the twin of the Python plugins' secrets.py (scaffold/codegen/python/runtime_files/), byte for
 * byte: a token either one makes, the other decrypts, and both read a key text, a token and the
 * key file alike (Python's lenient base64 decoding and its `str.strip` are reproduced here), so a
 * plugin can move from one language to the other with its key and its saved data sources.
 */

import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
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
  ENCRYPTED_PREFIX,
  KEY_BYTES,
  KEY_ENV,
  KEY_FILE_MAX_BYTES,
  KEY_FILE_NAME,
  MAX_TOKEN_CHARS,
  NONCE_BYTES,
  OLD_KEYS_ENV,
  PUBLISHED_KEY_REFUSAL,
  PUBLISHED_SECRET_KEYS,
  TAG_BYTES,
} from './runtime-constants.js';
import { pythonBase64UrlDecode, pythonStrip } from './python-text.js';

// A key file holds one 44-character key and perhaps whitespace: more than KEY_FILE_MAX_BYTES is no
// key file, and it is not read further (the file is outside input: every read is bounded).
// CommonJS, which `node -e` runs, so `require` works; the `=` makes the 44 characters of Python's
// base64url, though a key without it is read alike.
export const GENERATE_HINT =
  "generate one with: node -e \"console.log(require('node:crypto').randomBytes(32)" +
  ".toString('base64url') + '=')\"";

/** Where a development key's one-time warning goes (a Fastify logger, `console`, ...). */
export interface SecretLogger {
  warn(message: string): void;
}

const warnedPaths = new Set<string>();

/** A token that cannot be decrypted: altered, truncated, or made with another key. */
export class SecretError extends Error {
  override name = 'SecretError';
}

/** Whether `value` is an encrypted token (has the `enc:v1:` prefix). */
export function isToken(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);
}

/** A new random key in the PLUGIN_SECRET_KEY format. */
export function generateKey(): string {
  return base64UrlPadded(randomBytes(KEY_BYTES));
}

/** The 32 key bytes of a base64url key text; ConfigurationError naming `source` otherwise. */
export function parseKey(text: string, options: { readonly source?: string } = {}): Buffer {
  const raw = pythonBase64UrlDecode(pythonStrip(text)) ?? Buffer.alloc(0);
  if (raw.length !== KEY_BYTES) {
    const source = options.source ?? KEY_ENV;
    throw new ConfigurationError(
      `${source} must be 32 random bytes in base64url (44 characters); ${GENERATE_HINT}`,
    );
  }
  return raw;
}

/** Encrypts and decrypts field values; `encrypt` uses the first key, `decrypt` tries each. */
export class SecretBox {
  readonly #key: KeyObject;
  readonly #keys: readonly KeyObject[];

  constructor(key: Uint8Array, options: { readonly oldKeys?: readonly Uint8Array[] } = {}) {
    const candidates = [key, ...(options.oldKeys ?? [])];
    if (candidates.some((candidate) => candidate.length !== KEY_BYTES)) {
      throw new RangeError('an AES-256-GCM key is 32 bytes');
    }
    this.#key = createSecretKey(key);
    this.#keys = [this.#key, ...candidates.slice(1).map((candidate) => createSecretKey(candidate))];
  }

  /** An `enc:v1:` token for `plaintext` of the field with code `field`. */
  encrypt(plaintext: string, field: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const data = utf8(plaintext);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(field));
    const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
    const token = Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]);
    return ENCRYPTED_PREFIX + token.toString('base64url');
  }

  /** The plaintext of `token` for field `field`; SecretError when it does not decrypt. */
  decrypt(token: string, field: string): string {
    if (!isToken(token)) {
      throw new SecretError('not an encrypted value');
    }
    const body = token.slice(ENCRYPTED_PREFIX.length);
    if (longerThan(body, MAX_TOKEN_CHARS)) {
      throw new SecretError('the encrypted value is too long');
    }
    const raw = pythonBase64UrlDecode(body);
    if (raw === undefined) {
      throw new SecretError('the encrypted value is not valid base64url');
    }
    if (raw.length < NONCE_BYTES + TAG_BYTES) {
      throw new SecretError('the encrypted value is truncated');
    }
    const nonce = raw.subarray(0, NONCE_BYTES);
    const ciphertext = raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const associated = aad(field);
    for (const key of this.#keys) {
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(associated);
        decipher.setAuthTag(tag);
        plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
      } catch {
        continue; // the tag does not match with this key
      }
      try {
        return STRICT_UTF8.decode(plain);
      } catch {
        break; // authentic, yet not UTF-8: no other key makes it text
      }
    }
    throw new SecretError('the encrypted value was altered or made with another key');
  }

  /** Decrypt `value` when it is a token; a plain value is returned unchanged. */
  reveal(value: string, field: string): string {
    return isToken(value) ? this.decrypt(value, field) : value;
  }

  /** Encrypt `value` unless it already is a token (so nothing is encrypted twice). */
  seal(value: string, field: string): string {
    return isToken(value) ? value : this.encrypt(value, field);
  }
}

// Python's bytes.decode('utf-8'): no replacement characters, and a leading BOM is kept.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// A surrogate that is not half of a pair (JavaScript strings may hold one, UTF-8 cannot).
const LONE_SURROGATE = /\p{Cs}/u;

function aad(field: string): Buffer {
  return Buffer.concat([Buffer.from('field:', 'ascii'), utf8(field)]);
}

/** The UTF-8 bytes of `text`; a RangeError for a lone surrogate, as Python's encode raises. */
function utf8(text: string): Buffer {
  const match = LONE_SURROGATE.exec(text);
  if (match !== null) {
    const position = Array.from(text.slice(0, match.index)).length;
    const unit = text.charCodeAt(match.index).toString(16);
    throw new RangeError(
      `'utf-8' codec can't encode character '\\u${unit}' in position ${String(position)}: ` +
        'surrogates not allowed',
    );
  }
  return Buffer.from(text, 'utf8');
}

/** Whether `text` has more than `limit` characters as Python counts them (code points). */
function longerThan(text: string, limit: number): boolean {
  if (text.length <= limit) {
    return false; // never more code points than UTF-16 units
  }
  // at least half as many code points as units: count them only when that leaves a doubt
  return text.length > 2 * limit || Array.from(text).length > limit;
}

function base64UrlPadded(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64url');
  return text + '='.repeat(-text.length & 3);
}

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
