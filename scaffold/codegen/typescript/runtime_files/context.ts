/**
 * What a data source method learns about a call besides its body.
 *
 * The routes build one RequestContext per call and pass it to the plugin's method, so its code
 * never needs Fastify's request object (and keeps working if the framework changes). Beside the
 * call's language and identity it carries what every method needs and had to build itself
 * (issue 40 point 3): a logger naming the request on every line, and the call's end as a signal.
 */
import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyBaseLogger } from 'fastify';

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
   * The request's logger (pino): every line carries `request_id`, in LOG_FORMAT text and json
   * alike, and the fields given with it (`context.log?.info({ rows }, 'read the rows')`). The glue
   * always sets it; optional only so a context a test of an earlier template builds stays valid.
   */
  readonly log?: FastifyBaseLogger;
  /**
   * Aborted when PLUGIN_QUERY_SECONDS pass (the glue answers 422, `query.deadline`), when the
   * caller hangs up (499), or when the plugin stops and its grace period (SHUTDOWN_GRACE_SECONDS)
   * ended (503 `stopping`): pass it to what the method waits on (`fetch(url, { signal })`), so the
   * work stops with the call. The glue answers then whether the method stops or not; after the
   * deadline the method gets DEADLINE_LAST_WORD_MS (1 s) to answer itself first (its own
   * PluginError wins). Always set, optional for the same reason as `log`.
   */
  readonly signal?: AbortSignal;
}
