// generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'acme_map';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
