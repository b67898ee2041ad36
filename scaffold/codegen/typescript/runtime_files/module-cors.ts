/**
 * CORS of a module backend: a Widget may call its backend straight from the browser (the contract's
 * "direct browser calls"), from the platform's origin. The same answers as the Python module
 * backend's CORS layer (Starlette's CORSMiddleware with MODULE_CORS_ORIGINS, the methods GET, HEAD,
 * POST and OPTIONS, any request header, no credentials):
 *
 * - a preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered here, on any
 *   path, before routing: 200 `OK` with the allowed methods, the requested headers and a max age
 *   of 600 s, or 400 `Disallowed CORS origin` / `method` (plain text, as Starlette answers it);
 * - any other request with an Origin gets `Access-Control-Allow-Origin`: `*` when every origin is
 *   allowed, else the origin itself when it is listed (with `Vary: Origin`), else nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CORS_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'OPTIONS'];
export const CORS_MAX_AGE_SECONDS = 600;

function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  const present = typeof vary === 'string' && vary.trim() !== '' ? vary : undefined;
  void reply.header('vary', present === undefined ? name : `${present}, ${name}`);
}

/** Answer preflights and add the CORS headers to every answer of `app` for `origins` (`*`: any). */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const allows = (origin: string): boolean => anyOrigin || allowed.has(origin);
  // Callback hooks, not async functions: no promise and microtask per request.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const method = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || origin === undefined || method === undefined) {
      done();
      return;
    }
    const failures: string[] = [];
    if (anyOrigin) {
      void reply.header('access-control-allow-origin', '*');
    } else if (allows(origin)) {
      void reply.header('access-control-allow-origin', origin);
    } else {
      failures.push('origin');
    }
    if (!anyOrigin) {
      addVary(reply, 'Origin');
    }
    if (!CORS_METHODS.includes(method)) {
      failures.push('method');
    }
    const requested = request.headers['access-control-request-headers'];
    void reply.headers({
      'access-control-allow-methods': CORS_METHODS.join(', '),
      'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
      ...(requested === undefined ? {} : { 'access-control-allow-headers': requested }),
    });
    const text = failures.length === 0 ? 'OK' : `Disallowed CORS ${failures.join(', ')}`;
    void reply
      .code(failures.length === 0 ? 200 : 400)
      .type('text/plain; charset=utf-8')
      .send(text);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || reply.hasHeader('access-control-allow-methods')) {
      done(null, payload); // no Origin, or a preflight answered above
      return;
    }
    if (anyOrigin) {
      void reply.header('access-control-allow-origin', '*');
    } else if (allows(origin)) {
      void reply.header('access-control-allow-origin', origin);
      addVary(reply, 'Origin');
    }
    done(null, payload);
  });
}
