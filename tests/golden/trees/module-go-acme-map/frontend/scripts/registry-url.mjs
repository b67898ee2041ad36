// Registry URLs: the .npmrc keys npm looks up credentials under, and how to show a URL or key without
// the credentials it may carry (template-owned; used by check-registry.mjs).
//
// npm-registry-fetch looks for credentials under //host[:port]/path keys, starting at the request URL
// (the registry without trailing slashes, then /@scope%2fname) and walking up by removing either the
// last segment or the trailing slash. What is shown is built from the text as written in .npmrc
// (${FURY_TOKEN} stays ${FURY_TOKEN}); userinfo, a query, a fragment and path segments that look like
// tokens are masked; `scrub` then replaces any known secret value left in a finished message.

const MASK = '***';
const SHORTEST_SCRUBBED = 4;

// -- registry URLs and the keys npm looks up for them ----------------------------------------------

/** {scheme, userinfo, host, path} of an http(s) URL as Node's URL sees it, or null. */
export function parseRegistryUrl(text) {
  let parsed;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.host) return null;
  const userinfo = parsed.username || parsed.password ? `${parsed.username}:${parsed.password}` : '';
  return { scheme: parsed.protocol.slice(0, -1), userinfo, host: parsed.host, path: parsed.pathname };
}

/** Keys npm tries for a registry's packages, most specific first (npm-registry-fetch's walk). */
export function authKeys(url) {
  let key = `//${url.host}${url.path.replace(/\/+$/, '')}/`;
  const keys = [];
  while (key.length > 2) {
    keys.push(key);
    key = key.replace(/(?:[^/]+|\/)$/, '');
  }
  return keys;
}

// Names reserved for examples or for names that never resolve (RFC 2606, RFC 6761): the host of
// the URL `scaffold new-module` writes without --registry-url (npm.example.invalid) and of URLs
// copied from docs. localhost, .localhost, .test, single names and IP addresses are not: a team may
// run a registry proxy under them. (scaffold: scaffold/registry/placeholders.py)
const NEVER_RESOLVES = ['invalid', 'example'];
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** True for a registry host (`name[:port]`, as Node's URL gives it) reserved for examples. */
export function isPlaceholderHost(host) {
  if (host.startsWith('[')) return false; // an IPv6 address
  const name = host.includes(':') ? host.slice(0, host.lastIndexOf(':')) : host;
  const labels = name.toLowerCase().replace(/\.+$/, '').split('.');
  if (labels.length < 2) return false; // a single name (localhost, a container's name) is a local host
  return (
    NEVER_RESOLVES.includes(labels.at(-1)) ||
    EXAMPLE_DOMAINS.includes(labels.slice(-2).join('.')) ||
    labels.slice(1, -1).includes('example') // *.example.*: npm.example.test, registry.example.co.uk
  );
}

function splitOnce(text, separators) {
  const index = [...text].findIndex((char) => separators.includes(char));
  return index === -1 ? [text, ''] : [[...text].slice(0, index).join(''), [...text].slice(index).join('')];
}

/** The credential key to write for a registry URL as written (its ${VAR}s kept). */
export function suggestedKey(writtenUrl) {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(writtenUrl);
  const defaultPort = scheme ? ({ http: '80', https: '443' }[scheme[1].toLowerCase()] ?? '') : '';
  const rest = writtenUrl.slice(scheme ? scheme[0].length : 0).replace(/^\/+/, '');
  let [authority, after] = splitOnce(rest, '/?#');
  authority = authority.slice(authority.lastIndexOf('@') + 1);
  if (!authority.includes('${')) {
    authority = authority.toLowerCase();
    if (authority.endsWith(`:${defaultPort}`)) authority = authority.slice(0, -defaultPort.length - 1);
  }
  const [path] = splitOnce(after, '?#');
  return `//${authority}${path.replace(/\/+$/, '')}/`;
}

// -- showing URLs and keys without their credentials -------------------------------------------------

const TOKEN_RUN = /[A-Za-z0-9]{16,}/g;
const TOKEN_PREFIX = /(?:npm_|gh[pousr]_|github_pat_|glpat-|xox[abpr]-|eyJ)[A-Za-z0-9_\-.]{8,}/;
const REFERENCE = /\$\{[^${}]*\}/g;
const HOLE = /\ue000([0-9]+)\ue001/g;
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/gu;
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:)?(\/\/)?([^/?#]*)([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/;

/** Text with control, bidi and lone-surrogate characters escaped: one safe terminal line. */
export function printable(text) {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** True for a literal path segment that may be a credential (references are not). */
export function looksLikeToken(segment) {
  const literal = segment.replace(REFERENCE, '\u0000').replace(HOLE, '\u0000');
  if (TOKEN_PREFIX.test(literal)) return true;
  return (literal.match(TOKEN_RUN) ?? []).some((run) => /[0-9]/.test(run) && /[A-Za-z]/.test(run));
}

/** A URL as written in .npmrc, with userinfo, query, fragment and token-like segments masked. */
export function shownUrl(writtenUrl) {
  const clean = writtenUrl.replace(/[\ue000\ue001]/g, '\ufffd'); // no fake holes from the file
  const held = clean.match(REFERENCE) ?? []; // `${TOKEN?}` holds a `?` that starts no query
  let counter = 0;
  const match = URL_PARTS.exec(clean.replace(REFERENCE, () => `\ue000${counter++}\ue001`));
  let [, scheme, slashes, authority, path, query, fragment] = match;
  if (!slashes) [authority, path] = ['', authority + path];
  if (authority.includes('@')) authority = `${MASK}@${authority.slice(authority.lastIndexOf('@') + 1)}`;
  const segments = path.split('/').map((segment) => (looksLikeToken(segment) ? MASK : segment));
  let shown = (scheme ?? '') + (slashes ?? '') + authority + segments.join('/');
  if (query) shown += `?${MASK}`;
  if (fragment) shown += `#${MASK}`;
  return printable(shown.replace(HOLE, (hole, index) => held[Number(index)]));
}

/** A key as written: a credential key's //host/path/ part masked like a URL. */
export function shownKey(writtenKey) {
  const colon = writtenKey.lastIndexOf(':');
  if (writtenKey.startsWith('//') && colon !== -1) {
    return `${shownUrl(writtenKey.slice(0, colon))}:${printable(writtenKey.slice(colon + 1))}`;
  }
  return printable(writtenKey);
}

/** Text with every secret value (and its percent-encoded forms) replaced by the mask. */
export function scrub(text, secrets) {
  const unique = [...new Set(secrets.filter((secret) => secret.length >= SHORTEST_SCRUBBED))];
  unique.sort((a, b) => b.length - a.length);
  for (const secret of unique) {
    const forms = new Set([secret, pythonQuote(secret, ''), pythonQuote(secret, '/:@')]);
    for (const form of forms) text = text.split(form).join(MASK);
  }
  return text;
}

/** Percent-encoding with the same safe characters as Python's urllib.parse.quote. */
function pythonQuote(text, safe) {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_.~-]/.test(char) || (byte < 128 && safe.includes(char))
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}
