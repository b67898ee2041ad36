// generated from dashboard-module 2026.1.1+r3 (sha256 18cc94d2d7de45c3d909b737683164641a7d5714448e5ef759f15e702f980fbe) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'acme_map';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
