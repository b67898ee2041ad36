// generated from dashboard-module 2026.1.1+r3 (sha256 80a9c1bb8dabce9d5d0439e8a596536c41596e9d6ebc2bcc7c74b06f11858117) — do not edit; run `scaffold regenerate`

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
