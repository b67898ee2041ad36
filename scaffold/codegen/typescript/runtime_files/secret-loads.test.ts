/**
 * The shared load cases (secrets.json's "loads", which pytest and go test read too): the key a
 * plugin starts with, refused or taken. Apart from secrets.test.ts, which holds the other secrets
 * tests, to keep each file short (tests/functional/test_secrets_across_languages.py runs both).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigurationError } from './errors.js';
import { PUBLISHED_SECRET_KEYS } from './runtime-constants.js';
import { loadSecretBox } from './secret-keys.js';
import { GENERATE_HINT, SecretBox, parseKey } from './secrets.js';
import { loadSharedCases } from './shared-cases.js';

/** One of the file's "loads": the key a plugin starts with. */
interface LoadCase {
  readonly name: string;
  readonly key: string;
  readonly spelled?: string;
  readonly oldKeys?: readonly string[];
  readonly production: boolean;
  readonly refused?: string;
}

const LOAD_KEYS = new Set(['name', 'key', 'spelled', 'oldKeys', 'production', 'refused']);

function loadCases(): { keys: Readonly<Record<string, string>>; loads: LoadCase[] } {
  const file = loadSharedCases('SCAFFOLD_SECRET_CASES', 'secrets.json', { loads: LOAD_KEYS });
  return { keys: file['keys'] as Record<string, string>, loads: file['loads'] as LoadCase[] };
}

/**
 * A key the cases name: one of their keys, or "published", the first key this runtime's constants
 * say the spec publishes (rendered from the spec, never spelled in a runtime).
 */
function caseKey(keys: Readonly<Record<string, string>>, name: string): string {
  const key = name === 'published' ? PUBLISHED_SECRET_KEYS[0] : keys[name];
  if (key === undefined) {
    throw new Error(`no key ${name} (the runtime's constants name no published key?)`);
  }
  return key;
}

const SPELLINGS: Readonly<Record<string, (key: string) => string>> = {
  '': (key) => key,
  unpadded: (key) => key.replace(/=+$/, ''),
  'between spaces': (key) => ` ${key}\n`,
};

describe('the shared load cases', () => {
  const { keys, loads } = loadCases();
  let folder = '';
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'secrets-load-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  it.each(loads.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const spell = SPELLINGS[c.spelled ?? ''];
    if (spell === undefined) {
      throw new Error(`a spelling this runner does not know: ${String(c.spelled)}`);
    }
    const oldKeys = c.oldKeys ?? [];
    const load = (): SecretBox =>
      loadSecretBox({
        keyText: spell(caseKey(keys, c.key)),
        oldKeysText: oldKeys.map((name) => caseKey(keys, name)).join(','),
        production: c.production,
        stateDir: folder,
        log: { warn: () => undefined },
      });
    if (c.refused !== undefined) {
      let thrown: unknown;
      try {
        load();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigurationError);
      expect((thrown as Error).message).toBe(c.refused.replace('{hint}', GENERATE_HINT));
      return;
    }
    const secrets = load();
    for (const name of [c.key, ...oldKeys]) {
      const token = new SecretBox(parseKey(caseKey(keys, name))).encrypt('value', 'accessKey');
      expect(secrets.decrypt(token, 'accessKey')).toBe('value');
    }
  });
});
