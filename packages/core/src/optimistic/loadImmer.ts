type Immer = typeof import('./immerProduce');

let immer: Immer | undefined;
let loading: Promise<Immer> | undefined;

/** immer (its `produce`) once `loadImmer` has brought it in; undefined before. */
export const loadedImmer = (): Immer | undefined => immer;

/**
 * Loads immer on first call, through a dynamic import so that a bundler splitting at `import()`
 * keeps it out of the initial load: only recipes need it. Later calls share the first promise.
 */
export function loadImmer(): Promise<Immer> {
  // A failed load (offline, or chunks replaced by a deploy) is forgotten, so the next recipe tries again.
  loading ??= import('./immerProduce').then(
    (module) => {
      immer = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
