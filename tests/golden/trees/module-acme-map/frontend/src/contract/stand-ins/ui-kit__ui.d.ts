// generated from dashboard-module 2026.1.1+r3 (sha256 80a9c1bb8dabce9d5d0439e8a596536c41596e9d6ebc2bcc7c74b06f11858117) — do not edit; run `scaffold regenerate`

// Stand-in for @ui-kit/ui
// (window.UiKit, host version 1.17.1) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@ui-kit/ui';
declare module '@ui-kit/ui/*';
