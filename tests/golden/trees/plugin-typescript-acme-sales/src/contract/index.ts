// generated from datasource-plugin 1.2.0+r2 (sha256 80d816fa33ad1d16302d8dd905de0dacbb5596176c0db54fe00526364551d2c3) — do not edit; run `scaffold regenerate`
/**
 * Contract-owned code of this plugin (datasource-plugin 1.2.0+r2): rewritten whole by `scaffold regenerate` and
 * `scaffold upgrade`. Import from here; change src/datasource.ts, src/app.ts and src/settings.ts.
 */
export * from './answers.js';
export * from './base.js';
export * from './catalog.js';
export * from './config-check.js';
export * from './conformance.js';
export type * from './context.js';
export * from './errors.js';
export * from './observability.js';
export * from './operations.js';
export * from './runtime-constants.js';
export * from './secrets.js';
export * from './serve.js';
export * from './shutdown.js';
export * from './spec.js';
export * from './stub.js';
export type * from './types.js';
