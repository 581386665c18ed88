import { enablePatches, produceWithPatches as immerProduceWithPatches } from 'immer';

// The only module of core that needs immer at run time, loaded by `edit` with a dynamic import
// when a recipe first runs. Importing the two functions it uses here, rather than `import('immer')`
// as a namespace, keeps immer tree-shaken: a namespace import keeps all of it (18.9 kB min
// against 12.8 kB), in the lazy chunk and in bundles made without code splitting alike.

// enablePatches() runs in making the export's value, not as a statement of its own: core declares
// `"sideEffects": false`, so a bundler may skip this module's statements and take immer's binding
// straight through the re-export, and then immer throws "plugin Patches not loaded" on the first edit.
function withPatches(): typeof immerProduceWithPatches {
  enablePatches();
  return immerProduceWithPatches;
}

export const produceWithPatches = withPatches();
