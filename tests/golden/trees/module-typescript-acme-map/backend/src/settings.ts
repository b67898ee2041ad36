/**
 * Settings of the module backend: project defaults, each overridable by an environment variable
 * (template-owned: `scaffold upgrade` merges template changes with your edits). The same names,
 * defaults and refusals as a Python module backend's:
 *
 * | variable | default | what it sets |
 * |---|---|---|
 * | HOST / PORT | 127.0.0.1 / 8090 | where `npm start` listens |
 * | MODULE_NAME | acme-map | `name` in well-known |
 * | MODULE_VERSION | package.json's version | `version` in well-known |
 * | MODULE_SCOPE | acme_map | `scope`: the window property the bundle registers |
 * | MODULE_COMPONENTS | Widget,WidgetEditor,Settings | `components` (comma-separated) |
 * | MODULE_CAN_ADD_TO_DASHBOARD | true when Widget is registered | `canAddToDashboard` |
 * | MODULE_ENTRY_POINT | static/module.js | `entryPoint`, resolved against frontendHost |
 * | MODULE_FRONTEND_HOST | this backend's own base URL | `frontendHost` (set it for a CDN) |
 * | MODULE_FRONTEND_DIST | frontend/dist, found from here | the built frontend this backend serves |
 * | MODULE_TITLE / MODULE_DESCRIPTION | texts.ts | text for every language, or a JSON list of {lang, value} |
 * | MODULE_CORS_ORIGINS | * | origins allowed to call the backend from a browser |
 * | LOG_LEVEL | info | critical, error, warning, info, debug or trace |
 * | LOG_FORMAT | text | `json`: one JSON object per log line (with request_id) |
 * | METRICS_ENABLED | true | `false`: no GET /metrics (404) |
 * | SHUTDOWN_DRAIN_SECONDS | 0 (the image: 5) | on SIGTERM, how long /readyz answers 503 while still serving |
 * | SHUTDOWN_GRACE_SECONDS | 20 | then how long requests in flight may finish |
 * | FORWARDED_ALLOW_IPS | 127.0.0.1 | proxies whose X-Forwarded-Proto is trusted (`*`: any) |
 * | MODULE_SECRET_KEY | none | the key of the settings' secrets (enc:v1:); none: a secret is a 503 |
 * | MODULE_OLD_SECRET_KEYS | none | earlier keys that still decrypt (comma-separated) |
 *
 * Behind an HTTPS reverse proxy, list it in FORWARDED_ALLOW_IPS (or set MODULE_FRONTEND_HOST), or
 * frontendHost will say http:// and the platform's HTTPS page will refuse the script.
 *
 * A value that is not allowed stops the start with one sentence naming the variable.
 */
import { statSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  ALLOWED_COMPONENTS,
  ConfigurationError,
  REQUIRED_FOR_DASHBOARD,
  SHUTDOWN_DRAIN_SECONDS,
  SHUTDOWN_GRACE_SECONDS,
  type SecretBox,
  moduleSecretBox,
} from './contract/index.js';

export type Component = (typeof ALLOWED_COMPONENTS)[number];
/** Text for every language, or [lang, value] pairs; undefined: the texts of texts.ts. */
export type LocalisedSetting = string | readonly (readonly [string, string])[] | undefined;

export const DEFAULT_COMPONENTS: readonly Component[] = ['Widget', 'WidgetEditor', 'Settings'];
export const LOG_LEVELS = ['critical', 'error', 'warning', 'info', 'debug', 'trace'] as const;
export const LOG_FORMATS = ['text', 'json'] as const;
const LOCALISED_EXAMPLE = '[{"lang": "en-US", "value": "..."}]';

/** package.json beside src/ (and dist/): its version is the module's unless MODULE_VERSION says. */
const PACKAGE = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf-8'),
) as { version: string };

