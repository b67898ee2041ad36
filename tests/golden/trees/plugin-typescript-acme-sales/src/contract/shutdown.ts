// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/shutdown.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * How a plugin stops, and what becomes of the requests it is serving then (issue 40 point 5): the
 * Go plugin's contract.Serve and the Python plugin's serving.py, with the same settings and steps.
 *
 * On the first SIGTERM or SIGINT (`serveUntilStopped`):
 *
 * 1. /readyz answers 503 while the listener stays open and requests are served as before, for
 *    SHUTDOWN_DRAIN_SECONDS (0 by default: a laptop stops at once; 5 in the image), so a load
 *    balancer reading the probe stops sending before connections are refused;
 * 2. the listener closes, and the requests in flight get SHUTDOWN_GRACE_SECONDS (20) to finish;
 * 3. then the signal of each request still running is aborted (`Stopped`) and it is answered 503 in
 *    the error shape with the catalogue's `stopping` text, as the Python plugin answers it; a second
 *    later the process ends: exit 0, or 1 when a request was still running then.
 *
 * A second signal meanwhile ends the process at once (exit 1).
 *
 * Each contract request's work has a signal (`requestSignal`, RequestContext.signal): aborted with
 * `HungUp` when its caller hangs up before the answer (the data source method is cancelled; its
 * result is dropped), with `DeadlinePassed` when PLUGIN_QUERY_SECONDS pass (issue 40 point 3: the
 * routes answer 422 `query.deadline`), with `Stopped` at the end of the grace period. A hang-up is
 * no failure of the plugin: no error line, no 500; the access line and the metrics say 499 (nginx's
 * "client closed request", as Go and Python count it; observability.ts records it).
 *
 * A module backend (module-routes.ts, module-endpoints.ts) stops in the same steps: a request whose
 * handler is still running at the end of the grace period (`RunningRequest`) is counted in the
 * warning, its `call.signal` is aborted (Stopped) and its caller is answered 503 `stopping` at once,
 * whether the handler honours the signal or not.
 */
import type { Server } from 'node:http';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { runtimeText } from './catalog.js';
import type { ServiceState } from './observability.js';
import { CLIENT_CLOSED_STATUS, DEADLINE_LAST_WORD_MS, DEFAULT_LOCALE } from './runtime-constants.js';
/** How long methods get to return once their signals are aborted (one that honours it returns at once). */
const CANCELLED_GRACE_MS = 1000;

/** The reason of a request's aborted signal when its caller hung up. */
export class HungUp extends Error {
  constructor() {
    super('the caller hung up before the answer');
    this.name = 'HungUp';
  }
}

/** The reason of a request's aborted signal when PLUGIN_QUERY_SECONDS passed before its answer. */
export class DeadlinePassed extends Error {
  constructor() {
    super('PLUGIN_QUERY_SECONDS passed before the answer');
    this.name = 'DeadlinePassed';
  }
}

/** The reason of a request's aborted signal at the end of the shutdown's grace period. */
export class Stopped extends Error {
  constructor() {
    super('the service is stopping: SHUTDOWN_GRACE_SECONDS ended');
    this.name = 'Stopped';
  }
}

/** What the end of the grace period stops: a plugin request's AbortController, a RunningRequest. */
interface Stoppable {
  abort(reason: Stopped): void;
}

/** The work of the requests each server is serving, for the end of its grace period. */
const running = new WeakMap<Server, Set<Stoppable>>();

function runningOn(server: Server): Set<Stoppable> {
  let found = running.get(server);
  if (found === undefined) {
    found = new Set();
    running.set(server, found);
  }
  return found;
}

/** One request's signal, and `done()` to call when its work ended (in a `finally`). */
export interface RequestWork {
  readonly signal: AbortSignal;
  done(): void;
}

/**
 * The signal of `request`'s work: aborted with HungUp when the connection closes before the answer
 * was sent, with DeadlinePassed `seconds` after the call began (none when undefined), with Stopped
 * by `cancelRequests` (the end of the grace period).
 */
export function requestSignal(request: FastifyRequest, reply: FastifyReply, seconds?: number): RequestWork {
  const controller = new AbortController();
  const requests = runningOn(request.server.server);
  requests.add(controller);
  const closed = (): void => {
    if (!reply.raw.writableFinished) {
      controller.abort(new HungUp());
    }
  };
  reply.raw.once('close', closed);
  const timer =
    seconds === undefined
      ? undefined
      : setTimeout(() => {
          controller.abort(new DeadlinePassed());
        }, seconds * 1000);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      requests.delete(controller);
      reply.raw.removeListener('close', closed);
    },
  };
}

/**
 * A module backend's request whose handler (an own endpoint's, the demo's) runs past its call: the
 * `signal` of module-endpoints.ts's Call, and what the end of the grace period stops. It costs
 * nothing up front, as the module's request path is measured against a hand-written route
 * (bench/module_typescript.py): the AbortController and its hang-up listener are made when the
 * handler first reads `signal`, and the request is counted as running (`track`) only when the
 * handler returned a promise (one that answers at once cannot be running at the end of the grace).
 * There, `abort` aborts the signal (Stopped), if one was made, and answers the caller 503
 * `stopping` at once, handler or not, as the Python module backend answers it; the handler's late
 * answer is dropped (`reply.sent`).
 */
