// How npm 11 reads .npmrc: its `ini` dialect and its ${VAR} expansion (template-owned; used by
// check-registry.mjs, which runs before node_modules exist, so nothing here imports a package).
//
// npm parses the file with the `ini` package and then expands variables in every key and every text
// value (@npmcli/config, lib/env-replace.js): ${NAME} is replaced when NAME is set and stays literal
// text when it is not; ${NAME?} becomes an empty string when unset; ${NAME:-default} is not a
// default but a lookup of a variable literally named `NAME:-default`; a backslash escapes a
// reference, backslashes before one come in pairs and half are kept. In the file itself `ini` has
// already turned `\\` into `\` and cut the value at an unescaped `;` or `#` (a comment), unless the
// whole value is quoted ("..." is JSON). `scaffold registry-check` has the same port, and both are
// tested against `npm config list` of the real npm.

// npm's own expression (@npmcli/config, lib/env-replace.js), character for character.
const ENV_EXPR = /(?<!\\)(\\*)\$\{([^${}?]+)(\?)?\}/g;
export const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHELL_OPERATOR = /^[A-Za-z_][A-Za-z0-9_]*(?::?[-=+])?/;
const NOT_TEXT = ['true', 'false', 'null'];

// -- npm's ${VAR} expansion ------------------------------------------------------------------------

/** References npm replaces in text ({name, optional}); an odd run of backslashes escapes one. */
export function references(text) {
  return [...text.matchAll(ENV_EXPR)]
    .filter((match) => match[1].length % 2 === 0)
    .map((match) => ({ name: match[2], optional: match[3] === '?' }));
}

/** Text as npm sees it: exactly npm's replacement, escapes included. */
export function expand(text, env) {
  return text.replace(ENV_EXPR, (orig, esc, name, modifier) => {
    if (esc.length % 2) return orig.slice((esc.length + 1) / 2);
    const fallback = modifier === '?' ? '' : `\${${name}}`;
    const value = env[name] !== undefined ? env[name] : fallback;
    return esc.slice(esc.length / 2) + value;
  });
}

/** A variable name fit for a message: plain names as they are, others cut before their text. */
export function shownName(name) {
  if (PLAIN_NAME.test(name)) return name;
  const match = SHELL_OPERATOR.exec(name);
  return `${match ? match[0] : ''}...`;
}

/** Text as written in .npmrc, references unexpanded and odd names shortened. */
export function written(text) {
  return text.replace(
    ENV_EXPR,
    (orig, esc, name, modifier) => `${esc}\${${shownName(name)}${modifier ?? ''}}`,
  );
}

// -- npm's ini dialect (the `ini` package npm parses .npmrc with) -------------------------------------

function unsafe(raw) {
  const value = raw.trim();
  if (value.length >= 1 && value[0] === value[value.length - 1] && (value[0] === '"' || value[0] === "'")) {
    const inner = value[0] === "'" ? value.slice(1, -1) : value;
    try {
      const parsed = JSON.parse(inner);
      return typeof parsed === 'string' ? [parsed, true] : [inner, false];
    } catch {
      return [inner, true];
    }
  }
  let kept = '';
  let escaped = false;
  for (const char of value) {
    if (escaped) {
      kept += '\\;#'.includes(char) ? char : `\\${char}`;
      escaped = false;
    } else if (char === ';' || char === '#') {
      break;
    } else if (char === '\\') {
      escaped = true;
    } else {
      kept += char;
    }
  }
  if (escaped) kept += '\\';
  return [kept.trim(), true];
}

/** Top-level entries ({key, value, line, text}) as npm's `ini.parse` gives them, in its order. */
export function parseNpmrc(text) {
  const found = new Map();
  const lists = new Map();
  const lineRe = /^\[([^\]]*)\]\s*$|^([^=]+)(=(.*))?$/;
  let lineNumber = 1;
  let position = 0;
  for (const match of text.matchAll(/[^\r\n]+/g)) {
    lineNumber += (text.slice(position, match.index).match(/\r\n|\r|\n/g) ?? []).length;
    position = match.index;
    const line = match[0];
    if (/^\s*[;#]/.test(line) || /^\s*$/.test(line)) continue;
    const parsed = lineRe.exec(line);
    if (!parsed) continue;
    if (parsed[1] !== undefined) break; // a [section]: what follows is not top-level configuration
    let [key] = unsafe(parsed[2]);
    const isList = key.length > 2 && key.endsWith('[]');
    if (isList) key = key.slice(0, -2);
    if (key === '__proto__') continue;
    let [value, isText] = parsed[3] ? unsafe(parsed[4]) : ['true', false];
    if (isText && NOT_TEXT.includes(value)) isText = false;
    if (isList || lists.has(key)) {
      if (!lists.has(key)) lists.set(key, found.has(key) ? [found.get(key).value] : []);
      lists.get(key).push(value);
      [value, isText] = [lists.get(key).join(','), false]; // a list is not text: npm leaves it alone
    } else if (isText) {
      value = value.trim(); // npm's parseField trims text before expanding it
      isText = ![...NOT_TEXT, 'undefined'].includes(value);
    }
    found.set(key, { key, value, line: lineNumber, text: isText });
  }
  return [...found.values()];
}

export function entryReferences(entry) {
  return [...references(entry.key), ...(entry.text ? references(entry.value) : [])];
}

/** Expanded key -> {entry, value}, as npm loads them (a later key that expands the same way wins). */
export function npmSettings(entries, env) {
  const settings = new Map();
  for (const entry of entries) {
    settings.set(expand(entry.key, env), {
      entry,
      value: entry.text ? expand(entry.value, env) : entry.value,
    });
  }
  return settings;
}
