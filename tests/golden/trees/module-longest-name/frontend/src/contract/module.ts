// generated from dashboard-module 2026.1.1+r3 (sha256 80a9c1bb8dabce9d5d0439e8a596536c41596e9d6ebc2bcc7c74b06f11858117) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'weather_station_telemetry_gateway_for_the_northern_coasts_region';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
