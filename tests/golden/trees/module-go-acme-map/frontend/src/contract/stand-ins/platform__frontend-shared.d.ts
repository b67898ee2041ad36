// generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`

// Stand-in for @platform/frontend-shared
// (window.FrontendShared, host version 1.3.53) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@platform/frontend-shared';
declare module '@platform/frontend-shared/*';
