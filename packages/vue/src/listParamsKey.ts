import type { ListParams } from '@vstore/core';

/**
 * The params as one string, whatever their order, so a list hook compares them by value: an object
 * literal written in a render is new each time, and must not make a new observer each time.
 */
export function listParamsKey(params: ListParams | undefined): string {
  if (!params) return '';
  return Object.keys(params)
    .sort()
    .map((field) => `${encodeURIComponent(field)}=${encodeURIComponent(String(params[field]))}`)
    .join('&');
}
