// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
/**
 * Contract-owned code of this module backend (dashboard-module 2026.1.1+r5): rewritten whole by
 * `scaffold regenerate` and `scaffold upgrade`. Import from here; change src/app.ts, src/settings.ts,
 * src/demo.ts, src/endpoints.ts and src/texts.ts.
 */
export * from './body-limits.js';
export * from './catalog.js';
export * from './errors.js';
export * from './locale.js';
export * from './log-lines.js';
export * from './module-assets.js';
export * from './module-body.js';
export * from './module-call.js';
export * from './module-conformance.js';
export * from './module-cors.js';
export * from './module-endpoints.js';
export * from './module-errors.js';
export * from './module-routes.js';
export * from './module-schema-order.js';
export * from './module-schemas.js';
export * from './module-secrets.js';
export * from './module-texts.js';
export * from './observability.js';
export * from './operations.js';
export * from './python-text.js';
export * from './request-metrics.js';
export * from './runtime-constants.js';
export * from './secrets.js';
export * from './shutdown.js';
export * from './spec.js';
export * from './texts.js';
export type * from './types.js';