export interface Settings {
  readonly host: string;
  readonly port: number;
  readonly name: string;
  readonly version: string;
  readonly scope: string;
  readonly components: readonly Component[];
  /** undefined: true when the Widget is registered. */
  readonly canAddToDashboard: boolean | undefined;
  readonly entryPoint: string;
  /** undefined: this backend's own base URL. */
  readonly frontendHost: string | undefined;
  readonly frontendDist: string;
  readonly title: LocalisedSetting;
  readonly description: LocalisedSetting;
  readonly corsOrigins: readonly string[];
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly logFormat: (typeof LOG_FORMATS)[number];
  readonly metricsEnabled: boolean;
  readonly shutdownDrainSeconds: number;
  readonly shutdownGraceSeconds: number;
  readonly forwardedAllowIps: string;
  /** MODULE_SECRET_KEY's box: decrypts the settings' enc:v1: secrets; undefined: no key. */
  readonly secretBox: SecretBox | undefined;
}

/**
 * The first folder holding a built module.js: frontend/dist seen from the current folder, from
 * its parent (running inside backend/), or from the source tree.
 */
export function defaultFrontendDist(cwd: string = process.cwd()): string {
  const candidates = [
    join(cwd, 'frontend', 'dist'),
    resolve(cwd, '..', 'frontend', 'dist'),
    fileURLToPath(new URL('../../frontend/dist', import.meta.url)),
  ];
  const built = candidates.find((folder) => {
    try {
      return statSync(join(folder, 'module.js')).isFile();
    } catch {
      return false;
    }
  });
  return built ?? candidates[0] ?? 'frontend/dist';
}

/** The defaults, every variable unset. */
export function defaultSettings(): Settings {
  return {
    host: '127.0.0.1',
    port: 8090, // a plugin's default is 8080: both can run on one machine
    name: 'acme-map',
    version: PACKAGE.version,
    scope: 'acme_map',
    components: DEFAULT_COMPONENTS,
    canAddToDashboard: undefined,
    entryPoint: 'static/module.js',
    frontendHost: undefined,
    frontendDist: defaultFrontendDist(),
    title: undefined,
    description: undefined,
    corsOrigins: ['*'],
    logLevel: 'info',
    logFormat: 'text',
    metricsEnabled: true,
    shutdownDrainSeconds: SHUTDOWN_DRAIN_SECONDS,
    shutdownGraceSeconds: SHUTDOWN_GRACE_SECONDS,
    forwardedAllowIps: '127.0.0.1',
    secretBox: undefined,
  };
}

/** Whether widgets of this module may be created on a dashboard (`canAddToDashboard`). */
export function dashboardReady(settings: Settings): boolean {
  return settings.canAddToDashboard ?? settings.components.includes(REQUIRED_FOR_DASHBOARD);
}

/** The settings from `env`; throws ConfigurationError naming a variable it cannot use. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const settings: { -readonly [K in keyof Settings]: Settings[K] } = defaultSettings();
  const given = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  if (env['HOST'] !== undefined) {
    settings.host = env['HOST'];
  }
  if (env['PORT'] !== undefined) {
    settings.port = port(env['PORT']);
  }
  settings.name = given('MODULE_NAME') ?? settings.name;
  settings.version = given('MODULE_VERSION') ?? settings.version;
  settings.scope = given('MODULE_SCOPE') ?? settings.scope;
  if (env['MODULE_COMPONENTS'] !== undefined) {
    settings.components = components(env['MODULE_COMPONENTS']);
  }
  const canAdd = env['MODULE_CAN_ADD_TO_DASHBOARD'];
  if (canAdd !== undefined) {
    settings.canAddToDashboard = flag('MODULE_CAN_ADD_TO_DASHBOARD', canAdd);
  }
  settings.entryPoint = given('MODULE_ENTRY_POINT') ?? settings.entryPoint;
  const frontendHost = given('MODULE_FRONTEND_HOST');
  if (frontendHost !== undefined) {
    // with '/', so that a relative entryPoint resolves below it, not beside it
    settings.frontendHost = frontendHost.endsWith('/') ? frontendHost : `${frontendHost}/`;
  }
  settings.frontendDist = given('MODULE_FRONTEND_DIST') ?? settings.frontendDist;
  if (given('MODULE_TITLE') !== undefined) {
    settings.title = localised('MODULE_TITLE', env['MODULE_TITLE'] ?? '');
  }
  if (given('MODULE_DESCRIPTION') !== undefined) {
    settings.description = localised('MODULE_DESCRIPTION', env['MODULE_DESCRIPTION'] ?? '');
  }
  const origins = given('MODULE_CORS_ORIGINS');
  if (origins !== undefined) {
    settings.corsOrigins = origins.split(',').flatMap((origin) => origin.trim() || []);
  }
  if (env['LOG_LEVEL'] !== undefined) {
    settings.logLevel = choice('LOG_LEVEL', env['LOG_LEVEL'], LOG_LEVELS);
  }
  const logFormat = given('LOG_FORMAT');
  if (logFormat !== undefined) {
    settings.logFormat = choice('LOG_FORMAT', logFormat, LOG_FORMATS);
  }
  const metrics = given('METRICS_ENABLED');
  if (metrics !== undefined) {
    settings.metricsEnabled = flag('METRICS_ENABLED', metrics);
  }
  const drain = given('SHUTDOWN_DRAIN_SECONDS');
  if (drain !== undefined) {
    settings.shutdownDrainSeconds = seconds('SHUTDOWN_DRAIN_SECONDS', drain);
  }
  const grace = given('SHUTDOWN_GRACE_SECONDS');
  if (grace !== undefined) {
    settings.shutdownGraceSeconds = seconds('SHUTDOWN_GRACE_SECONDS', grace);
  }
  settings.forwardedAllowIps = given('FORWARDED_ALLOW_IPS') ?? settings.forwardedAllowIps;
  // README, "Secrets in the module's settings"; a key that is no key stops the start here
  settings.secretBox = moduleSecretBox(env);
  return settings;
}

/** `value` quoted as the Python backend's messages quote it ('...'). */
function quoted(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function port(value: string): number {
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !(number > 0 && number < 65536)) {
    throw new ConfigurationError(`PORT must be a number from 1 to 65535, not ${quoted(value)}`);
  }
  return number;
}

