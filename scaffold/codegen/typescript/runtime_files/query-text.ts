/**
 * A query's text: `DataQuery.json` read as an object, and `$variables` expanded in a text.
 *
 * The contract sends a JSON-mode query as `DataQuery.json` (and a variable query as
 * `VariablesRequest.json`): "JSON text with free structure", a string inside the request, so the
 * routes' strict reading of the body never looked inside it. `queryJson` and `variableQueryJson`
 * read it as strictly as the body (scaffold/codegen/cases/data_queries.json holds the cases every
 * runtime reads alike):
 *
 * - absent, empty or JSON white space only: `{}` (a query sent without a form);
 * - longer than MAX_QUERY_TEXT_BYTES (UTF-8), arrays and objects nested deeper than MAX_JSON_DEPTH,
 *   no JSON, a key twice in one object or a lone surrogate, or a value other than an object: a
 *   PluginError 422 in the contract's get-result shape, message "Query <refID>: <reason>" and
 *   validationErrors {<refID>: <reason>}. A refID that is not a short plain identifier is named by
 *   its position (#2) and keyed `dataQuery.<index>`, so an answer never quotes arbitrary request
 *   text. `variableQueryJson` answers "Variable query: <reason>", keyed `json`; `parseJsonObject`
 *   throws the bare reason for any other text.
 *
 * The contract says only that `variables` "holds variables to be substituted in the query".
 * `expandVariables` substitutes them the common way (scaffold/codegen/cases/variable_expansion.json):
 *
 * - `$name` and `${name}`, a name being `[A-Za-z_][A-Za-z0-9_]*` (`$name` takes the longest);
 *   anything else after `$` (`$1`, `$$`, `${a-b}`, a `${` never closed) is text, kept as written;
 * - a string value stands for itself, a list for its items joined by "," (none: empty text); only
 *   the request's own names count (`$constructor` is no variable unless the request sends one);
 * - `escape` is applied to every value (every item of a list) before it is put in the text, never
 *   to the text around it: pass `sqlString` for a SQL string literal, `urlComponent` for a URL part,
 *   or your driver's own quoting. Better still, bind values as parameters where the driver can;
 * - a name the request does not define is, by `undefined`: 'error' (the default, a PluginError 422
 *   naming it), 'keep' (the reference stays as written) or 'empty' (replaced by nothing);
 * - the result is at most `maxBytes` (UTF-8; MAX_QUERY_TEXT_BYTES by default), else a 422.
 *
 * `variableReference` tells whether a text is one whole reference, for a value that takes a
 * variable's list as a list (a filter `host = $hosts` meaning "any of them").
 */

import { readJson } from './body-limits.js';
import { runtimeText } from './catalog.js';
import { PluginError } from './errors.js';
import { DEFAULT_LOCALE, MAX_JSON_DEPTH, MAX_QUERY_TEXT_BYTES } from './runtime-constants.js';
import type { DataQuery, Variables } from './types.js';

/** A JSON object as a query text holds it. */
export type JsonObject = Record<string, unknown>;

/** How long a text may be (UTF-8 bytes) and how deep its JSON may nest. */
export interface TextBounds {
  readonly maxBytes?: number;
  readonly maxDepth?: number;
}

/** What `expandVariables` does with each value, with an undefined name, and how long it may grow. */
export interface ExpandOptions {
  readonly escape?: (value: string) => string;
  readonly undefined?: 'error' | 'keep' | 'empty';
  readonly maxBytes?: number;
}

// A refID a message may name: short and plain (anything else is named by its position).
const PLAIN_REF = /^[A-Za-z0-9_-]{1,16}$/;
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
const WHOLE_REFERENCE = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;
const JSON_SPACE_ONLY = /^[ \t\n\r]*$/;
const NAME_CHARS = 64; // a longer variable name is clipped in a message

/**
 * A 422 about query number `index` (from 0) of a get-result request, in the contract's shape:
 * "Query A: <reason>", validationErrors {A: reason}; a refID that is not a short plain identifier
 * is named by position ("Query #3") and keyed "dataQuery.2".
 */
export function queryError(
  refID: string | undefined,
  index: number,
  reason: string,
  locale: string = DEFAULT_LOCALE,
): PluginError {
  const ref = refID ?? '';
  const plain = PLAIN_REF.test(ref);
  const name = plain ? ref : runtimeText(locale, 'query.position', { n: String(index + 1) });
  const key = plain ? ref : `dataQuery.${index}`;
  return new PluginError(runtimeText(locale, 'query.invalid', { query: name, reason }), {
    validationErrors: { [key]: reason },
  });
}

