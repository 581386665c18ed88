import { lazyModule } from '../lazy/lazyModule';

const immer = lazyModule(() => import('./immerProduce'));

/** immer (its `produce`) once `loadImmer` has brought it in; undefined before. */
export const loadedImmer = () => immer.loaded();

/**
 * Loads immer on first call, through a dynamic import so that a bundler splitting at `import()`
 * keeps it out of the initial load: only recipes need it. Later calls share the first promise.
 */
export const loadImmer = () => immer.load();
