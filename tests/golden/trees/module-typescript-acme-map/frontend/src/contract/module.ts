// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'acme_map';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
