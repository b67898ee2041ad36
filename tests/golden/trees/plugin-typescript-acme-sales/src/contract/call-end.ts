// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/call-end.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The end of one data source call (issue 40 point 3): PLUGIN_QUERY_SECONDS passing, or the caller
 * hanging up. serve.ts gives the method CallEnd's signal (RequestContext.signal) and races its
 * answer against the end: the routes answer 422 (`query.deadline`) or record 499 at that moment,
 * whether the method stops or not, as the Python runtime's hang_up.py and the Go runtime's
 * request context do.
 */
import type { FastifyReply } from 'fastify';

/** Why a call ended before its method answered: the signal's reason, and what `race` rejects with. */
export class CallEnded extends Error {
  constructor(readonly hungUp: boolean) {
    super(hungUp ? 'the caller hung up' : 'PLUGIN_QUERY_SECONDS passed');
    this.name = 'CallEnded';
  }
}

/**
 * The end of one data source call: the caller hanging up (its connection closes before the answer)
 * or `seconds` passing. Either aborts `signal`, which the method is given, and ends `race` at once
 * with a CallEnded, whether the method stops or not: its late answer is dropped.
 */
export class CallEnd {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly ended: Promise<never>;
  private readonly onClose: () => void;

  constructor(
    private readonly reply: FastifyReply,
    seconds: number | undefined,
  ) {
    let stop: (hungUp: boolean) => void = () => undefined;
    this.ended = new Promise<never>((_resolve, reject) => {
      stop = (hungUp) => {
        if (!this.controller.signal.aborted) {
          const reason = new CallEnded(hungUp);
          this.controller.abort(reason);
          reject(reason);
        }
      };
    });
    this.ended.catch(() => undefined); // a call that ended first never awaits it
    this.onClose = () => {
      if (!reply.raw.writableEnded) {
        stop(true);
      }
    };
    reply.raw.once('close', this.onClose);
    const expire = (): void => {
      stop(false);
    };
    this.timer = seconds === undefined ? undefined : setTimeout(expire, seconds * 1000);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** `work`'s answer, unless the call ends first (rejects with a CallEnded). */
  race<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined); // a method failing after its call ended is no one's to see
    return Promise.race([work, this.ended]);
  }

  end(): void {
    clearTimeout(this.timer);
    this.reply.raw.removeListener('close', this.onClose);
  }
}
