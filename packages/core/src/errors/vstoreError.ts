import type { VSTORE_ERROR_CLASSES } from './vstoreErrorClasses';

/**
 * Every error a vstore call ends with, as a union of the exported classes: narrow it with
 * `instanceof`. `ApiError` covers its subclasses (`GatewayError`, `ConcurrentUpdateError`,
 * `ResponseShapeError`, `NetworkError`, …).
 */
export type VStoreError = InstanceType<(typeof VSTORE_ERROR_CLASSES)[keyof typeof VSTORE_ERROR_CLASSES]>;
