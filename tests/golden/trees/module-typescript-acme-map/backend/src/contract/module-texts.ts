// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
import { formatText, type TextParams } from './catalog.js';

/** The texts this backend answers with, the same in every language scaffold writes a module backend in. */
export const MODULE_TEXTS = {
  'body.contentType': 'Request body must be JSON, sent as application/json (or text/plain)',
  'body.tooLarge': 'Request body is larger than {limit} bytes',
  'body.stalled': 'The request body stopped arriving; send the request again',
  'body.busy': 'The module backend holds as many request bodies as it may; retry',
  'body.tooDeep': 'The body is nested more than {max} levels deep',
  'body.empty': 'Request body is empty; send a JSON object',
  'json.invalid': 'Request body is not valid JSON',
  'json.notUtf8': 'Request body is not valid JSON: it is not UTF-8 text',
  'json.loneSurrogate': 'Request body is not valid JSON: it has an unpaired surrogate escape (\\uD800-\\uDFFF)',
  'json.keyTwice': 'Request body is not valid JSON: an object has a key twice',
  'envelope.neither': 'The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: {problem}',
  'envelope.notObject': '{where} must be an object',
  'envelope.required': '{where}message is required',
  'envelope.notString': '{where}message must be a string',
  'envelope.extraInPayload': 'payload allows no property other than message',
  'envelope.extraInBare': 'a bare payload allows no property other than message (an envelope needs payload)',
  'envelope.contextNotObject': 'moduleContext must be an object',
  'envelope.contextNull': 'moduleContext must be an object (null is not allowed)',
  'envelope.contextWithoutPayload': 'The body has moduleContext but no payload: a body with moduleContext is the proxy\'s envelope, so put the payload in its payload property',
  'endpoint.mismatch': 'The body does not match this endpoint: {problem}',
  'endpoint.extra': '{where} has a property this endpoint does not take',
  'secrets.undecryptable': 'moduleContext holds an encrypted value this module backend cannot decrypt (altered, or made with another key); save the module\'s settings again',
  'secrets.noKey': 'This module backend has no MODULE_SECRET_KEY, so it cannot encrypt or decrypt secrets; set MODULE_SECRET_KEY in its environment',
  'secrets.oldWithoutKey': 'MODULE_OLD_SECRET_KEYS is set but MODULE_SECRET_KEY is not; set MODULE_SECRET_KEY to the key new secrets are encrypted with',
  'sealing.summary': 'Encrypt a secret the module\'s Settings is about to save (an enc:v1: token)',
  'sealing.toSeal': 'What the module\'s Settings sends to have a secret encrypted before it saves it.',
  'sealing.toSeal.name': 'The property of the settings that will hold the value (the token is bound to it)',
  'sealing.toSeal.value': 'The secret; a value that already is an enc:v1: token comes back as it is',
  'sealing.sealed': 'The token the Settings saves in place of the secret.',
  'sealing.sealed.value': 'An enc:v1: token only this module\'s backend decrypts',
  'http.404': 'Not found: this module backend has no endpoint at this path',
  'http.405': 'Method not allowed: this path does not serve this method',
  'http.431': 'The request line and headers are larger than 16 KiB',
  'http.other': 'HTTP error {status}',
  stopping: 'The module backend is stopping; retry the request',
  internal: 'Unexpected error in the module backend (incident {incident}); see its log',
  'static.notFound': 'Not found: no such file in the frontend build',
  'static.notBuilt': 'Not found: no such file in the frontend build (the frontend is not built: run `npm run build` in frontend/)',
} as const;

/** The key of a module text. */
export type ModuleTextKey = keyof typeof MODULE_TEXTS;

/** The text `key` with each `{name}` of `params` filled in (any other `{...}` stays as written). */
export function moduleText(key: ModuleTextKey, params?: TextParams): string {
  return formatText(MODULE_TEXTS[key], params);
}
