// generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`

// Stand-in for @platform/frontend-shared
// (window.FrontendShared, host version 1.3.53) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@platform/frontend-shared';
declare module '@platform/frontend-shared/*';
