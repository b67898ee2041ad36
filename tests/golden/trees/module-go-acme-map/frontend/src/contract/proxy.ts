// generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`

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
