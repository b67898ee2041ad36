#!/usr/bin/env node
// Checks this frontend's private npm registry configuration before npm uses it.
//
// npm expands ${VAR} in .npmrc but leaves an unset variable as literal text and never checks that
// _password is base64, so a missing credential shows up as a confusing 401 deep inside
// `npm install`. npm also reads .npmrc and resolves packages before any lifecycle script (even
// `preinstall`) runs, so this check cannot hook into `npm install` itself: run it first, with
// `npm run setup` (check, then install) or `npm run check-registry`; the Dockerfile runs it before
// `npm ci`. `scaffold registry-check` applies the same rules.
//
// Rules:
//   1. No dependency in a private scope (src/contract/registry.json): nothing to check, pass silently.
//   2. Every private scope in use has `@scope:registry=URL` in .npmrc, and the URL carries no
//      credentials (`user:password@`): secrets go in credential lines. Its host is no placeholder
//      (isPlaceholderHost: .invalid, .example, example.com/.net/.org, *.example.*; localhost is
//      allowed), such as the one `scaffold new-module` writes without --registry-url. A placeholder
//      is reported alone, in one sentence: every credential key repeats the URL, so fixing the URL
//      changes them too.
//   3. That registry has credentials keyed to it (//host/path/:username, :_password or a token),
//      found the way npm finds them: keys and values expanded as npm expands them (${VAR} in a key
//      too), walking up the URL path.
//   4. Secrets are ${VAR} references, never literal text in the file.
//   5. Every referenced variable is set and not empty (${VAR:-default} is not npm syntax and is
//      named as such); the password is canonical base64.
//
// How npm reads .npmrc is in npmrc.mjs; registry URLs, their credential keys and how they are shown,
// in registry-url.mjs. Nothing printed holds a credential: URLs and keys are shown as written in .npmrc (${FURY_TOKEN}
// stays ${FURY_TOKEN}), userinfo, queries and token-like path segments are masked, and the finished
// text is scrubbed of every secret value the file refers to.
//
// Usage: node scripts/check-registry.mjs [FRONTEND_DIR]   (exit 0: usable or not needed; 1: not)
import { closeSync, openSync, readSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  entryReferences,
  npmSettings,
  parseNpmrc,
  PLAIN_NAME,
  references,
  shownName,
  written,
} from './npmrc.mjs';
import {
  authKeys,
  isPlaceholderHost,
  parseRegistryUrl,
  scrub,
  shownKey,
  shownUrl,
  suggestedKey,
} from './registry-url.mjs';

const SECRET_KEYS = ['_password', '_authToken', '_auth'];
const CREDENTIAL_KEYS = [...SECRET_KEYS, 'username', 'email'];
const PUBLIC_KEYS = ['username', 'email'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
// Far above what each file needs: a larger one is refused, never read whole (as scaffold does).
const MAX_NPMRC_BYTES = 256 * 1024;
const MAX_PACKAGE_JSON_BYTES = 4 * 1024 * 1024;
const MAX_RULES_BYTES = 64 * 1024;

export class RegistryConfigError extends Error {}

/** The text of a project file, refused when missing, unreadable or larger than `limit` bytes. */
function readLimited(path, limit, missingHint) {
  let handle;
  try {
    handle = openSync(path, 'r');
  } catch (error) {
    if (error.code === 'ENOENT') throw new RegistryConfigError(`${path} is missing. ${missingHint}`);
    throw new RegistryConfigError(`${path} cannot be read (${error.message})`);
  }
  try {
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (let got = 1; got > 0 && length < buffer.length; length += got) {
      got = readSync(handle, buffer, length, buffer.length - length, null);
    }
    if (length > limit) {
      throw new RegistryConfigError(
        `${path} is larger than ${limit / 1024} KiB, far more than such a file needs. ` +
          'Check that it is the file you meant; shorten it.',
      );
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(handle);
  }
}

function readJson(path, limit, missingHint) {
  const text = readLimited(path, limit, missingHint);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RegistryConfigError(`${path} is not readable JSON (${error.message})`);
  }
}

// -- base64 and package.json -------------------------------------------------------------------------

/** Why a value is not canonical base64, without revealing it; null when it is valid. */
export function base64Problem(value) {
  if (!value) return 'it is empty';
  if (/\s/.test(value))
    return 'it contains whitespace or a line break (use `base64 -w0` or strip the newline)';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    return 'it contains characters outside the base64 alphabet (A-Z, a-z, 0-9, +, /, = padding)';
  }
  if (value.length % 4)
    return `its length (${value.length}) is not a multiple of 4, so it is not padded base64`;
  if (Buffer.from(value, 'base64').toString('base64') !== value) return 'it does not decode as base64';
  if (Buffer.from(value, 'base64').length === 0) return 'it decodes to an empty password';
  return null;
}

/** Private scope -> packages of that scope in package.json (only scopes in use). */
export function neededScopes(pkg, scopes) {
  const names = new Set();
  for (const field of DEPENDENCY_FIELDS) {
    if (pkg[field] && typeof pkg[field] === 'object') Object.keys(pkg[field]).forEach((n) => names.add(n));
  }
  const needed = new Map();
  for (const scope of scopes) {
    const users = [...names].filter((name) => name.startsWith(`${scope}/`)).sort();
    if (users.length) needed.set(scope, users);
  }
  return needed;
}

