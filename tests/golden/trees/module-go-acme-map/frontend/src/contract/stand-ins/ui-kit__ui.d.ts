// generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`

// Stand-in for @ui-kit/ui
// (window.UiKit, host version 1.17.1) while the real package is not installed:
// every import from it is typed `any`. tsconfig.contract.json maps the import to node_modules
// first, so once the package is installed from the private registry (see README), its own types
// replace this file.
declare module '@ui-kit/ui';
declare module '@ui-kit/ui/*';
