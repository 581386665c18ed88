import { createClient, createEntityStore, type EntityStore } from '@vstore/core';
import { type Mock, vi } from 'vitest';

export interface ScControl {
  spend_control_id: string;
  version: number;
  name: string;
  limit: { amount: number; currency: string };
}

export const sc = (version: number, name = `v${version}`, id = 'sc_1'): ScControl =>
  Object.freeze({
    spend_control_id: id,
    version,
    name,
    limit: Object.freeze({ amount: 100 * version, currency: 'USD' }),
  });

/**
 * A real client whose spend-control reads are vi.fn()s over the real store: a latest read applies to
 * the store as core's client does, so the hooks see exactly the store semantics they wire to. The
 * reads are spied on the client's own resource object, which core's observers are linked to.
 */
export function fakeClient(store: EntityStore = createEntityStore()) {
  const server = new Map<string, ScControl>([['sc_1', sc(1)]]);
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    store,
    fetch: () => Promise.reject(new Error('no network in this test')),
  });
  const get = vi.fn(
    async (id: string, options: { version?: number; maxAgeMs?: number; signal?: AbortSignal } = {}) => {
      const found = server.get(id);
      if (!found) throw new Error(`404 ${id}`);
      if (options.version) return sc(options.version, `v${options.version}`, id);
      store.apply('spend_control', id, found);
      return found;
    },
  );
  const history = vi.fn(async (id: string, _options: { signal?: AbortSignal } = {}) => {
    const latest = server.get(id);
    if (!latest) throw new Error(`404 ${id}`);
    store.apply('spend_control', id, latest);
    return Array.from({ length: latest.version }, (_, i) => sc(i + 1, `v${i + 1}`, id));
  });
  const resource = client.spendControls as unknown as Record<'get' | 'history', unknown>;
  resource.get = get;
  resource.history = history;
  return { client, store, server, get, history };
}

/**
 * Holds the next call of `read` (one of `fakeClient`'s mocks) until `release()`; aborting the call's
 * signal rejects it with the signal's reason, as core's client does.
 */
export function holdNext<F extends (id: string, options?: { signal?: AbortSignal }) => Promise<unknown>>(
  read: Mock<F>,
) {
  const answer = read.getMockImplementation();
  if (!answer) throw new Error('holdNext needs a mock with an implementation');
  let release = () => {};
  let signal: AbortSignal | undefined;
  read.mockImplementationOnce(
    ((id: string, options: { signal?: AbortSignal } = {}) =>
      new Promise((resolve, reject) => {
        signal = options.signal;
        signal?.addEventListener('abort', () => reject(signal?.reason));
        release = () => resolve(answer(id, options));
      })) as Parameters<Mock<F>['mockImplementationOnce']>[0],
  );
  return { release: () => release(), signal: () => signal };
}
