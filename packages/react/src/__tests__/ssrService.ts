import { createClient } from '@vstore/core';

// Test support, not a test file: a fetch that serves every version of sc_1 (and 404 for any other id).

export const version = (n: number) =>
  Object.freeze({
    spend_control_id: 'sc_1',
    version: n,
    version_time: `2026-01-0${n}T00:00:00Z`,
    name: `Travel v${n}`,
    status: 'active',
    limit: Object.freeze({ amount: 100 * n, currency: 'USD' }),
    interval: 'monthly',
    account_id: 'acc_1',
  });

/** A client over an in-memory service with `versions` versions of sc_1; `reads` lists every GET. */
export function ssrService(versions = 3) {
  const reads: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    reads.push(url.pathname + url.search);
    const [, , id, tail] = url.pathname.split('/');
    const all = Array.from({ length: versions }, (_, i) => version(i + 1));
    const [status, body] =
      id !== 'sc_1'
        ? [404, { type: 'not_found', message: `spend control ${id} not found`, trace_id: 'tr_404' }]
        : tail === 'history'
          ? [200, { data: all }]
          : [200, all[Number(url.searchParams.get('version') ?? versions) - 1]];
    // Only what core's fetch boundary reads of a Response.
    return { status, headers: new Headers(), text: async () => JSON.stringify(body) } as unknown as Response;
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return { client, reads };
}
