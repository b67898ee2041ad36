/**
 * Your module's own endpoints, called by your Widget through the platform's proxy (yours to edit).
 *
 * Declare each one on `endpoints`; app.ts (template-owned) serves them beside the contract's
 * routes, lists them in GET /openapi.json, and test/conformance.test.ts holds their answers to
 * their schemas:
 *
 *     const SeriesQuery = Type.Object(
 *       { metric: Type.Union([Type.Literal('revenue'), Type.Literal('orders')]) },
 *       { additionalProperties: false },
 *     );
 *     endpoints.post('/api/v1/series', { payload: SeriesQuery, moduleContext: SalesApi,
 *       answer: Series, errors: [409] }, async (call) => ({ metric: call.payload.metric, values: [] }));
 *
 * `call.payload` is your payload, read strictly from the proxy's envelope or a bare body (its
 * schema must forbid unknown keys); `call.moduleContext` is your settings (what the Settings
 * component saved) or undefined; `call.locale` is the language to answer in; `call.signal` is
 * aborted when the caller hangs up or the backend stops (pass it to `fetch`). `throw new
 * ModuleError(status, message)` answers that status (list it in `errors`). README, "Your own
 * proxied endpoints", has a complete example with its test; src/contract/module-endpoints.ts says
 * every rule.
 */
import { Endpoints } from './contract/index.js';

export const endpoints = new Endpoints();
