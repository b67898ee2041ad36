// generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'acme_map';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
