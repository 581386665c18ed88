import { createClient, createEntityStore, type EntityStore, type RawResponse, type Send } from '@vstore/core';
import { Observable } from 'rxjs';
import { type Mock, vi } from 'vitest';

export interface ScControl {
  spend_control_id: string;
  version: number;
  version_time: string;
  name: string;
  limit: { amount: number; currency: string };
}

export const sc = (version: number, name = `v${version}`, id = 'sc_1'): ScControl =>
  Object.freeze({
    spend_control_id: id,
    version,
    version_time: '2026-01-01T00:00:00Z',
    name,
    limit: Object.freeze({ amount: 100 * version, currency: 'USD' }),
  });

/**
 * A real client over a fake service whose answers are vi.fn()s: `get(id, { version?, signal })` for
 * one spend control and `history(id, { signal })` for its versions, each called once per request the
 * client sends (a rejection is a failed request; the client does not retry it). The hooks see the
 * whole of core: its read cache, transport, schemas and store.
 */
export function fakeClient(store: EntityStore = createEntityStore()) {
  const server = new Map<string, ScControl>([['sc_1', sc(1)]]);
  const get = vi.fn(async (id: string, options: { version?: number; signal?: AbortSignal } = {}) => {
    const found = server.get(id);
    if (!found) throw new Error(`404 ${id}`);
    return options.version ? sc(options.version, `v${options.version}`, id) : found;
  });
  const history = vi.fn(async (id: string, _options: { signal?: AbortSignal } = {}) => {
    const latest = server.get(id);
    if (!latest) throw new Error(`404 ${id}`);
    return Array.from({ length: latest.version }, (_, i) => sc(i + 1, `v${i + 1}`, id));
  });
  const send: Send = (request) =>
    new Observable<RawResponse>((subscriber) => {
      const controller = new AbortController();
      const url = new URL(request.url);
      const [, , id = '', tail] = url.pathname.split('/');
      const version = url.searchParams.get('version');
      const { signal } = controller;
      const answer: Promise<unknown> =
        tail === 'history'
          ? history(id, { signal }).then((data) => ({ data }))
          : get(id, version ? { version: Number(version), signal } : { signal });
      answer.then(
        (body) => {
          subscriber.next({ status: 200, headers: new Headers(), text: JSON.stringify(body) });
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => controller.abort(new DOMException('The read was aborted', 'AbortError'));
    });
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    store,
    send,
    retry: { maxAttempts: 1 },
  });
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