/** `query.json` (query number `index` of the request) as an object; a 422 naming the query. */
export function queryJson(
  query: Pick<DataQuery, 'refID' | 'json'>,
  index: number,
  locale: string = DEFAULT_LOCALE,
  bounds: TextBounds = {},
): JsonObject {
  try {
    return parseJsonObject(query.json, locale, bounds);
  } catch (error) {
    if (error instanceof PluginError) {
      throw queryError(query.refID, index, error.message, locale);
    }
    throw error;
  }
}

/** A VariablesRequest.json text as an object; a 422 "Variable query: <reason>", keyed json. */
export function variableQueryJson(
  text: string | undefined,
  locale: string = DEFAULT_LOCALE,
  bounds: TextBounds = {},
): JsonObject {
  try {
    return parseJsonObject(text, locale, bounds);
  } catch (error) {
    if (error instanceof PluginError) {
      throw new PluginError(runtimeText(locale, 'query.variable', { reason: error.message }), {
        validationErrors: { json: error.message },
      });
    }
    throw error;
  }
}

/** A JSON text as an object ({} when absent or white space); a PluginError 422 with the reason. */
export function parseJsonObject(
  text: string | undefined,
  locale: string = DEFAULT_LOCALE,
  bounds: TextBounds = {},
): JsonObject {
  if (text === undefined || JSON_SPACE_ONLY.test(text)) {
    return {};
  }
  const maxBytes = bounds.maxBytes ?? MAX_QUERY_TEXT_BYTES;
  const maxDepth = Math.min(bounds.maxDepth ?? MAX_JSON_DEPTH, MAX_JSON_DEPTH); // lowered, never raised
  const raw = Buffer.from(text, 'utf-8');
  if (raw.length > maxBytes) {
    throw new PluginError(runtimeText(locale, 'query.jsonTooLarge', { max: String(maxBytes) }));
  }
  if (depthOf(text) > maxDepth) {
    throw new PluginError(runtimeText(locale, 'query.jsonTooDeep', { max: String(maxDepth) }));
  }
  const read = readJson(raw, maxDepth);
  if (!read.ok) {
    throw new PluginError(runtimeText(locale, 'query.jsonInvalid'));
  }
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PluginError(runtimeText(locale, 'query.jsonNotObject'));
  }
  return value as JsonObject;
}

/**
 * How deep arrays and objects nest in `text`, strings left out (a string runs to its closing quote
 * or the end; a backslash escapes the next character). Found before parsing, as the Python and Go
 * runtimes find it, so what is too deep does not depend on where a parser would stop first.
 */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) {
        i += 1;
      } else if (char === 0x22) {
        inString = false;
      }
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** The variable name when `text` is exactly one reference (`$name` or `${name}`), else undefined. */
export function variableReference(text: string): string | undefined {
  const match = WHOLE_REFERENCE.exec(text);
  return match === null ? undefined : (match[1] ?? match[2]);
}

/** `text` with `$name` / `${name}` replaced by the request's variables (see the file's doc). */
export function expandVariables(
  text: string,
  variables: Variables | undefined,
  locale: string = DEFAULT_LOCALE,
  options: ExpandOptions = {},
): string {
  const known = variables ?? {};
  const escape = options.escape;
  const maxBytes = options.maxBytes ?? MAX_QUERY_TEXT_BYTES;
  const parts: string[] = [];
  let size = 0;
  const add = (part: string): void => {
    size += Buffer.byteLength(part, 'utf-8');
    if (size > maxBytes) {
      throw new PluginError(runtimeText(locale, 'query.expandedTooLarge', { max: String(maxBytes) }));
    }
    parts.push(part);
  };
  let position = 0;
  for (const match of text.matchAll(REFERENCE)) {
    add(text.slice(position, match.index));
    position = match.index + match[0].length;
    const name = match[1] ?? match[2] ?? '';
    const value = Object.hasOwn(known, name) ? known[name] : undefined;
    if (value !== undefined) {
      const items = typeof value === 'string' ? [value] : value;
      add((escape === undefined ? items : items.map(escape)).join(','));
    } else if (options.undefined === 'keep') {
      add(match[0]);
    } else if (options.undefined !== 'empty') {
      const shown = name.length <= NAME_CHARS ? name : `${name.slice(0, NAME_CHARS)}…`;
      throw new PluginError(runtimeText(locale, 'query.variableUndefined', { name: `$${shown}` }));
    }
  }
  add(text.slice(position));
  return parts.join('');
}

/**
 * `value` as a standard SQL string literal: in single quotes, each quote doubled. Standard SQL
 * reads no backslash escapes (SQLite, PostgreSQL, SQL Server); a server that does (MySQL without
 * NO_BACKSLASH_ESCAPES) needs its driver's own quoting.
 */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `value` percent-encoded as UTF-8, all but the unreserved characters of RFC 3986
 * (A-Z a-z 0-9 - . _ ~), so it is one path segment or query value whatever it holds
 * (encodeURIComponent leaves ! ' ( ) * as they are).
 */
export function urlComponent(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
