// generated from dashboard-module 2026.1.1+r3 (sha256 18cc94d2d7de45c3d909b737683164641a7d5714448e5ef759f15e702f980fbe) — do not edit; run `scaffold regenerate`

// Stand-in for @platform/frontend-shared
// (window.FrontendShared, host version 1.3.53) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@platform/frontend-shared';
declare module '@platform/frontend-shared/*';
