import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import { z } from 'zod';
import { type Reply, reply, SECRET_TOKEN, scriptedSend } from '../../client/__tests__/scripted';
import type { HttpRequest } from '../request';
import { type RetryOptions, resolveRetryOptions } from '../retryPolicy';
import { createTokenProvider } from '../tokenProvider';
import { createTransport, type RequestSpec } from '../transport';

// Test support shared by the transport's unit tests: specs, a scripted transport, virtual time. Not a test file.

const item = z.looseObject({ id: z.string() });
export const getSpec: RequestSpec<{ id: string }> = { method: 'GET', path: '/things/t1', schema: item };
export const patchSpec: RequestSpec<{ id: string }> = { ...getSpec, method: 'PATCH', body: { name: 'x' } };
export const postSpec: RequestSpec<{ id: string }> = {
  method: 'POST',
  path: '/things',
  body: { name: 'x', n: 1 },
  idempotencyKey: 'key-1',
  schema: item,
};
export const ok = reply(200, { id: 't1' });

/** Runs `body` in virtual time: every timer scheduled inside runs on `flush()`. */
export function virtual(body: (flush: () => void) => void) {
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ flush }) => body(flush));
}

export function setup(
  script: (request: HttpRequest, index: number) => Reply | Error,
  options: {
    retry?: RetryOptions;
    random?: () => number;
    tokens?: string[];
    baseUrl?: string;
    maxResponseBytes?: number;
  } = {},
) {
  const scripted = scriptedSend(script);
  let tokenCalls = 0;
  const transport = createTransport({
    baseUrl: options.baseUrl ?? 'https://api.test/',
    maxResponseBytes: options.maxResponseBytes,
    send: scripted.send,
    tokens: createTokenProvider(() => {
      const token = options.tokens?.[tokenCalls] ?? SECRET_TOKEN;
      tokenCalls++;
      return token;
    }),
    retry: resolveRetryOptions(options.retry),
    random: options.random ?? (() => 0),
  });
  return { transport, ...scripted, tokenCalls: () => tokenCalls };
}

export function outcome<T>(source: Observable<T>) {
  const result: { value?: T; error?: unknown; done: boolean; unsubscribe(): void } = {
    done: false,
    unsubscribe: () => subscription.unsubscribe(),
  };
  const subscription = source.subscribe({
    next: (value) => {
      result.value = value;
    },
    error: (error: unknown) => {
      result.error = error;
      result.done = true;
    },
    complete: () => {
      result.done = true;
    },
  });
  return result;
}

export const times = (requests: { at: number }[]) => requests.map((q) => q.at);
