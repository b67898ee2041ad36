// generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
