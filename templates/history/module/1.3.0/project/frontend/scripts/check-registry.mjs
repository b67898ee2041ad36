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
//   2. Every private scope in use has `@scope:registry=URL` in .npmrc.
//   3. That registry has credentials keyed to it (//host/path/:username, :_password or a token),
//      found the way npm finds them (walking up the URL path).
//   4. Secrets are ${VAR} references, never literal text in the file.
//   5. Every referenced variable is set and not empty; the password is canonical base64.
//
// Usage: node scripts/check-registry.mjs [FRONTEND_DIR]   (exit 0: usable or not needed; 1: not)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECRET_KEYS = ['_password', '_authToken', '_auth'];
const CREDENTIAL_KEYS = [...SECRET_KEYS, 'username', 'email'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const REFERENCE = /(?<!\\)\$\{([^${}?]+)(\?)?\}/g;

export class RegistryConfigError extends Error {}

function readText(path, what) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') throw new RegistryConfigError(`${path} is missing (${what})`);
    throw new RegistryConfigError(`${path} cannot be read (${error.message})`);
  }
}

function readJson(path, what) {
  try {
    return JSON.parse(readText(path, what));
  } catch (error) {
    if (error instanceof RegistryConfigError) throw error;
    throw new RegistryConfigError(`${path} is not readable JSON (${error.message})`);
  }
}

/** key -> {value, line, references}; a later line wins, as in npm. */
export function parseNpmrc(text) {
  const entries = new Map();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';') || !line.includes('=')) return;
    const at = line.indexOf('=');
    const key = line.slice(0, at).trim();
    let value = line.slice(at + 1).trim();
    if (value.length >= 2 && value[0] === value[value.length - 1] && (value[0] === '"' || value[0] === "'")) {
      value = value.slice(1, -1);
    }
    const references = [...value.matchAll(REFERENCE)].map((match) => match[1]);
    entries.set(key, { key, value, line: index + 1, references });
  });
  return entries;
}

/** The value as npm sees it: set variables replaced, unset ones left as literal text. */
export function expand(entry, env) {
  return entry.value.replace(REFERENCE, (whole, name, optional) => {
    if (Object.prototype.hasOwnProperty.call(env, name)) return env[name];
    return optional ? '' : whole;
  });
}

/** npm's credential key for a registry URL: https://h:1/a/b/ -> //h:1/a/b/ */
export function nerfDart(url) {
  const parsed = new URL(url);
  const path = parsed.pathname.endsWith('/') ? parsed.pathname : parsed.pathname.replace(/[^/]*$/, '');
  return `//${parsed.host}${path}`;
}

/** Nerf darts npm tries for a URL, most specific first (it walks up the path). */
export function credentialPrefixes(url) {
  let dart = nerfDart(url);
  const prefixes = [dart];
  while ((dart.match(/\//g) || []).length > 3) {
    dart = dart.slice(0, dart.slice(0, -1).lastIndexOf('/') + 1);
    prefixes.push(dart);
  }
  return prefixes;
}

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

function unset(entry, env, where) {
  return entry.references
    .filter((name) => !env[name])
    .map((name) => {
      const state = Object.prototype.hasOwnProperty.call(env, name) ? 'is empty' : 'is not set';
      return `${name} ${state} (${where} line ${entry.line}, \`${entry.key}\`, refers to it)`;
    });
}

function credentialProblems(prefix, found, env, rules, where) {
  const problems = [];
  for (const [key, entry] of found) {
    if (SECRET_KEYS.includes(key) && entry.references.length === 0) {
      const variable = key === '_password' ? rules.credentials.password : 'VARIABLE';
      problems.push(
        `${where} line ${entry.line} holds a literal secret for ${prefix}: ` +
          `write \`${prefix}:${key}=\${${variable}}\` and set the variable instead`,
      );
      continue;
    }
    const missing = unset(entry, env, where);
    problems.push(...missing);
    if (key === '_password' && (rules.passwordEncoding ?? 'base64') === 'base64' && missing.length === 0) {
      const problem = base64Problem(expand(entry, env));
      if (problem) {
        problems.push(
          `${entry.references.join(', ')} must be the password encoded as base64, but ${problem}`,
        );
      }
    }
  }
  if (found.has('_password') && !found.has('username')) {
    problems.push(`${where} has a password but no \`${prefix}:username=\${${rules.credentials.username}}\``);
  }
  return problems;
}

function credentials(url, entries, env, rules, where) {
  for (const prefix of credentialPrefixes(url)) {
    const found = new Map();
    for (const key of CREDENTIAL_KEYS) {
      if (entries.has(`${prefix}:${key}`)) found.set(key, entries.get(`${prefix}:${key}`));
    }
    if (SECRET_KEYS.some((key) => found.has(key)))
      return credentialProblems(prefix, found, env, rules, where);
  }
  const dart = credentialPrefixes(url)[0];
  const c = rules.credentials;
  return [
    `${where} has no credentials for the registry ${url}: add \`${dart}:username=\${${c.username}}\`, ` +
      `\`${dart}:_password=\${${c.password}}\` and \`${dart}:email=\${${c.email}}\``,
  ];
}

/** {registries: Map scope -> URL} or throws RegistryConfigError listing every problem. */
export function checkRegistry(folder, env) {
  const pkg = readJson(join(folder, 'package.json'), 'the frontend package');
  const rules = readJson(
    join(folder, 'src', 'contract', 'registry.json'),
    'run `scaffold regenerate` to restore it',
  );
  const needed = neededScopes(pkg, rules.scopes);
  const registries = new Map();
  if (needed.size === 0) return { registries };
  const where = join(folder, '.npmrc');
  const entries = parseNpmrc(readText(where, 'it must map the private scopes to their registry'));
  const problems = [];
  for (const [scope, packages] of needed) {
    const entry = entries.get(`${scope}:registry`);
    if (!entry) {
      problems.push(
        `${packages.join(', ')} need(s) \`${scope}:registry=URL\` in ${where}, and there is none`,
      );
      continue;
    }
    problems.push(...unset(entry, env, where));
    const url = expand(entry, env);
    registries.set(scope, url);
    if (!/^https?:\/\//.test(url)) {
      problems.push(`${scope}:registry in ${where} line ${entry.line} is not an http(s) URL`);
      continue;
    }
    problems.push(...credentials(url, entries, env, rules, where));
  }
  if (problems.length) {
    const unique = [...new Set(problems)];
    throw new RegistryConfigError(
      `the private npm registry configuration of ${folder} is not usable: ${unique.join('; ')}. ` +
        `Set the variables in your shell or CI secrets, e.g. export ${rules.credentials.password}=` +
        `$(printf '%s' "$PASSWORD" | base64 -w0); never write the secrets into .npmrc.`,
    );
  }
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
