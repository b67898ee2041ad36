// generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`

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
