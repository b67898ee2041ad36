// generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`

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
