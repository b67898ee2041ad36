/**
 * The tutorial endpoint POST /api/v1/demo/status: your logic, seeded once by scaffold.
 *
 * The contract glue has already read the body strictly, as the spec's DemoStatusRequest says (the
 * proxy envelope {payload, moduleContext} or a bare payload {message}; anything else 400, see
 * README) and chosen the language from Accept-Language. `request.payload` is {message}; and
 * `request.moduleContext` is the saved module settings when the platform's proxy added them, else
 * undefined; its shape is yours (set in the Settings component) and it may hold encrypted secrets,
 * so it is never echoed back. A throw here is answered 500 with an incident id and logged; the
 * answer is held against the spec's DemoStatusResponse (one it refuses is a 500 too).
 */
import type { DemoStatusResponse, ProxiedRequest } from './contract/index.js';
import { textsFor } from './texts.js';

export function demoStatus(request: ProxiedRequest): DemoStatusResponse {
  return {
    status: 'ok',
    message: textsFor(request.locale).demoOk,
    payload: { message: request.payload.message },
    moduleContext: request.hasModuleContext ? 'present' : 'absent',
  };
}
