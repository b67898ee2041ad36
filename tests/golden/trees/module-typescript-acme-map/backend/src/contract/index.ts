// generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`
/**
 * Contract-owned code of this module backend (dashboard-module 2026.1.1+r4): rewritten whole by
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
export * from './module-conformance.js';
export * from './module-cors.js';
export * from './module-endpoints.js';
export * from './module-errors.js';
export * from './module-routes.js';
export * from './module-schemas.js';
export * from './module-texts.js';
export * from './observability.js';
export * from './operations.js';
export * from './request-metrics.js';
export * from './runtime-constants.js';
export * from './shutdown.js';
export * from './spec.js';
export * from './texts.js';
export type * from './types.js';
