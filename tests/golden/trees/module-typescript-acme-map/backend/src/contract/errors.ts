// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/errors.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The errors of a plugin: the one a data source raises for its caller, and those that stop a start.
 *
 * - `PluginError`: content the plugin cannot process (422 unless `status` says otherwise), with
 *   `validationErrors` naming fields where the endpoint's error body has them. Its message is the
 *   caller's to read: write it in `context.locale` and never quote secrets.
 * - `ConfigurationError`: a setting or a file the plugin needs is wrong; the plugin does not start,
 *   and the message says what to fix.
 * - `StartupError`: the data source cannot serve the contract (a method a newer contract added is
 *   missing); the plugin does not start.
 */

export interface PluginErrorOptions {
  /** The HTTP status, 422 by default (400 is the routes' own: the body does not match the schema). */
  readonly status?: number;
  /** Field code -> message, for the endpoints whose error body has validationErrors. */
  readonly validationErrors?: Readonly<Record<string, string>>;
}

export class PluginError extends Error {
  readonly status: number;
  readonly validationErrors: Readonly<Record<string, string>> | undefined;

  constructor(message: string, options: PluginErrorOptions = {}) {
    super(message);
    this.name = 'PluginError';
    this.status = options.status ?? 422;
    this.validationErrors = options.validationErrors;
  }
}

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
