// The platform's backend proxy in unit tests (template-owned; `scaffold upgrade` merges changes).
//
// Components call the module backend through the platform's proxy with fetch. In the tests there is
// no platform: test-setup.ts installs `stubProxy()` before every test, so a component that fetches
// gets an answer and no test reaches the network. Call `stubProxy(routes)` in a test to choose the
// answers; what was called is in the returned list.
//
//   const calls = stubProxy({ 'POST api/v1/series': { points: [] } });
//   ...
//   expect(calls[0].body).toEqual({ payload: { metric: 'cpu' } });
//
// A route is "METHOD path" or just "path" (any method), the path as given to proxyPath (no leading
// slash, no query). Its answer is a JSON value (sent with status 200), a Response, or a function of
// the call returning either (or a promise of one). A proxied path no route names is answered with
// `fallback` (default: status 200, `{}`: a backend that has nothing to say); a fetch of any other
// URL fails with an error naming it.
import { vi } from 'vitest';

import { proxyPath } from './contract';

export interface ProxyCall {
  moduleId: string;
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** A JSON value (sent with status 200), a Response, or a function of the call returning either
 * (or a promise of one). */
export type ProxyRoute = unknown;

// The proxy route around its two parameters, e.g. '/api/v1/modules/' + id + '/proxy/' + path.
const [BEFORE_ID, BETWEEN] = proxyPath('MODULE', 'PATH').split(/MODULE|PATH/);

function parse(url: string): { moduleId: string; path: string; query: string } | null {
  const [route, query = ''] = url.split('?', 2);
  if (!route.startsWith(BEFORE_ID)) return null;
  const rest = route.slice(BEFORE_ID.length);
  const at = rest.indexOf(BETWEEN);
  if (at <= 0) return null;
  return { moduleId: decodeURIComponent(rest.slice(0, at)), path: rest.slice(at + BETWEEN.length), query };
}

function body(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? null;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
}

async function respond(route: ProxyRoute, call: ProxyCall): Promise<Response> {
  const answer: unknown =
    typeof route === 'function' ? await (route as (call: ProxyCall) => unknown)(call) : route;
  if (answer instanceof Response) return answer;
  return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
}

/** Replace fetch with the proxy answering `routes`; returns the list of calls, in order. */
export function stubProxy(routes: Record<string, ProxyRoute> = {}, fallback: ProxyRoute = {}): ProxyCall[] {
  const calls: ProxyCall[] = [];
  const stub = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = parse(url);
    if (!target) {
      return Promise.reject(new Error(`fetch of ${url} in a test: only the platform proxy is stubbed`));
    }
    const call: ProxyCall = { ...target, method: (init?.method ?? 'GET').toUpperCase(), body: body(init) };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`] ?? routes[call.path] ?? fallback;
    return respond(route, call);
  });
  vi.stubGlobal('fetch', stub);
  return calls;
}
