import { type ClientOptions, createClient, pollTask, type SpendControl, type Task } from '@vstore/core';
import { lastValueFrom, of } from 'rxjs';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

/** One request seen by the scripted fetch. */
export interface ScriptedCall {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
}

export type Reply = Response | Promise<Response>;

/**
 * A fetch that answers from `script` and records every call, so tests count requests exactly. A
 * reply may be a pending promise (a request held in flight); aborting the request's signal rejects
 * it as fetch does, which is how tests see that a composable aborted its requests.
 */
export function scriptedFetch(script: (call: ScriptedCall) => Reply) {
  const calls: ScriptedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const signal = init.signal ?? request?.signal ?? undefined;
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: ScriptedCall = {
      method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: text === undefined ? undefined : JSON.parse(text),
      signal,
    };
    calls.push(call);
    const reply = Promise.resolve(script(call));
    if (!signal) return reply;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      reply.then(resolve, reject);
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    /** Calls matching `method path`, e.g. `GET /spend_controls/sc_1`. */
    count: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route).length,
    aborted: () => calls.filter((c) => c.signal?.aborted).length,
    /** A client over this fetch; `options` add to or replace the test defaults (e.g. a store). */
    client: (options: Partial<ClientOptions> = {}) =>
      createClient({
        baseUrl: BASE_URL,
        getToken: () => 'token',
        fetch: fetch as typeof globalThis.fetch,
        ...options,
      }),
  };
}

/** Runs every test of the calling file under fake timers, restoring real ones after each. */
/**
 * Polls a completed task once, in real time, before the file's tests: the polling engine loads on the
 * page's first poll with a dynamic import, which fake timers do not drive (docs/guide/testing.md).
 */
export function withPollingLoaded(): void {
  beforeAll(() => lastValueFrom(pollTask(() => of({ task_id: 'task_0', status: 'completed' } as Task))));
}

export function withFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Lets replies resolve under fake timers: the client's promise chain, then Vue's pre-flush watchers. */
export const settle = () => vi.advanceTimersByTimeAsync(0);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A reply the test releases later: `resolve(json(...))`. */
export function held(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function spendControl(id: string, version: number, fields: Partial<SpendControl> = {}): SpendControl {
  return Object.freeze({
    spend_control_id: id,
    version,
    version_time: new Date(Date.UTC(2025, 0, 1, 0, 0, version)).toISOString(),
    name: `Control ${id}`,
    status: 'active',
    limit: { amount: 100 * version, currency: 'EUR' },
    interval: 'monthly',
    account_id: 'acc_1',
    ...fields,
  }) as SpendControl;
}

export const task = (id: string, status: string): Task => Object.freeze({ task_id: id, status }) as Task;

export const BASE_URL = 'http://vstore.test';
