// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/**
 * The platform's backend proxy: a browser call to this route on the platform's own origin is
 * forwarded to the module backend's baseUrl + path (query string kept), with Accept-Language
 * passed on and, for JSON bodies, a `moduleContext` field (the saved module settings) added.
 */
export const PROXY_ROUTE = '/api/v1/modules/{moduleId}/proxy/{path}';

/** The proxy path for `path` on the module backend, e.g. proxyPath(id, 'api/v1/demo/status'). */
export function proxyPath(moduleId: string, path: string): string {
  return PROXY_ROUTE.replace('{moduleId}', encodeURIComponent(moduleId)).replace(
    '{path}',
    path.replace(/^\/+/, ''),
  );
}
