/**
 * The shared module secret cases (scaffold/codegen/cases/module_secrets.json, whose "about" says the
 * format), read by the TypeScript module runtime: the Python module runtime's tests
 * (tests/unit/test_module_secret_cases.py) and the Go one's read the same file, so a token in
 * moduleContext is decrypted, or refused with the same status and text, by every language a module
 * backend is written in (issue 42 point 2). Every token of the file was made by the Python runtime.
 *
 * SCAFFOLD_MODULE_SECRETS names the file (tests/functional/test_module_runtime_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { BodyBudget } from './body-limits.js';
import { ConfigurationError } from './errors.js';
import { BodyError, installBodyReading } from './module-body.js';
import { Endpoints } from './module-endpoints.js';
import { ModuleError } from './module-errors.js';
import { moduleSecretBox, revealContext, sealSecret } from './module-secrets.js';
import { MODULE_TEXTS, type ModuleTextKey, moduleText } from './module-texts.js';
import {
  BODY_MIN_BYTES_PER_SECOND,
  BODY_STALL_SECONDS,
  MODULE_KEY_ENV,
  MODULE_MAX_BODY_BYTES,
  MODULE_MAX_BODY_BYTES_IN_FLIGHT,
  MODULE_NO_KEY_STATUS,
  MODULE_OLD_KEYS_ENV,
  MODULE_SECRETS_PATH,
} from './runtime-constants.js';
import { type SecretBox, isToken } from './secrets.js';
import { loadSharedCases } from './shared-cases.js';

interface CaseKeys {
  readonly key: string | null;
  readonly oldKeys?: readonly string[];
}

interface RevealCase {
  readonly name: string;
  readonly keys: CaseKeys;
  readonly context: Readonly<Record<string, unknown>>;
  readonly revealed?: Readonly<Record<string, unknown>>;
  readonly refused?: { readonly status: number; readonly text: string };
}

interface SealCase {
  readonly name: string;
  readonly keys: CaseKeys;
  readonly field: string;
  readonly value: string;
  readonly unchanged?: boolean;
}

interface SealingCase {
  readonly name: string;
  readonly body: string;
  readonly first: string;
}

const KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  reveal: new Set(['name', 'keys', 'context', 'revealed', 'refused']),
  seal: new Set(['name', 'keys', 'field', 'value', 'unchanged']),
  sealing: new Set(['name', 'body', 'first']),
};

const document = loadSharedCases('SCAFFOLD_MODULE_SECRETS', 'module_secrets.json', KEYS);
const keyTexts = document['keys'] as Readonly<Record<string, string>>;
const revealCases = document['reveal'] as RevealCase[];
const sealCases = document['seal'] as SealCase[];
const sealingCases = document['sealing'] as SealingCase[];

function keyText(name: string): string {
  const text = keyTexts[name];
  if (text === undefined) {
    throw new Error(`module_secrets.json has no key ${name}`);
  }
  return text;
}

/** The environment a case names: MODULE_SECRET_KEY and MODULE_OLD_SECRET_KEYS, or neither. */
function environment(keys: CaseKeys): Record<string, string> {
  const env: Record<string, string> = {};
  if (keys.key !== null) {
    env[MODULE_KEY_ENV] = keyText(keys.key);
  }
  if (keys.oldKeys !== undefined && keys.oldKeys.length > 0) {
    env[MODULE_OLD_KEYS_ENV] = keys.oldKeys.map(keyText).join(',');
  }
  return env;
}

function textOf(key: string): string {
  if (!Object.hasOwn(MODULE_TEXTS, key)) {
    throw new Error(`${key} is no module text (module-texts.ts)`);
  }
  return MODULE_TEXTS[key as ModuleTextKey];
}

