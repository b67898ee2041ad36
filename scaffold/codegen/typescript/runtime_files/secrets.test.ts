/**
 * Tests of secrets.ts and secret-keys.ts, the twins of the Python plugins' secrets.py and
 * secret_keys.py: tokens, keys and the development key file behave as there (tests/functional/test_secrets_across_languages.py runs
 * these, and checks tokens across the two languages).
 */

import { execFileSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigurationError } from './errors.js';
import { ENCRYPTED_PREFIX, KEY_FILE_NAME } from './runtime-constants.js';
import { loadSecretBox } from './secret-keys.js';
import { GENERATE_HINT, SecretBox, SecretError, generateKey, isToken, parseKey } from './secrets.js';
import { loadSharedCases } from './shared-cases.js';

// Made by the Python runtime (scaffold/codegen/python/runtime_files/secrets.py) with these keys.
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='; // bytes 0..31
const OLD_KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8='; // bytes 32..63
const PYTHON_TOKEN = 'enc:v1:r7t08zKP6WHLYG9E9gAoy2ETheAm53UR-00d4gHkDmbunuLtfbnAj-tA8w';
const PYTHON_PLAIN = 'pässwörd 🔑';
const PYTHON_OLD_TOKEN = 'enc:v1:D-cKuORqAdDzNFj5xCypv_a2sol8Y3bdtrah-0r1kVKBb_U';

const ALTERED = 'the encrypted value was altered or made with another key';
const KEY_FORMAT = 'must be 32 random bytes in base64url (44 characters); ';

/** The error `action` throws (the test fails when it throws none). */
function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) {
      return error;
    }
    throw error;
  }
  throw new Error('expected an error, none was thrown');
}

function box(...oldKeys: string[]): SecretBox {
  return new SecretBox(parseKey(KEY), { oldKeys: oldKeys.map((key) => parseKey(key)) });
}

/** A token of raw bytes `body` (nonce | ciphertext | tag). */
function tokenOf(body: Uint8Array): string {
  return ENCRYPTED_PREFIX + Buffer.from(body).toString('base64url');
}

function bodyOf(token: string): Buffer {
  return Buffer.from(token.slice(ENCRYPTED_PREFIX.length), 'base64url');
}

/** One case of scaffold/codegen/cases/secrets.json, whose "about" says each key. */
interface SecretCase {
  readonly name: string;
  readonly token: string;
  readonly field: string;
  readonly oldKeys?: readonly string[];
  readonly plain?: string;
  readonly refused?: string;
  readonly sealed?: boolean;
}

const CASE_KEYS = new Set(['name', 'token', 'field', 'oldKeys', 'plain', 'refused', 'sealed']);

/** The cases every language's runtime reads alike (pytest and go test read the same file). */
function loadSecretCases(): { keys: Readonly<Record<string, string>>; cases: SecretCase[] } {
  const file = loadSharedCases('SCAFFOLD_SECRET_CASES', 'secrets.json', { cases: CASE_KEYS });
  return { keys: file['keys'] as Record<string, string>, cases: file['cases'] as SecretCase[] };
}

describe('the shared cases', () => {
  const { keys, cases } = loadSecretCases();
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const oldKeys = (c.oldKeys ?? []).map((name) => parseKey(keys[name] ?? ''));
    const secrets = new SecretBox(parseKey(keys['current'] ?? ''), { oldKeys });
    if (c.refused === undefined) {
      expect(secrets.decrypt(c.token, c.field)).toBe(c.plain);
    } else {
      expect(errorOf(() => secrets.decrypt(c.token, c.field)).message).toBe(c.refused);
    }
  });
});

