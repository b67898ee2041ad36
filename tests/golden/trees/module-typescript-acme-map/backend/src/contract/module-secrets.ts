// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-secrets.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Secrets in a module's settings: `enc:v1:` tokens in moduleContext, and the endpoint that makes
 * them (the Python module backend's `_contract/module_secrets.py`).
 *
 * The contract says moduleContext "may contain secret values in encrypted form" and leaves the
 * rest unsaid; scaffold decides (README, "Secrets in the module's settings"): the module's Settings
 * asks its own backend, through the platform's proxy, to encrypt a secret before it saves it
 * (`POST /api/v1/secrets`, which module-endpoints.ts serves beside the module's own endpoints), so
 * the platform stores, shows and sends back only the token; the backend decrypts every token in
 * moduleContext before an endpoint that takes moduleContext sees it (`revealContext`). The token is
 * the plugins' (secrets.ts, AES-256-GCM), bound to the name of the property that holds it, so a
 * token copied into another setting does not decrypt; an array's items, at any depth, take the
 * name of the array's property.
 *
 * The key is MODULE_SECRET_KEY (32 random bytes, base64url), the same on every replica;
 * MODULE_OLD_SECRET_KEYS still decrypt, so a key can be rotated. A module without a key runs (most
 * modules keep no secret) and answers 503 where a secret is needed. scaffold/codegen/cases/
 * module_secrets.json holds the cases every language's module backend reads alike.
 */
import { Type } from 'typebox';

import { ConfigurationError } from './errors.js';
import { BodyError } from './module-body.js';
import { ModuleError } from './module-errors.js';
import { moduleText } from './module-texts.js';
import { pythonStrip } from './python-text.js';
import {
  ENCRYPTED_PREFIX,
  MODULE_KEY_ENV,
  MODULE_MAX_SECRET_CHARS,
  MODULE_MAX_SECRET_NAME_CHARS,
  MODULE_NO_KEY_STATUS,
  MODULE_OLD_KEYS_ENV,
} from './runtime-constants.js';
import { SecretBox, SecretError, parseKey } from './secrets.js';

/** The secret the module's Settings has encrypted before it saves it, and the property it is for. */
export const SecretToSeal = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: MODULE_MAX_SECRET_NAME_CHARS,
      title: 'Name',
      description: moduleText('sealing.toSeal.name'),
    }),
    value: Type.String({
      maxLength: MODULE_MAX_SECRET_CHARS,
      title: 'Value',
      description: moduleText('sealing.toSeal.value'),
    }),
  },
  {
    additionalProperties: false,
    title: 'SecretToSeal',
    description: moduleText('sealing.toSeal'),
  },
);

/** The enc:v1: token that the Settings saves instead of the secret (described as `sealing.sealed`). */
export const SealedSecret = Type.Object(
  {
    value: Type.String({
      title: 'Value',
      description: moduleText('sealing.sealed.value'),
    }),
  },
  {
    additionalProperties: false,
    title: 'SealedSecret',
    description: moduleText('sealing.sealed'),
  },
);

/** The route's summary in the published document (its texts are module_backend_texts.py's `sealing.*`). */
export const SEALING_SUMMARY = moduleText('sealing.summary');

/**
 * The box of MODULE_SECRET_KEY (and MODULE_OLD_SECRET_KEYS) in `env`; undefined when no key is set.
 *
 * A key that is not one, or old keys without a current one, stop the backend at its start
 * (ConfigurationError, one sentence naming the variable: settings.ts reads it), never at the
 * first secret.
 */
export function moduleSecretBox(
  env: Readonly<Record<string, string | undefined>>,
): SecretBox | undefined {
  const keyText = pythonStrip(env[MODULE_KEY_ENV] ?? '');
  const oldKeys = (env[MODULE_OLD_KEYS_ENV] ?? '')
    .split(',')
    .filter((part) => pythonStrip(part) !== '')
    .map((part) => parseKey(part, { source: MODULE_OLD_KEYS_ENV }));
  if (keyText === '') {
    if (oldKeys.length > 0) {
      throw new ConfigurationError(moduleText('secrets.oldWithoutKey'));
    }
    return undefined;
  }
  return new SecretBox(parseKey(keyText, { source: MODULE_KEY_ENV }), { oldKeys });
}

/**
 * `context` with every `enc:v1:` string value decrypted; BodyError 400 for a token that does not
 * decrypt, 503 for a token when there is no key.
 *
 * One walk, and nothing copied unless a token is found: a moduleContext without a secret comes
 * back as the same object. Only the objects and arrays on the way to a token are copied, so the
 * parsed body is never changed. The body's depth was bounded before it was parsed
 * (MODULE_MAX_JSON_DEPTH), so the walk is too.
 */
export function revealContext(
  context: Readonly<Record<string, unknown>>,
  box: SecretBox | undefined,
): Readonly<Record<string, unknown>> {
  return reveal(context, '', box) as Readonly<Record<string, unknown>>;
}

function reveal(value: unknown, name: string, box: SecretBox | undefined): unknown {
  if (typeof value === 'string') {
    return value.startsWith(ENCRYPTED_PREFIX) ? decrypted(value, name, box) : value;
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const seen = reveal(item, name, box); // an array's items take its property's name
      if (seen !== item) {
        copy ??= value.slice();
        copy[index] = seen;
      }
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const seen = reveal(item, key, box);
    if (seen !== item) {
      // the spread defines own properties, a "__proto__" key too, so the assignment below sets
      // that own property and never the copy's prototype
      copy ??= { ...record };
      copy[key] = seen;
    }
  }
  return copy ?? record;
}

function decrypted(token: string, name: string, box: SecretBox | undefined): string {
  if (box === undefined) {
    throw new BodyError(MODULE_NO_KEY_STATUS, moduleText('secrets.noKey'));
  }
  try {
    return box.decrypt(token, name);
  } catch (error) {
    if (error instanceof SecretError) {
      throw new BodyError(400, moduleText('secrets.undecryptable'));
    }
    throw error;
  }
}

/**
 * POST /api/v1/secrets: the Settings' secret as the token it saves, bound to the property `name`
 * (a value that already is a token comes back unchanged); 503 without a key. moduleContext is not
 * read: a saved token that no longer decrypts must not stop the settings from being saved again.
 */
export function sealSecret(
  secret: { readonly name: string; readonly value: string },
  box: SecretBox | undefined,
): { value: string } {
  if (box === undefined) {
    throw new ModuleError(MODULE_NO_KEY_STATUS, moduleText('secrets.noKey'));
  }
  return { value: box.seal(secret.value, secret.name) };
}
