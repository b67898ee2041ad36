// generated from dashboard-module 2026.1.1+r3 (sha256 18cc94d2d7de45c3d909b737683164641a7d5714448e5ef759f15e702f980fbe) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
