// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
/** Values of the dashboard-module 2026.1.1+r5 contract that the backend glue uses. */
export const CONTRACT = 'dashboard-module';
export const CONTRACT_VERSION = '2026.1.1+r5';
export const RELEASE_LABEL = '2026H1.1';

/** The prefix of the backend's contract paths; metrics name a route by its path without it. */
export const BASE_PATH = '/api/v1';
/** Paths of the module backend's endpoints (GET well-known is the one the platform requires). */
export const WELL_KNOWN_PATH = '/api/v1/well-known';
export const DEMO_STATUS_PATH = '/api/v1/demo/status';
/** Where this backend serves the built frontend (scaffold's choice; entryPoint points here). */
export const STATIC_PREFIX = '/static/';

/** Components a module may register, in the contract's order. */
export const ALLOWED_COMPONENTS = ['Widget', 'WidgetEditor', 'Settings'] as const;
/** A module must register this component to be added to dashboards. */
export const REQUIRED_FOR_DASHBOARD = 'Widget';
/** Query parameters the platform may append to the JS URL. */
export const CACHE_QUERY_PARAMETERS = ['version', 'buildTimestamp'] as const;
