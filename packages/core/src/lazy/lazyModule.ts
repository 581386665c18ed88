import { defer, type Observable, switchMap } from 'rxjs';

/** A module loaded on first use: `load` brings it in once, `loaded` gives it without waiting, if in. */
export interface LazyModule<T> {
  load(): Promise<T>;
  loaded(): T | undefined;
  /**
   * Cold: each subscription runs `run` over the module, at once when it is in, else after the load.
   * Unsubscribing before the load resolves means `run` is never called (the load itself completes
   * and is kept). A failed load is the subscriber's error, and the next subscription tries again.
   */
  use$<R>(run: (module: T) => Observable<R>): Observable<R>;
}

/**
 * Wraps a dynamic import (`() => import('./x')`, written at the call site so bundlers split there)
 * so that it runs once and later calls share it. A failed load (offline, or chunks replaced by a
 * deploy) is forgotten, so the next call tries again instead of failing until the page reloads.
 * Marked free of side effects: a loader nothing calls is dropped from an app's bundle, and its chunk
 * with it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const load = () => {
    if (module) return Promise.resolve(module);
    loading ??= importer().then(
      (loadedModule) => {
        module = loadedModule;
        return loadedModule;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    loaded: () => module,
    use$: (run) => defer(() => (module ? run(module) : defer(load).pipe(switchMap(run)))),
  };
}
