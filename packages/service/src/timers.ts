/** The longest delay a timer keeps (2^31 - 1 ms). */
export const MAX_TIMER_MS = 2_147_483_647;

/** Raised into every pending `sleep` when the service closes, so no request waits forever. */
export class ServiceClosedError extends Error {
  override name = 'ServiceClosedError';
  constructor() {
    super('The service was closed while this request was waiting; start a new service to continue.');
  }
}

export interface Timers {
  /** Runs `callback` once after `ms`; the returned function cancels it. */
  after(ms: number, callback: () => void): () => void;
  /** Runs `callback` every `ms`; the returned function stops it. */
  every(ms: number, callback: () => void): () => void;
  /** Resolves after `ms`; rejects with `ServiceClosedError` if the service closes first. */
  sleep(ms: number): Promise<void>;
  /** Clears every timer and rejects every pending sleep. */
  dispose(): void;
}

/**
 * Every timer of the service goes through here so `close()` can release them all. The global
 * timer functions are looked up at call time, never captured at import, so fake timers work.
 */
export function createTimers(): Timers {
  // A delay past 2^31 - 1 ms would fire after 1 ms (Node and browsers take it as 1), so a task
  // duration or write window meant to be very long would end at once: it waits the longest instead.
  const longest = (ms: number) => Math.min(ms, MAX_TIMER_MS);
  const cancels = new Set<() => void>();
  let disposed = false;

  const after = (ms: number, callback: () => void): (() => void) => {
    if (disposed) return () => {};
    const handle = globalThis.setTimeout(() => {
      cancels.delete(cancel);
      callback();
    }, longest(ms));
    const cancel = (): void => {
      cancels.delete(cancel);
      globalThis.clearTimeout(handle);
    };
    cancels.add(cancel);
    return cancel;
  };

  const every = (ms: number, callback: () => void): (() => void) => {
    if (disposed) return () => {};
    const handle = globalThis.setInterval(callback, longest(ms));
    const cancel = (): void => {
      cancels.delete(cancel);
      globalThis.clearInterval(handle);
    };
    cancels.add(cancel);
    return cancel;
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (disposed) return reject(new ServiceClosedError());
      const handle = globalThis.setTimeout(() => {
        cancels.delete(cancel);
        resolve();
      }, longest(ms));
      const cancel = (): void => {
        cancels.delete(cancel);
        globalThis.clearTimeout(handle);
        reject(new ServiceClosedError());
      };
      cancels.add(cancel);
    });

  const dispose = (): void => {
    disposed = true;
    for (const cancel of [...cancels]) cancel();
  };

  return { after, every, sleep, dispose };
}
