// generated from dashboard-module 2026.1.1+r2 (sha256 f2c1375397204ef243e2b651d2555f7cf1d041e4fd106385fe366482eb61ad79) — do not edit; run `scaffold regenerate`

/** Name of the window property the platform reads this module from (the scope in well-known). */
export const SCOPE = 'weather_station_telemetry_gateway_for_the_northern_coasts_region';

/** Components this module registers, in the contract's order (the components in well-known). */
export const COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
