import { defer, finalize, type Observable, share } from 'rxjs';

/** Shares one execution between concurrent subscribers of the same key. */
export interface InFlight {
  /**
   * The source, shared with anyone who subscribes under the same key while it runs. It is
   * cancelled only when every subscriber has left, and forgotten when it ends, so the next
   * call after that starts afresh (a new request, not a cached answer).
   */
  share<T>(key: string, source: Observable<T>): Observable<T>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  const running = new Map<string, Observable<unknown>>();
  return {
    share<T>(key: string, source: Observable<T>): Observable<T> {
      return defer(() => {
        const existing = running.get(key) as Observable<T> | undefined;
        if (existing) return existing;
        const shared: Observable<T> = source.pipe(
          finalize(() => {
            if (running.get(key) === shared) running.delete(key);
          }),
          share(),
        );
        running.set(key, shared);
        return shared;
      });
    },
    get size() {
      return running.size;
    },
  };
}
