/**
 * What a data source method learns about a call besides its body.
 *
 * The routes build one RequestContext per call and pass it to the plugin's method, so its code
 * never needs Fastify's request object (and keeps working if the framework changes).
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface RequestContext {
  /** The catalogue language chosen from Accept-Language (q-values honoured); ru-RU by default. */
  readonly locale: string;
  /** The raw request headers (lower-case names). */
  readonly headers: Readonly<IncomingHttpHeaders>;
  /** The contract operation being served, e.g. `getQueryResult`. */
  readonly operationId: string;
  /** The plugin's base URL as the caller reached it, including `/api/v1`. */
  readonly baseUrl: string;
  /** The request id: the caller's X-Request-ID when it sent a usable one, else a new one. */
  readonly requestId: string;
  /**
   * Aborted when the caller hangs up before the answer, or when the plugin stops and its grace
   * period (SHUTDOWN_GRACE_SECONDS) ended: pass it to `fetch` and other work that takes one, and
   * stop early. The glue always sets it (optional only so contexts a test builds stay valid).
   */
  readonly signal?: AbortSignal;
}
