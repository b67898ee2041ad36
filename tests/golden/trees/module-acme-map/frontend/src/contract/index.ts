// generated from dashboard-module 2026.1.1+r2 (sha256 f2c1375397204ef243e2b651d2555f7cf1d041e4fd106385fe366482eb61ad79) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
