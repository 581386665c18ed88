import { defer, type Observable, switchMap } from 'rxjs';
import type { ClientContext } from '../client/clientContext';
import { PollTimeoutError } from '../errors/pollTimeoutError';
import { attemptTimeout } from '../http/attemptTimeout';
import { toPromise } from '../http/toPromise';
import { lazyModule } from '../lazy/lazyModule';
import { type CallOptions, createResourceOps } from '../resources/resourceClient';
import { type Task, tasks } from '../resources/tasks';
import { MAX_POLL_DURATION_MS } from './pollDefaults';
import type { PollOptions } from './pollUntil';

/** The client of tasks: read one, poll it until a terminal status, or wait for its completion. */
export interface TaskClient {
  /** Reads the task (always from the service) and applies it to the store. */
  get(taskId: string, options?: CallOptions): Promise<Task>;
  /**
   * Polls as `pollTask` does (the schedule, the errors, what unsubscribing stops). Cold: each
   * subscription polls on its own. The polling engine is loaded on the page's first subscription (a
   * dynamic import, shared); until it is in, nothing is sent and no timer runs, and unsubscribing
   * then starts nothing. If that load fails (offline, chunks replaced by a deploy), the subscriber
   * gets the loader's own error, as `edit` and optimistic recipes do, and the next subscription
   * tries the load again.
   */
  poll(taskId: string, options?: PollOptions & { timeoutMs?: number }): Observable<Task>;
  /** Resolves with the completed task; rejects as `poll` errors. */
  wait(taskId: string, options?: PollOptions & CallOptions): Promise<Task>;
}

const pollEngine = lazyModule(() => import('./poll'));
type PollEngine = Awaited<ReturnType<typeof pollEngine.load>>;

/**
 * Loads the polling engine (./poll and the rxjs operators only it uses), which `tasks.poll` does
 * on its first subscription; from then on a subscription starts polling synchronously.
 */
export const loadPollEngine = (): Promise<PollEngine> => pollEngine.load();

export function createTaskClient(ctx: ClientContext): TaskClient {
  const ops = createResourceOps(tasks, ctx);
  // maxAgeMs 0: a poll must ask the service, whatever the client's default freshness.
  const read$ = (taskId: string, timeoutMs?: number) =>
    ops.get$(taskId, { maxAgeMs: 0, ...(timeoutMs === undefined ? {} : { timeoutMs }) }) as Observable<Task>;
  const poll = (taskId: string, { timeoutMs, ...options }: PollOptions & { timeoutMs?: number } = {}) => {
    const start = ({ pollTask }: PollEngine, maxDurationMs = options.maxDurationMs) =>
      pollTask(() => read$(taskId, timeoutMs), {
        scheduler: ctx.scheduler,
        ...options,
        ...(maxDurationMs === undefined ? {} : { maxDurationMs }),
      });
    return defer(() => {
      const loaded = pollEngine.loaded();
      if (loaded) return start(loaded);
      // The load counts towards maxDurationMs, so a module request that never answers still ends in
      // PollTimeoutError rather than a poll that never starts; the engine gets the time left.
      // `switchMap` after the load: an unsubscription before it resolves drops it, so nothing starts.
      const { scheduler } = ctx;
      const subscribedAt = scheduler.now();
      const limit = options.maxDurationMs ?? MAX_POLL_DURATION_MS;
      const elapsed = () => scheduler.now() - subscribedAt;
      return defer(pollEngine.load).pipe(
        attemptTimeout(limit, scheduler, () => new PollTimeoutError(0, elapsed())),
        switchMap((engine) => start(engine, Math.max(0, limit - elapsed()))),
      );
    });
  };

  return {
    get: (taskId, { signal, timeoutMs } = {}) => toPromise(read$(taskId, timeoutMs), signal),
    poll,
    wait: (taskId, { signal, ...options } = {}) => toPromise(poll(taskId, options), signal),
  };
}
