// generated from dashboard-module 2026.1.1+r3 (sha256 80a9c1bb8dabce9d5d0439e8a596536c41596e9d6ebc2bcc7c74b06f11858117) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
