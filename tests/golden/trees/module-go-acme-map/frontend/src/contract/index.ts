// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/** The contract in one import: prop types, the registry helper and this module's identity. */
export * from './types';
export * from './registry';
export { COMPONENTS, SCOPE } from './module';
export { proxyPath } from './proxy';