/** What `run` threw (undefined when it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('moduleContext is revealed as decided', () => {
  it.each(revealCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const box = moduleSecretBox(environment(c.keys));
    const sent = JSON.stringify(c.context);
    if (c.revealed !== undefined) {
      expect(revealContext(c.context, box)).toStrictEqual(c.revealed);
      expect(JSON.stringify(c.context)).toBe(sent); // what was sent is read, never changed
      return;
    }
    const error = thrown(() => revealContext(c.context, box));
    expect(error).toBeInstanceOf(BodyError);
    expect((error as BodyError).status).toBe(c.refused?.status);
    expect((error as BodyError).message).toBe(textOf(c.refused?.text ?? ''));
  });

  it('gives a moduleContext without a token back as it is, not a copy', () => {
    const box = moduleSecretBox({ [MODULE_KEY_ENV]: keyText('current') });
    const plain = revealCases.filter(
      (c) => c.revealed !== undefined && JSON.stringify(c.revealed) === JSON.stringify(c.context),
    );
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) {
      expect(revealContext(c.context, box)).toBe(c.context);
      expect(revealContext(c.context, undefined)).toBe(c.context);
    }
  });

  it('keeps a "__proto__" key as a property, never as the prototype', () => {
    const c = revealCases.find((item) => item.name === 'a flat setting');
    expect(c).toBeDefined();
    const token = (c?.context['apiKey'] ?? '') as string;
    const context = JSON.parse(`{"__proto__": {"polluted": true}, "apiKey": "${token}"}`) as Record<
      string,
      unknown
    >;
    const revealed = revealContext(context, moduleSecretBox(environment(c?.keys ?? { key: null })));
    expect(Object.getPrototypeOf(revealed)).toBe(Object.prototype);
    expect(Object.hasOwn(revealed, '__proto__')).toBe(true);
    expect(revealed['apiKey']).toBe(c?.revealed?.['apiKey']);
  });
});

describe('a sealed secret is revealed again', () => {
  it.each(sealCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const box = moduleSecretBox(environment(c.keys)) as SecretBox;
    expect(box).toBeDefined();
    const token = sealSecret({ name: c.field, value: c.value }, box).value;
    if (c.unchanged === true) {
      expect(token).toBe(c.value);
      return;
    }
    expect(isToken(token)).toBe(true);
    expect(token).not.toBe(sealSecret({ name: c.field, value: c.value }, box).value); // a fresh nonce
    expect(revealContext({ [c.field]: token }, box)).toStrictEqual({ [c.field]: c.value });
  });

  it('is a 503 without a key', () => {
    const error = thrown(() => sealSecret({ name: 'apiKey', value: 's3cret' }, undefined));
    expect(error).toBeInstanceOf(ModuleError);
    expect((error as ModuleError).status).toBe(MODULE_NO_KEY_STATUS);
    expect((error as ModuleError).message).toBe(textOf('secrets.noKey'));
  });
});

describe('the key', () => {
  it('is none when no variable is set, or only blanks', () => {
    expect(moduleSecretBox({})).toBeUndefined();
    expect(
      moduleSecretBox({ [MODULE_KEY_ENV]: ' ', [MODULE_OLD_KEYS_ENV]: ' , ' }),
    ).toBeUndefined();
  });

  it.each([
    [{ [MODULE_KEY_ENV]: 'not a key' }, `${MODULE_KEY_ENV} must be 32 random bytes`],
    [
      { [MODULE_KEY_ENV]: keyText('current'), [MODULE_OLD_KEYS_ENV]: 'x,' },
      `${MODULE_OLD_KEYS_ENV} must be 32 random bytes`,
    ],
  ])('that is no key stops the start, naming its variable (%j)', (env, start) => {
    const error = thrown(() => moduleSecretBox(env));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message.startsWith(start)).toBe(true);
  });

  it('old keys without a current one stop the start', () => {
    const error = thrown(() => moduleSecretBox({ [MODULE_OLD_KEYS_ENV]: keyText('old') }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(textOf('secrets.oldWithoutKey'));
  });
});

describe('the sealing route names the first problem in the schema\'s order', () => {
  it.each(sealingCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const app = Fastify();
    installBodyReading(app, {
      maxBodyBytes: MODULE_MAX_BODY_BYTES,
      budget: new BodyBudget(MODULE_MAX_BODY_BYTES_IN_FLIGHT),
      pace: { stallSeconds: BODY_STALL_SECONDS, minBytesPerSecond: BODY_MIN_BYTES_PER_SECOND },
    });
    const secretBox = moduleSecretBox({ [MODULE_KEY_ENV]: keyText('current') });
    new Endpoints().install(app, { locales: ['en-US'], defaultLocale: 'en-US', secretBox });
    try {
      const answer = await app.inject({
        method: 'POST',
        url: MODULE_SECRETS_PATH,
        headers: { 'content-type': 'application/json' },
        payload: c.body,
      });
      expect(answer.statusCode).toBe(400);
      const message = answer.json<{ message: string }>().message;
      expect(message.startsWith(moduleText('endpoint.mismatch', { problem: `${c.first}: ` }))).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });
});
