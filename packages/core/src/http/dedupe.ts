import { defer, finalize, map, type Observable, share } from 'rxjs';

/** Shares one execution between concurrent subscribers of the same key. */
export interface InFlight {
  /**
   * The source, shared with anyone who subscribes under the same key while it runs. It is
   * cancelled only when every subscriber has left, and forgotten at its first value or its end,
   * so the next call after that starts afresh (a new request, not a cached answer).
   */
  share<T>(key: string, source: Observable<T>): Observable<T>;
}

export function createInFlight(): InFlight {
  const running = new Map<string, Observable<unknown>>();
  return {
    share<T>(key: string, source: Observable<T>): Observable<T> {
      return defer(() => {
        const existing = running.get(key) as Observable<T> | undefined;
        if (existing) return existing;
        const forget = () => {
          if (running.get(key) === shared) running.delete(key);
        };
        // Forgotten at its first value too, before subscribers see it: one that reads again in
        // reaction to the reply must start afresh, not join a source that has nothing left to give.
        // `map` + `finalize`, not `tap`: see transport.ts.
        const shared: Observable<T> = source.pipe(
          map((value) => {
            forget();
            return value;
          }),
          finalize(forget),
          share(),
        );
        running.set(key, shared);
        return shared;
      });
    },
  };
}
