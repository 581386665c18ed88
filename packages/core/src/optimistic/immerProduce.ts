// The one immer export the optimistic layer uses, behind a module of its own: a dynamic import of
// `immer` itself keeps its whole namespace (patches, Map/Set support…), this keeps `produce` alone.
export { produce } from 'immer';