function components(value: string): Component[] {
  const names = value.split(',').flatMap((name) => name.trim() || []);
  const known = (name: string): boolean => ALLOWED_COMPONENTS.some((allowed) => allowed === name);
  if (names.length === 0 || !names.every(known)) {
    const allowed = ALLOWED_COMPONENTS.join(', ');
    throw new ConfigurationError(
      `MODULE_COMPONENTS must list some of ${allowed} (comma-separated), not ${quoted(value)}`,
    );
  }
  return ALLOWED_COMPONENTS.filter((component) => names.includes(component));
}

function flag(name: string, value: string): boolean {
  const lowered = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lowered)) {
    return true;
  }
  if (['0', 'false', 'no', 'off'].includes(lowered)) {
    return false;
  }
  throw new ConfigurationError(`${name} must be true or false, not ${quoted(value)}`);
}

/** A JSON list of {lang, value} objects, or plain text used for every language. */
function localised(name: string, value: string): LocalisedSetting {
  if (!value.trimStart().startsWith('[')) {
    return value.trim();
  }
  const refusal = new ConfigurationError(
    `${name} must be text or a JSON list like ${LOCALISED_EXAMPLE}`,
  );
  let pairs: [string, string][];
  try {
    const items = JSON.parse(value) as unknown[];
    pairs = items.map((item) => {
      const entry = item as { lang?: unknown; value?: unknown } | null;
      if (typeof entry !== 'object' || entry === null || !('lang' in entry && 'value' in entry)) {
        throw refusal;
      }
      return [text(entry.lang), text(entry.value)];
    });
  } catch {
    throw refusal;
  }
  if (pairs.length === 0) {
    throw new ConfigurationError(`${name} must not be an empty list`);
  }
  return pairs;
}

/** A JSON value as text, as the Python backend's `str()` writes the plain ones. */
function text(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  const python: Readonly<Record<string, string>> = { null: 'None', true: 'True', false: 'False' };
  const json = JSON.stringify(value);
  return python[json] ?? json;
}

function choice<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((item) => item === value.trim().toLowerCase());
  if (found === undefined) {
    throw new ConfigurationError(
      `${name} must be one of ${allowed.join(', ')}, not ${quoted(value)}`,
    );
  }
  return found;
}

function seconds(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value.trim()) > 3600) {
    throw new ConfigurationError(
      `${name} must be a whole number from 0 to 3600, not ${quoted(value)}`,
    );
  }
  return Number(value.trim());
}
