// generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
/**
 * Contract-owned code of this plugin (datasource-plugin 1.2.0+r3): rewritten whole by `scaffold regenerate` and
 * `scaffold upgrade`. Import from here; change src/datasource.ts, src/app.ts and src/settings.ts.
 */
export * from './answers.js';
export * from './base.js';
export * from './catalog.js';
export * from './config-check.js';
export * from './conformance.js';
export type * from './context.js';
export * from './errors.js';
export * from './form-texts.js';
export * from './form-values.js';
export * from './log-lines.js';
export * from './observability.js';
export * from './operations.js';
export * from './query-text.js';
export * from './runtime-constants.js';
export * from './secret-keys.js';
export * from './secrets.js';
export * from './serve.js';
export * from './shutdown.js';
export * from './spec.js';
export * from './stub.js';
export type * from './types.js';
