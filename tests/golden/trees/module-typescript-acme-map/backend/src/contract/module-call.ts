// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-call.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * What an own endpoint's handler gets (module-endpoints.ts serves the routes): the `Call` type,
 * and the object the runtime hands over as one, whose `signal` is made only when read (shutdown.ts's
 * RunningRequest: aborted when the caller hangs up and at the end of the shutdown's grace period).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

import { RunningRequest } from './shutdown.js';

/** What the handler is given when no moduleContext schema is named: the saved settings as sent. */
type ContextOf<C> = C extends TSchema ? Static<C> : Readonly<Record<string, unknown>>;

/** One call of an own endpoint: the checked payload, the module's settings, the language. */
export interface Call<P extends TSchema, C extends TSchema | undefined = undefined> {
  readonly payload: Static<P>;
  /** undefined for a bare payload, an envelope without moduleContext, or `{}` (nothing saved). */
  readonly moduleContext: ContextOf<C> | undefined;
  /** Chosen from Accept-Language among the project's languages. */
  readonly locale: string;
  /** The body was the proxy's envelope. */
  readonly viaProxy: boolean;
  /** Headers and the request id (`request.id`), should the endpoint need them. */
  readonly request: FastifyRequest;
  /**
   * Aborted when the caller hangs up before the answer (reason: HungUp) and at the end of the
   * shutdown's grace period (Stopped): pass it to `fetch` and the like, so the work stops with the
   * request. Made when first read. At the end of the grace period the caller is answered 503
   * whether the handler honours it or not; its late answer is dropped.
   */
  readonly signal: AbortSignal;
}

/**
 * The Call a handler gets (module-endpoints.ts makes it): its signal's work (shutdown.ts) is made
 * only when the handler reads it, so a call that never asks costs no AbortController.
 */
export class EndpointCall implements Call<TSchema, TSchema | undefined> {
  work: RunningRequest | undefined = undefined;

  constructor(
    readonly payload: unknown,
    readonly moduleContext: unknown,
    readonly locale: string,
    readonly viaProxy: boolean,
    readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get signal(): AbortSignal {
    this.work ??= new RunningRequest(this.request, this.reply);
    return this.work.signal;
  }

  /** The request counted as running until its handler's promise settles (shutdown.ts). */
  running(): RunningRequest {
    this.work ??= new RunningRequest(this.request, this.reply);
    return this.work.track();
  }
}
