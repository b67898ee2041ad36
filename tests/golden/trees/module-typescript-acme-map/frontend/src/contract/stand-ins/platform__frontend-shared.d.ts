// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

// Stand-in for @platform/frontend-shared
// (window.FrontendShared, host version 1.3.53) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@platform/frontend-shared';
declare module '@platform/frontend-shared/*';