export class RunningRequest implements Stoppable {
  private controller: AbortController | undefined = undefined;
  private closed: (() => void) | undefined = undefined;
  private tracked: Set<Stoppable> | undefined = undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  /** Aborted with HungUp when the caller hangs up before the answer, with Stopped at the end of grace. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      const raw = this.reply.raw;
      if (raw.destroyed && !raw.writableFinished) {
        controller.abort(new HungUp()); // gone before the handler asked
      } else {
        this.closed = (): void => {
          if (!raw.writableFinished) {
            controller.abort(new HungUp());
          }
        };
        raw.once('close', this.closed);
      }
    }
    return this.controller.signal;
  }

  /** Whether its signal was aborted because the caller hung up (the handler's failure is then no 500). */
  get hungUp(): boolean {
    return this.controller?.signal.reason instanceof HungUp;
  }

  /** Counted among the requests the server is serving until `done`: its handler returned a promise. */
  track(): this {
    this.tracked = runningOn(this.request.server.server);
    this.tracked.add(this);
    return this;
  }

  /** Its handler ended (answered, threw, or was stopped): no longer counted, no listener left. */
  done(): void {
    this.tracked?.delete(this);
    if (this.closed !== undefined) {
      this.reply.raw.removeListener('close', this.closed);
    }
  }

  /** The end of the grace period (cancelRequests): the signal aborted, the caller answered 503. */
  abort(reason: Stopped): void {
    this.controller?.abort(reason);
    if (!this.reply.sent) {
      stoppingAnswer(this.reply);
    }
  }
}

/** Aborts the signal of every request `server` is serving (Stopped); how many there were. */
export function cancelRequests(server: Server): number {
  const requests = runningOn(server);
  const count = requests.size;
  for (const work of requests) {
    work.abort(new Stopped());
  }
  requests.clear();
  return count;
}

/** The abort reason of `signal`, once it is aborted. */
export function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(signal.reason);
    } else {
      signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
    }
  });
}

/**
 * The outcome of a data source call: its value (a rejection rejects), or the reason its signal was
 * aborted first. At PLUGIN_QUERY_SECONDS (DeadlinePassed) the method, told by its signal, gets
 * DEADLINE_LAST_WORD_MS to answer itself: a data source enforcing the same deadline answers with
 * its own message (found when projects upgraded with their example got the generic text).
 */
export async function untilEnded<T>(call: Promise<T>, signal: AbortSignal): Promise<{ value: T } | { reason: unknown }> {
  call.catch(() => undefined); // dropped when the signal wins: its failure is no one's to see
  const ended = await Promise.race([call.then((value) => ({ value })), whenAborted(signal).then((reason) => ({ reason }))]);
  if (!('reason' in ended) || !(ended.reason instanceof DeadlinePassed)) {
    return ended;
  }
  return Promise.race([
    call.then((value) => ({ value })),
    new Promise<typeof ended>((resolve) => setTimeout(() => resolve(ended), DEADLINE_LAST_WORD_MS)),
  ]);
}

/**
 * The end of a request whose caller hung up: one debug line, status 499 (the answer reaches no one;
 * the access line and the metrics are written by observability.ts when the connection closed).
 */
export function endHungUp(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.debug('the caller hung up before the answer: the method is cancelled');
  return reply.code(CLIENT_CLOSED_STATUS).send();
}

/**
 * 503 in the error shape for a request the end of the grace period cut off, in the contract's
 * language and with `Connection: close`, as the Python plugin answers it (the caller may retry on
 * another instance).
 */
export function stoppingAnswer(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('connection', 'close')
    .send({ error: true, message: runtimeText(DEFAULT_LOCALE, 'stopping') });
}

export interface StopOptions {
  /** Where to listen. */
  readonly host: string;
  readonly port: number;
  /** Shared with the app: /readyz answers 503 once `stopping` is set. */
  readonly state: ServiceState;
  /** SHUTDOWN_DRAIN_SECONDS: /readyz answers 503 while the listener stays open this long. */
  readonly drainSeconds: number;
  /** SHUTDOWN_GRACE_SECONDS: then how long requests in flight may finish. */
  readonly graceSeconds: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves `app` on options.host:port until SIGTERM or SIGINT, then stops in the steps above. Resolves
 * with the exit code: 0 after a clean stop, 1 when requests were still running a second after
 * their signals were aborted. Rejects when the app cannot listen (EADDRINUSE, say).
 */
export async function serveUntilStopped(app: FastifyInstance, options: StopOptions): Promise<number> {
  await app.listen({ host: options.host, port: options.port });
  const signalled = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  const again = (): void => {
    app.log.warn('a second signal: stopping at once');
    process.exit(1);
  };
  process.once('SIGTERM', again);
  process.once('SIGINT', again);
  options.state.stopping = true;
  app.log.info(
    `${signalled}: stopping: /readyz answers 503; the listener closes in ${options.drainSeconds} s, ` +
      `then requests in flight get ${options.graceSeconds} s to finish`,
  );
  await sleep(options.drainSeconds * 1000);
  let closed = false;
  const closing = app.close().then(
    () => {
      closed = true;
    },
    (error: unknown) => {
      closed = true;
      app.log.warn({ err: error }, 'closing the app failed');
    },
  );
  // Connections kept alive after their answer would hold the close until their keep-alive timeout.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await Promise.race([closing, sleep(options.graceSeconds * 1000)]);
    if (closed) {
      return 0;
    }
    const cancelled = cancelRequests(app.server);
    app.log.warn(
      `the grace period ended with ${cancelled} request(s) in flight: their signals are cancelled`,
    );
    await Promise.race([closing, sleep(CANCELLED_GRACE_MS)]);
    if (closed) {
      return 0;
    }
    app.log.warn('requests still running at the end of SHUTDOWN_GRACE_SECONDS');
    app.server.closeAllConnections();
    return 1;
  } finally {
    clearInterval(idle);
  }
}
