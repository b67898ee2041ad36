// generated from dashboard-module 2026.1.1+r2 (sha256 f2c1375397204ef243e2b651d2555f7cf1d041e4fd106385fe366482eb61ad79) — do not edit; run `scaffold regenerate`

// Stand-in for @platform/frontend-shared
// (window.FrontendShared, host version 1.3.53) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@platform/frontend-shared';
declare module '@platform/frontend-shared/*';
