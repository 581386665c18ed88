export { ConflictPanel } from './ConflictPanel';
export { type ConflictResolutionState, useConflictResolution } from './useConflictResolution';
