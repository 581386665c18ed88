import type * as Immer from 'immer';

let immer: typeof Immer | undefined;
let loading: Promise<typeof Immer> | undefined;

/** immer once `loadImmer` has brought it in; undefined before. */
export const loadedImmer = (): typeof Immer | undefined => immer;

/**
 * Loads immer on first call, through a dynamic import so that a bundler splitting at `import()`
 * keeps it out of the initial load: only recipes need it. Later calls share the first promise.
 */
export function loadImmer(): Promise<typeof Immer> {
  loading ??= import('immer').then((module) => {
    immer = module;
    return module;
  });
  return loading;
}
