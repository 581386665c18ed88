import { setImmediate as realImmediate } from 'node:timers/promises';
import type { ConnectionState, SseConnectionOptions } from '../sseConnectionOptions';
import type { SseMessage } from '../sseParser';
import { openSseStream } from '../sseStream';

// Test support for the SSE tests: an in-memory endpoint and a connection to it. Not a test file.

export const TOKEN = 'secret-token-123';

/** One request the connection made, with the headers it sent. */
export interface SeenRequest {
  url: string;
  /** `Date.now()` when it was made (virtual under fake timers). */
  at: number;
  headers: Headers;
  signal: AbortSignal;
}

/**
 * An in-memory SSE endpoint behind an injectable `fetch`: each request gets the next queued
 * reply, or by default an open event stream the test writes to with `send`.
 */
export function createFakeSse() {
  const requests: SeenRequest[] = [];
  const replies: Array<() => Response | Promise<Response>> = [];
  let current: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();

  const openStream = (signal: AbortSignal): Response => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        current = controller;
        signal.addEventListener('abort', () => {
          try {
            controller.error(new DOMException('aborted', 'AbortError'));
          } catch {
            // already closed
          }
        });
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  };

  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal ?? new AbortController().signal;
    requests.push({ url: String(input), at: Date.now(), headers: new Headers(init?.headers), signal });
    const reply = replies.shift();
    return reply ? reply() : openStream(signal);
  }) as typeof globalThis.fetch;

  return {
    fetch,
    requests,
    /** Queues the reply for the next request. */
    reply(next: () => Response | Promise<Response>) {
      replies.push(next);
    },
    send(text: string) {
      current?.enqueue(encoder.encode(text));
    },
    /** Ends the current stream cleanly, as a relay closing an idle connection does. */
    end() {
      current?.close();
      current = undefined;
    },
    /** Breaks the current stream, as a dropped network connection does. */
    fail() {
      current?.error(new TypeError('socket hang up'));
      current = undefined;
    },
  };
}

/** Lets every pending promise and stream read run; `setImmediate` is left real by the tests. */
export const flush = async (): Promise<void> => {
  await realImmediate();
  await realImmediate();
};

/** A connection to a fake endpoint, recording messages, errors and states; jitter 0. */
export function connectFake(overrides: Partial<SseConnectionOptions> = {}) {
  const sse = createFakeSse();
  const messages: SseMessage[] = [];
  const errors: unknown[] = [];
  const states: ConnectionState[] = [];
  const connection = openSseStream('http://127.0.0.1:1/events?access_token=leak', {
    fetch: sse.fetch,
    getToken: () => TOKEN,
    onMessage: (m) => messages.push(m),
    onError: (e) => errors.push(e),
    random: () => 0,
    ...overrides,
  });
  connection.state$.subscribe((s) => states.push(s));
  return { sse, messages, errors, states, connection };
}
