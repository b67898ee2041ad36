// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/secrets.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Encryption of sensitive configuration values (password fields) with AES-256-GCM: the `enc:v1:`
 * token.
 *
 * The contract: the health check returns password fields encrypted, and afterwards the platform
 * uses and sends them only in encrypted form. A token is `enc:v1:` + base64url(nonce | ciphertext
 * | tag): the prefix makes an encrypted value recognisable (so it is never encrypted twice and is
 * decrypted only when it is one), the version leaves room for another scheme, the random 96-bit
 * nonce makes two encryptions of one password differ, and GCM's tag makes any change to a token
 * detectable. The field code is bound in as associated data, so a token copied into another field
 * does not decrypt.
 *
 * A key is 32 random bytes, base64url-encoded (`parseKey` reads one, naming the setting it came
 * from). A SecretBox holds the current key and old keys that still decrypt, so a key can be
 * rotated without invalidating saved values at once. This file is the token alone, shared by
 * plugins and module backends (module-secrets.ts, MODULE_SECRET_KEY); where a plugin's key comes
 * from (PLUGIN_SECRET_KEY, or a development key file) is secret-keys.ts, which only plugins carry.
 *
 * This is the twin of the Python plugins' secrets.py (scaffold/codegen/python/runtime_files/), byte for
 * byte: a token either one makes, the other decrypts, and both read a key text and a token alike
 * (Python's lenient base64 decoding and its `str.strip` are reproduced here), so a plugin can move
 * from one language to the other with its key and its saved data sources.
 */

import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

import { ConfigurationError } from './errors.js';
import {
  ENCRYPTED_PREFIX,
  KEY_BYTES,
  KEY_ENV,
  MAX_TOKEN_CHARS,
  NONCE_BYTES,
  TAG_BYTES,
} from './runtime-constants.js';
import { pythonBase64UrlDecode, pythonStrip } from './python-text.js';

// The command the messages about a malformed or missing key give: it prints a key in the format
// parseKey reads. CommonJS, which `node -e` runs, so `require` works; the `=` makes the 44
// characters of Python's base64url, though a key without it is read alike.
export const GENERATE_HINT =
  "generate one with: node -e \"console.log(require('node:crypto').randomBytes(32)" +
  ".toString('base64url') + '=')\"";

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
