// generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
