import type { Observable } from 'rxjs';

/**
 * The last value of `source` as a Promise; aborting `signal` unsubscribes (which aborts the request
 * in flight and clears every timer) and rejects with the signal's reason.
 */
export function toPromise<T>(source: Observable<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let settled = false;
    let hasValue = false;
    let last: T | undefined;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      subscription.unsubscribe();
      reject(signal?.reason);
    };
    const settle = () => {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const subscription = source.subscribe({
      next: (value) => {
        hasValue = true;
        last = value;
      },
      error: (error: unknown) => {
        settle();
        reject(error);
      },
      complete: () => {
        settle();
        if (hasValue) resolve(last as T);
        else reject(new Error('The operation completed without a result'));
      },
    });
  });
}