// -- the rules -------------------------------------------------------------------------------------------

const lastPart = (key) => key.slice(key.lastIndexOf(':') + 1);
const envValue = (env, name) => (Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined);

/** Every variable the entry refers to that npm cannot replace with a non-empty value. */
function variableProblems(entry, npmrc, keyOnly = false) {
  const problems = [];
  const where = `${npmrc.where} line ${entry.line}, \`${shownKey(written(entry.key))}\``;
  const found = keyOnly ? references(entry.key) : entryReferences(entry);
  for (const reference of found) {
    if (envValue(npmrc.env, reference.name)) continue;
    const shown = shownName(reference.name);
    const isSet = Object.prototype.hasOwnProperty.call(npmrc.env, reference.name);
    if (!PLAIN_NAME.test(reference.name) && !isSet) {
      const plain = shown.replace(/\.\.\.$/, '').replace(/[:\-=+]+$/, '') || 'NAME';
      problems.push(
        `\`\${${shown}}\` (${where}) is not npm syntax: npm has no default values, it ` +
          `looks for a variable named \`${shown}\` and, as none is set, uses the text as ` +
          `written; write \`\${${plain}}\` and set ${plain}`,
      );
      continue;
    }
    problems.push(`${shown} ${isSet ? 'is empty' : 'is not set'} (${where}, refers to it)`);
  }
  return problems;
}

function credentialProblems(found, npmrc) {
  const problems = [];
  const { rules } = npmrc;
  const first = SECRET_KEYS.filter((name) => found.has(name)).map((name) => found.get(name).entry)[0];
  const firstKey = written(first.key);
  const prefix = shownKey(firstKey.slice(0, firstKey.lastIndexOf(':')));
  for (const [name, setting] of found) {
    const { entry } = setting;
    if (SECRET_KEYS.includes(name) && !(entry.text && references(entry.value).length)) {
      const variable = name === '_password' ? rules.credentials.password : 'VARIABLE';
      problems.push(
        `${npmrc.where} line ${entry.line} holds a literal secret for ${prefix}: ` +
          `write \`${prefix}:${name}=\${${variable}}\` and set the variable instead`,
      );
      continue;
    }
    const unset = variableProblems(entry, npmrc);
    problems.push(...unset);
    if (name === '_password' && (rules.passwordEncoding ?? 'base64') === 'base64' && unset.length === 0) {
      const problem = base64Problem(setting.value);
      if (problem) {
        const names = references(entry.value)
          .map((reference) => shownName(reference.name))
          .join(', ');
        problems.push(`${names} must be the password encoded as base64, but ${problem}`);
      }
    }
  }
  if (found.has('_password') && !found.has('username')) {
    problems.push(
      `${npmrc.where} has a password but no \`${prefix}:username=\${${rules.credentials.username}}\``,
    );
  }
  return problems;
}

function credentials(url, shown, suggested, npmrc) {
  for (const key of authKeys(url)) {
    const found = new Map();
    for (const name of CREDENTIAL_KEYS) {
      if (npmrc.settings.has(`${key}:${name}`)) found.set(name, npmrc.settings.get(`${key}:${name}`));
    }
    if (SECRET_KEYS.some((name) => found.has(name))) return credentialProblems(found, npmrc);
  }
  const c = npmrc.rules.credentials;
  const problems = [
    `${npmrc.where} has no credentials for the registry ${shown}: add ` +
      `\`${suggested}:username=\${${c.username}}\`, \`${suggested}:_password=\${${c.password}}\` ` +
      `and \`${suggested}:email=\${${c.email}}\``,
  ];
  for (const setting of npmrc.settings.values()) {
    // a key npm cannot match while its variable is unset
    if (CREDENTIAL_KEYS.includes(lastPart(setting.entry.key))) {
      problems.push(...variableProblems(setting.entry, npmrc, true));
    }
  }
  return problems;
}

/** What, where and how to fix, for every scope in use sent to a placeholder host; else null. */
function placeholderProblem(scopes, npmrc) {
  const found = [];
  for (const scope of scopes) {
    const setting = npmrc.settings.get(`${scope}:registry`);
    const url = setting ? parseRegistryUrl(setting.value) : null;
    if (!url || !isPlaceholderHost(url.host)) continue;
    const value = written(setting.entry.value);
    const key = parseRegistryUrl(value) ? suggestedKey(value) : authKeys(url)[0];
    found.push({ line: setting.entry.line, scope, url: shownUrl(value), key: shownUrl(key) });
  }
  if (found.length === 0) return null;
  const lines = found.map(({ line, scope, url }) => `line ${line} (${scope} -> \`${url}\`)`).join(' and ');
  const keys = [...new Set(found.map(({ key }) => `\`${key}:...\``))].join(', ');
  const one = found.length === 1;
  return (
    `${npmrc.where} ${lines} ${one ? 'points' : 'point'} at a placeholder host reserved for ` +
    `examples (RFC 2606), not at a registry: write your registry's URL in ` +
    `${one ? 'that line' : 'those lines'} and in the credential keys that repeat it (${keys}), ` +
    'or make the module with `scaffold new-module --registry-url URL`'
  );
}

