import { createClient, type SpendControl } from '@vstore/core';
import { vi } from 'vitest';

/** A spend control as the fake service holds it (frozen, as a reply's decoded copy never is shared). */
export const control = (id: string, version: number, fields: Partial<SpendControl> = {}): SpendControl =>
  Object.freeze({
    spend_control_id: id,
    version,
    version_time: '2026-01-01T00:00:00Z',
    name: `Control ${id}`,
    status: 'active',
    limit: Object.freeze({ amount: 100 * version, currency: 'USD' }),
    interval: 'monthly',
    account_id: 'acc_1',
    ...fields,
  }) as SpendControl;

/** One list request the fake service got: its query, and its signal (to see it aborted). */
export interface ListCall {
  readonly search: URLSearchParams;
  readonly signal: AbortSignal | undefined;
}

/**
 * A real client over a fake service that lists `rows` (GET /spend_controls?…, equality filters,
 * `limit`, the cursor an index), as core sends and decodes it. `hold()` keeps the next list reply
 * back until released; aborting a request's signal rejects it, as fetch does.
 */
export function listClient(rows: SpendControl[]) {
  const calls: ListCall[] = [];
  let holding: Promise<void> | undefined;
  let release = () => {};
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const signal = init.signal ?? undefined;
    calls.push({ search: url.searchParams, signal });
    const gate = holding;
    holding = undefined;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      void (gate ?? Promise.resolve()).then(() => resolve(answer(url)));
    });
  });
  const answer = (url: URL): Response => {
    const query = url.searchParams;
    const limit = Number(query.get('limit') ?? 20);
    const from = Number(query.get('cursor') ?? 0);
    const matching = rows.filter((row) =>
      [...query].every(
        ([field, value]) =>
          field === 'limit' ||
          field === 'cursor' ||
          String((row as Record<string, unknown>)[field]) === value,
      ),
    );
    const page = matching.slice(from, from + limit);
    const body =
      from + limit < matching.length ? { data: page, next_cursor: String(from + limit) } : { data: page };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    fetch: fetch as typeof globalThis.fetch,
    retry: { maxAttempts: 1 },
  });
  return {
    client,
    calls,
    /** Holds the next list reply until the returned function is called. */
    hold() {
      holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
  };
}
