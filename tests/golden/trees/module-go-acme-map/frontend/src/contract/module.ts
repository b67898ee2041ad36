// generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'acme_map';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
