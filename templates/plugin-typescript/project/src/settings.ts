/**
 * Settings from environment variables (template-owned); every one has a default that works on a
 * laptop, the same names and defaults as a Python plugin's:
 *
 * - HOST (127.0.0.1; 0.0.0.0 in a container) and PORT (8080): where to listen;
 * - LOG_LEVEL (info): critical (or fatal), error, warning (or warn), info, debug, trace, the names a
 *   Python plugin takes; LOG_FORMAT (text): `json` for one JSON
 *   object per log line; either way each line of a request carries its request id;
 * - PLUGIN_ENV (development): `production` requires PLUGIN_SECRET_KEY;
 * - PLUGIN_SECRET_KEY: the 32-byte base64url key encrypting password fields (`enc:v1:` tokens that
 *   a Python plugin with the same key decrypts too); PLUGIN_OLD_SECRET_KEYS: previous keys, comma-
 *   separated, still decrypted;
 * - PLUGIN_STATE_DIR (.plugin-state): the development key, and what your plugin keeps on disk;
 * - PLUGIN_PUBLIC_URL: the base URL announced in /well-known (default: as the caller reached it);
 * - PLUGIN_MAX_BODY_BYTES (10485760, 10 MiB): larger request bodies are refused with 413;
 * - PLUGIN_MAX_BODY_BYTES_IN_FLIGHT (67108864, 64 MiB): bytes of bodies held at once; more: 503;
 * - METRICS_ENABLED (true): `false` serves no GET /metrics (404);
 * - PLUGIN_MAX_RESULT_BYTES (16777216, 16 MiB): the most result data one get-result answer may
 *   hold, for your data source to enforce (the example does);
 * - PLUGIN_QUERY_SECONDS (5): the deadline of a data source method: the routes answer 422 then and
 *   abort the method's context.signal;
 * - SHUTDOWN_DRAIN_SECONDS (0; the container image sets 5): on SIGTERM, how long /readyz answers 503
 *   while new requests are still served, before the listener closes;
 * - SHUTDOWN_GRACE_SECONDS (20): then how long requests in flight may finish; their signals
 *   (RequestContext.signal) are aborted at its end.
 *
 * A value that is not allowed stops the start with one sentence naming the variable.
 */
import {
  ConfigurationError,
  MAX_BODY_BYTES,
  MAX_BODY_BYTES_IN_FLIGHT,
  SHUTDOWN_DRAIN_SECONDS,
  SHUTDOWN_GRACE_SECONDS,
} from './contract/index.js';

export const ENVIRONMENTS = ['development', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export const LOG_FORMATS = ['text', 'json'] as const;
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;
export const QUERY_SECONDS = 5;

export interface Settings {
  readonly host: string;
  readonly port: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly logFormat: (typeof LOG_FORMATS)[number];
  readonly metricsEnabled: boolean;
  readonly environment: (typeof ENVIRONMENTS)[number];
  readonly secretKey: string | undefined;
  readonly oldSecretKeys: string | undefined;
  readonly stateDir: string;
  readonly publicUrl: string | undefined;
  readonly maxBodyBytes: number;
  readonly maxBodyBytesInFlight: number;
  readonly maxResultBytes: number;
  readonly querySeconds: number;
  readonly shutdownDrainSeconds: number;
  readonly shutdownGraceSeconds: number;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const maxBodyBytes = integer(env, 'PLUGIN_MAX_BODY_BYTES', MAX_BODY_BYTES, 1024, 1024 ** 3);
  const maxBodyBytesInFlight = integer(
    env,
    'PLUGIN_MAX_BODY_BYTES_IN_FLIGHT',
    MAX_BODY_BYTES_IN_FLIGHT,
    1024,
    64 * 1024 ** 3,
  );
  if (maxBodyBytesInFlight < maxBodyBytes) {
    throw new ConfigurationError(
      `PLUGIN_MAX_BODY_BYTES_IN_FLIGHT (${maxBodyBytesInFlight}) must be at least PLUGIN_MAX_BODY_BYTES (${maxBodyBytes}): one whole body must fit`,
    );
  }
  return {
    host: text(env, 'HOST') ?? '127.0.0.1',
    port: integer(env, 'PORT', 8080, 0, 65535),
    logLevel: logLevel(env),
    logFormat: choice(env, 'LOG_FORMAT', LOG_FORMATS, 'text'),
    metricsEnabled: choice(env, 'METRICS_ENABLED', ['true', 'false'], 'true') === 'true',
    environment: choice(env, 'PLUGIN_ENV', ENVIRONMENTS, 'development'),
    secretKey: text(env, 'PLUGIN_SECRET_KEY'),
    oldSecretKeys: text(env, 'PLUGIN_OLD_SECRET_KEYS'),
    stateDir: text(env, 'PLUGIN_STATE_DIR') ?? '.plugin-state',
    publicUrl: text(env, 'PLUGIN_PUBLIC_URL')?.replace(/\/+$/, ''),
    maxBodyBytes,
    maxBodyBytesInFlight,
    maxResultBytes: integer(env, 'PLUGIN_MAX_RESULT_BYTES', MAX_RESULT_BYTES, 64 * 1024, 1024 ** 3),
    querySeconds: integer(env, 'PLUGIN_QUERY_SECONDS', QUERY_SECONDS, 1, 3600),
    shutdownDrainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', SHUTDOWN_DRAIN_SECONDS, 0, 3600),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', SHUTDOWN_GRACE_SECONDS, 0, 3600),
  };
}

/** LOG_LEVEL by the Python plugin's names too (critical, warning), as Node's logger calls them. */
function logLevel(env: NodeJS.ProcessEnv): (typeof LOG_LEVELS)[number] {
  const aliases: Readonly<Record<string, string>> = { critical: 'fatal', warning: 'warn' };
  const given = text(env, 'LOG_LEVEL')?.toLowerCase();
  const name = given === undefined ? undefined : (aliases[given] ?? given);
  const found = LOG_LEVELS.find((level) => level === (name ?? 'info'));
  if (found === undefined) {
    throw new ConfigurationError(
      'LOG_LEVEL must be one of critical, error, warning, info, debug, trace (fatal and warn too)',
    );
  }
  return found;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = text(env, name);
  if (value === undefined) {
    return fallback;
  }
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigurationError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

function choice<T extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = text(env, name)?.toLowerCase() ?? fallback;
  const found = allowed.find((item) => item === value);
  if (found === undefined) {
    throw new ConfigurationError(`${name} must be one of ${allowed.join(', ')}`);
  }
  return found;
}