function registryProblems(scope, setting, npmrc) {
  const { entry } = setting;
  const problems = variableProblems(entry, npmrc);
  const url = parseRegistryUrl(setting.value);
  if (!url)
    return [...problems, `${scope}:registry in ${npmrc.where} line ${entry.line} is not an http(s) URL`];
  const shown = shownUrl(written(entry.value));
  const suggested = parseRegistryUrl(written(entry.value))
    ? shownUrl(suggestedKey(written(entry.value)))
    : shownUrl(authKeys(url)[0]); // the whole URL comes from a variable
  if (url.userinfo) {
    const c = npmrc.rules.credentials;
    problems.push(
      `the ${scope} registry URL in ${npmrc.where} line ${entry.line} (\`${shown}\`) carries ` +
        'credentials: secrets must be ${VAR} references in credential lines, not part of the ' +
        `URL; remove what comes before the \`@\` and write \`${suggested}:username=` +
        `\${${c.username}}\` and \`${suggested}:_password=\${${c.password}}\``,
    );
  }
  return [...problems, ...credentials(url, shown, suggested, npmrc)];
}

/** Values no message may show: what the variables hold, literal secrets, URL userinfo. */
function secretValues(entries, npmrc) {
  const secrets = [];
  for (const entry of entries) {
    const isPublic = PUBLIC_KEYS.includes(lastPart(entry.key));
    for (const reference of isPublic ? references(entry.key) : entryReferences(entry)) {
      secrets.push(envValue(npmrc.env, reference.name) ?? '');
    }
    if (SECRET_KEYS.includes(lastPart(entry.key)) && references(entry.value).length === 0) {
      secrets.push(entry.value); // a literal secret: reported by line, never shown
    }
  }
  for (const [key, setting] of npmrc.settings) {
    const url = key.endsWith(':registry') ? parseRegistryUrl(setting.value) : null;
    if (url && url.userinfo) {
      // the user name alone is not secret
      secrets.push(url.userinfo, url.userinfo.slice(url.userinfo.indexOf(':') + 1));
    }
  }
  return secrets;
}

/** {registries: Map scope -> URL as written, credentials masked} or throws RegistryConfigError. */
export function checkRegistry(folder, env) {
  const pkg = readJson(
    join(folder, 'package.json'),
    MAX_PACKAGE_JSON_BYTES,
    'Pass the module project or its frontend folder.',
  );
  const rules = readJson(
    join(folder, 'src', 'contract', 'registry.json'),
    MAX_RULES_BYTES,
    'Run `scaffold regenerate` in the project to restore it.',
  );
  const needed = neededScopes(pkg, rules.scopes);
  const registries = new Map();
  if (needed.size === 0) return { registries };
  const where = join(folder, '.npmrc');
  const entries = parseNpmrc(
    readLimited(
      where,
      MAX_NPMRC_BYTES,
      'It must map the private scopes to their registry; restore it from the template (scaffold upgrade) or git.',
    ),
  );
  const npmrc = { where, settings: npmSettings(entries, env), env, rules };
  const placeholder = placeholderProblem(needed.keys(), npmrc);
  if (placeholder) {
    throw new RegistryConfigError(
      scrub(
        `the private npm registry configuration of ${folder} is not usable: ${placeholder}`,
        secretValues(entries, npmrc),
      ) + '.',
    );
  }
  const problems = [];
  for (const [scope, packages] of needed) {
    const setting = npmrc.settings.get(`${scope}:registry`);
    if (!setting) {
      problems.push(
        `${packages.join(', ')} need(s) \`${scope}:registry=URL\` in ${where}, and there is none`,
      );
      continue;
    }
    registries.set(scope, shownUrl(written(setting.entry.value)));
    problems.push(...registryProblems(scope, setting, npmrc));
  }
  const secrets = secretValues(entries, npmrc);
  if (problems.length) {
    const unique = [...new Set(problems)];
    throw new RegistryConfigError(
      scrub(
        `the private npm registry configuration of ${folder} is not usable: ${unique.join('; ')}`,
        secrets,
      ) +
        `. Set the variables in your shell or CI secrets, e.g. export ${rules.credentials.password}=` +
        `$(printf '%s' "$PASSWORD" | base64 -w0); never write the secrets into .npmrc.`,
    );
  }
  for (const [scope, url] of registries) registries.set(scope, scrub(url, secrets));
  return { registries };
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const folder = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  try {
    const { registries } = checkRegistry(folder, process.env);
    if (registries.size) {
      const list = [...registries].map(([scope, url]) => `${scope} -> ${url}`).join(', ');
      console.log(`registry configuration is usable (${list})`);
    }
  } catch (error) {
    if (!(error instanceof RegistryConfigError)) throw error;
    console.error(`error: ${error.message}`);
    process.exit(1);
  }
}
