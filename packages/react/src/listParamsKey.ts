import type { ListParams } from '@vstore/core';

/**
 * The params as one string, whatever their order, so a list hook compares them by value: an object
 * literal written in a render is new each time, and must not make a new observer each time.
 */
export const listParamsKey = (params: ListParams | undefined): string =>
  params
    ? JSON.stringify(
        Object.keys(params)
          .sort()
          .map((field) => [field, String(params[field])]),
      )
    : '';