describe('tokens', () => {
  it('round-trips any text, each time with a new nonce', () => {
    const secrets = box();
    for (const plain of ['', 'pw', PYTHON_PLAIN, '\ufeffleading BOM', 'x'.repeat(10_000)]) {
      const token = secrets.encrypt(plain, 'accessKey');
      expect(isToken(token)).toBe(true);
      expect(token).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
      expect(bodyOf(token).length).toBe(12 + Buffer.byteLength(plain) + 16);
      expect(secrets.decrypt(token, 'accessKey')).toBe(plain);
      expect(secrets.encrypt(plain, 'accessKey')).not.toBe(token);
    }
  });

  it('decrypts what the Python runtime encrypted', () => {
    expect(box().decrypt(PYTHON_TOKEN, 'accessKey')).toBe(PYTHON_PLAIN);
  });

  it('is bound to its field', () => {
    const token = box().encrypt('pw', 'accessKey');
    const error = errorOf(() => box().decrypt(token, 'otherSecret'));
    expect(error).toBeInstanceOf(SecretError);
    expect(error.message).toBe(ALTERED);
    expect(errorOf(() => box().decrypt(PYTHON_TOKEN, 'accesskey')).message).toBe(ALTERED);
  });

  it('detects a change anywhere in the token', () => {
    const body = bodyOf(box().encrypt('password', 'p'));
    for (let index = 0; index < body.length; index += 1) {
      const changed = Buffer.from(body);
      changed[index] = (changed[index] ?? 0) ^ 1;
      const error = errorOf(() => box().decrypt(tokenOf(changed), 'p'));
      expect(error).toBeInstanceOf(SecretError);
      expect(error.message).toBe(ALTERED);
    }
  });

  it('names what is wrong with a token that is no token', () => {
    const token = box().encrypt('password', 'p');
    const cases: [string, string][] = [
      ['password', 'not an encrypted value'],
      ['ENC:v1:' + token.slice(7), 'not an encrypted value'],
      ['enc:v1:', 'the encrypted value is truncated'],
      [token.slice(0, ENCRYPTED_PREFIX.length + 36), 'the encrypted value is truncated'],
      [token.slice(0, -6), ALTERED],
      [token + 'AAAA', ALTERED],
      ['enc:v1:!!!not-base64!!!', 'the encrypted value is not valid base64url'],
      ['enc:v1:' + 'A'.repeat(37), 'the encrypted value is not valid base64url'],
      [token + 'é', 'the encrypted value is not valid base64url'],
      ['enc:v1:' + 'A'.repeat(100_000), 'the encrypted value is too long'],
    ];
    for (const [value, message] of cases) {
      const error = errorOf(() => box().decrypt(value, 'p'));
      expect(error).toBeInstanceOf(SecretError);
      expect(error.name).toBe('SecretError');
      expect(error.message).toBe(message);
    }
  });

  it('bounds a token at 64 KiB of characters, as Python counts them', () => {
    const limit = 64 * 1024;
    expect(errorOf(() => box().decrypt('enc:v1:' + 'A'.repeat(limit + 1), 'p')).message).toBe(
      'the encrypted value is too long',
    );
    // 'A' * limit is 48 KiB of zeros: a long token, read and refused by its tag
    expect(errorOf(() => box().decrypt('enc:v1:' + 'A'.repeat(limit), 'p')).message).toBe(ALTERED);
    // an emoji is two UTF-16 units but one character: not too long, not base64url
    expect(errorOf(() => box().decrypt('enc:v1:' + '🔑'.repeat(limit), 'p')).message).toBe(
      'the encrypted value is not valid base64url',
    );
  });

  it('reads a token as leniently as Python does', () => {
    const token = box().encrypt('password', 'p');
    const body = token.slice(ENCRYPTED_PREFIX.length);
    const alike = [
      token + '==', // padding
      ENCRYPTED_PREFIX + body.replaceAll('-', '+').replaceAll('_', '/'), // standard alphabet
      ENCRYPTED_PREFIX + body.slice(0, 10) + ' \n!' + body.slice(10), // skipped characters
    ];
    for (const value of alike) {
      expect(box().decrypt(value, 'p')).toBe('password');
    }
  });

  it('refuses authentic bytes that are not UTF-8', () => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', parseKey(KEY), nonce);
    cipher.setAAD(Buffer.from('field:p'));
    const sealed = Buffer.concat([cipher.update(Buffer.from([0xff, 0xfe])), cipher.final()]);
    const token = tokenOf(Buffer.concat([nonce, sealed, cipher.getAuthTag()]));
    expect(errorOf(() => box().decrypt(token, 'p')).message).toBe(ALTERED);
  });

  it('refuses text UTF-8 cannot encode', () => {
    const error = errorOf(() => box().encrypt('ab\ud800', 'p'));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(
      "'utf-8' codec can't encode character '\\ud800' in position 2: surrogates not allowed",
    );
    expect(errorOf(() => box().decrypt(PYTHON_TOKEN, '\udc00'))).toBeInstanceOf(RangeError);
  });

  it('seals and reveals only what needs it', () => {
    const secrets = box();
    const token = secrets.seal('pw', 'p');
    expect(isToken(token)).toBe(true);
    expect(secrets.seal(token, 'p')).toBe(token);
    expect(secrets.reveal(token, 'p')).toBe('pw');
    expect(secrets.reveal('plain', 'p')).toBe('plain');
    expect([isToken(undefined), isToken(42), isToken('enc:v1'), isToken('enc:v1:')]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('keys', () => {
  it('decrypts with old keys and encrypts with the new one', () => {
    const rotated = box(OLD_KEY);
    expect(rotated.decrypt(PYTHON_OLD_TOKEN, 'accessKey')).toBe('rotated');
    expect(rotated.decrypt(PYTHON_TOKEN, 'accessKey')).toBe(PYTHON_PLAIN);
    expect(errorOf(() => box().decrypt(PYTHON_OLD_TOKEN, 'accessKey')).message).toBe(ALTERED);
    const fresh = rotated.encrypt('new', 'accessKey');
    expect(box().decrypt(fresh, 'accessKey')).toBe('new');
    const onlyOld = new SecretBox(parseKey(OLD_KEY));
    expect(errorOf(() => onlyOld.decrypt(fresh, 'accessKey')).message).toBe(ALTERED);
  });

  it('are 32 bytes', () => {
    for (const make of [
      () => new SecretBox(Buffer.alloc(16)),
      () => new SecretBox(parseKey(KEY), { oldKeys: [Buffer.alloc(33)] }),
    ]) {
      const error = errorOf(make);
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe('an AES-256-GCM key is 32 bytes');
    }
  });

  it('are generated in the PLUGIN_SECRET_KEY format', () => {
    const key = generateKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(parseKey(key).length).toBe(32);
    expect(generateKey()).not.toBe(key);
  });

  it('are generated by the command the hint gives', () => {
    const command = /node -e "(.+)"$/.exec(GENERATE_HINT)?.[1];
    expect(command).toBeDefined();
    const output = execFileSync(process.execPath, ['-e', command ?? ''], { encoding: 'utf8' });
    expect(output).toMatch(/^[A-Za-z0-9_-]{43}=\n$/);
    expect(parseKey(output).length).toBe(32);
  });

  it('are read as Python reads them', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => index));
    const unpadded = KEY.slice(0, -1);
    for (const text of [
      KEY,
      unpadded,
      ` ${KEY}\n`,
      `\u001c${KEY}\u3000`, // Python's str.strip() removes both
      `${KEY.slice(0, 20)}!${KEY.slice(20)}`, // a skipped character
      `${KEY}====AAAA`, // what follows the padding is ignored
    ]) {
      expect(parseKey(text)).toEqual(bytes);
    }
    const signs = Buffer.alloc(32, 0xfb); // '+/v7...' in base64, '-_v7...' in base64url
    expect(parseKey(signs.toString('base64'))).toEqual(signs);
    expect(parseKey(signs.toString('base64url'))).toEqual(signs);
  });

  it('name the setting when malformed', () => {
    for (const text of [
      'short',
      '!!!!',
      '',
      Buffer.alloc(16).toString('base64url'),
      Buffer.alloc(33).toString('base64url'),
      `\ufeff${KEY}`, // trim() would remove U+FEFF, Python's strip() does not
      `${KEY.slice(0, 43)}\u00e9`,
      `${KEY.slice(0, 43)}AA`,
    ]) {
      const error = errorOf(() => parseKey(text));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(`PLUGIN_SECRET_KEY ${KEY_FORMAT}${GENERATE_HINT}`);
    }
    expect(errorOf(() => parseKey('short', { source: '/x/secret.key' })).message).toBe(
      `/x/secret.key ${KEY_FORMAT}${GENERATE_HINT}`,
    );
  });
});

describe('loadSecretBox', () => {
  let folder = '';
  let warnings: string[] = [];
  const log = {
    warn: (message: string) => {
      warnings.push(message);
    },
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'secrets-test-'));
    warnings = [];
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('uses the key and old keys of the environment', () => {
    const secrets = loadSecretBox({
      keyText: KEY,
      oldKeysText: ` , ${OLD_KEY},, `,
      production: true,
      stateDir: folder,
      log,
    });
    expect(secrets.decrypt(PYTHON_TOKEN, 'accessKey')).toBe(PYTHON_PLAIN);
    expect(secrets.decrypt(PYTHON_OLD_TOKEN, 'accessKey')).toBe('rotated');
    expect(readdirSync(folder)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('names the setting of a malformed key', () => {
    const bad = { stateDir: folder, log, production: false };
    const key = errorOf(() => loadSecretBox({ ...bad, keyText: ' ' }));
    expect(key).toBeInstanceOf(ConfigurationError);
    expect(key.message).toBe(`PLUGIN_SECRET_KEY ${KEY_FORMAT}${GENERATE_HINT}`);
    const old = errorOf(() => loadSecretBox({ ...bad, keyText: KEY, oldKeysText: `${OLD_KEY},x` }));
    expect(old).toBeInstanceOf(ConfigurationError);
    expect(old.message).toBe(`PLUGIN_OLD_SECRET_KEYS ${KEY_FORMAT}${GENERATE_HINT}`);
  });

  it('refuses to start in production without a key', () => {
    writeFileSync(join(folder, KEY_FILE_NAME), `${KEY}\n`); // not used: production needs the setting
    for (const keyText of [undefined, '']) {
      const error = errorOf(() =>
        loadSecretBox({ keyText, production: true, stateDir: folder, log }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.name).toBe('ConfigurationError');
      expect(error.message).toBe(
        'PLUGIN_SECRET_KEY is not set and PLUGIN_ENV is production: encrypted passwords need the ' +
          'same key on every replica, so the plugin will not invent one; ' +
          `${GENERATE_HINT}, and set PLUGIN_SECRET_KEY in the environment`,
      );
    }
    expect(warnings).toEqual([]);
  });

  it('keeps a development key in the state folder and warns once', () => {
    const stateDir = join(folder, 'state', 'nested');
    const first = loadSecretBox({ keyText: undefined, production: false, stateDir, log });
    const again = loadSecretBox({ keyText: '', production: false, stateDir, log });
    const path = join(stateDir, KEY_FILE_NAME);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'ascii')).toMatch(/^[A-Za-z0-9_-]{43}=\n$/);
    expect(readdirSync(stateDir)).toEqual([KEY_FILE_NAME]); // no temporary file left
    expect(again.decrypt(first.encrypt('pw', 'p'), 'p')).toBe('pw');
    expect(warnings).toEqual([
      `PLUGIN_SECRET_KEY is not set: using the development key in ${path} (fine on one machine; ` +
        'set PLUGIN_SECRET_KEY in production, where PLUGIN_ENV=production refuses to start without it)',
    ]);
  });

  it('uses a key file that is there, old keys beside it', () => {
    writeFileSync(join(folder, KEY_FILE_NAME), `${KEY}\r\n`, { mode: 0o600 });
    const secrets = loadSecretBox({
      keyText: undefined,
      oldKeysText: OLD_KEY,
      production: false,
      stateDir: folder,
      log,
    });
    expect(secrets.decrypt(PYTHON_TOKEN, 'accessKey')).toBe(PYTHON_PLAIN);
    expect(secrets.decrypt(PYTHON_OLD_TOKEN, 'accessKey')).toBe('rotated');
    expect(warnings).toHaveLength(1);
  });

  it('names a malformed key file', () => {
    const path = join(folder, KEY_FILE_NAME);
    for (const content of ['not a key\n', `${KEY}\u00a0`]) {
      writeFileSync(path, content, { mode: 0o600 });
      const error = errorOf(() =>
        loadSecretBox({ keyText: undefined, production: false, stateDir: folder, log }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(`${path} ${KEY_FORMAT}${GENERATE_HINT}`);
    }
  });

  it('uses a key file only its owner may read', () => {
    const path = join(folder, KEY_FILE_NAME);
    for (const mode of [0o600, 0o400]) {
      writeFileSync(path, `${KEY}\n`);
      chmodSync(path, mode);
      const secrets = loadSecretBox({
        keyText: undefined,
        production: false,
        stateDir: folder,
        log,
      });
      expect(secrets.decrypt(PYTHON_TOKEN, 'accessKey')).toBe(PYTHON_PLAIN);
      chmodSync(path, 0o600);
    }
  });

  it('refuses a key file other users may use, and says how to fix it', () => {
    const path = join(folder, KEY_FILE_NAME);
    const cases: [number, string][] = [
      [0o644, 'readable'],
      [0o640, 'readable'],
      [0o604, 'readable'],
      [0o620, 'writable'],
      [0o610, 'executable'],
    ];
    for (const [mode, use] of cases) {
      writeFileSync(path, `${KEY}\n`);
      chmodSync(path, mode);
      const error = errorOf(() =>
        loadSecretBox({ keyText: undefined, production: false, stateDir: folder, log }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      const octal = mode.toString(8).padStart(4, '0');
      expect(error.message).toBe(
        `${path} is ${use} by other users (mode ${octal}); run chmod 600 ${path}, or delete it ` +
          'and a new key is made',
      );
      expect(statSync(path).mode & 0o777).toBe(mode); // left as it was
    }
    expect(warnings).toEqual([]);
  });

  it('refuses a key file that is a symbolic link, dangling or not', () => {
    const outside = join(folder, 'elsewhere');
    mkdirSync(outside);
    const stateDir = join(folder, 'state');
    mkdirSync(stateDir);
    const path = join(stateDir, KEY_FILE_NAME);
    symlinkSync(join(outside, 'key'), path);
    for (const dangling of [true, false]) {
      if (!dangling) {
        writeFileSync(join(outside, 'key'), `${KEY}\n`, { mode: 0o600 });
      }
      const error = errorOf(() =>
        loadSecretBox({ keyText: undefined, production: false, stateDir, log }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        `${path} is a symbolic link; replace it with the key file itself, or delete it and a new ` +
          'key is made',
      );
      expect(readdirSync(stateDir)).toEqual([KEY_FILE_NAME]); // no key made beside it
    }
    expect(readdirSync(outside)).toEqual(['key']);
    expect(warnings).toEqual([]);
  });

  it('refuses a key file that is not a regular file', () => {
    const path = join(folder, KEY_FILE_NAME);
    mkdirSync(path);
    const error = errorOf(() =>
      loadSecretBox({ keyText: undefined, production: false, stateDir: folder, log }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      `${path} is not a regular file; replace it with the key file itself, or delete it and a ` +
        'new key is made',
    );
  });

  it('says when the state folder cannot be made', () => {
    const blocker = join(folder, 'file');
    writeFileSync(blocker, '');
    const stateDir = join(blocker, 'state');
    const error = errorOf(() =>
      loadSecretBox({ keyText: undefined, production: false, stateDir, log }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      `cannot create the development key in ${stateDir}: Not a directory; set PLUGIN_SECRET_KEY ` +
        'or PLUGIN_STATE_DIR to a writable folder',
    );
  });
});
