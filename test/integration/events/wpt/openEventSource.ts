import { type ConnectionState, createSseConnection, type SseConnectionOptions } from '@vstore/core';

// The EventSource view of `createSseConnection` that the WPT cases are written against: what
// `onmessage`/`addEventListener` would see (type, data, lastEventId), when `onopen` fired, the errors
// (`onerror`) and `readyState`, plus the requests the connection made.

/** A dispatched event as EventSource gives it: `type` is `message` unless an `event:` field named one. */
export interface WptMessage {
  readonly type: string;
  readonly data: string;
  /** The last event id in force, `''` when there is none. */
  readonly lastEventId: string;
}

export interface WptSource {
  readonly messages: WptMessage[];
  /** `performance.now()` each time the state became `open`. */
  readonly opens: number[];
  readonly errors: unknown[];
  /** The headers of each request, in order. */
  readonly requests: Headers[];
  /** EventSource's readyState: CONNECTING while connecting or waiting to reconnect. */
  readyState(): 'CONNECTING' | 'OPEN' | 'CLOSED';
  /** Resolves once `holds()` is true, checked on every message, state change, error and request. */
  until(holds: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

const READY: Record<ConnectionState, 'CONNECTING' | 'OPEN' | 'CLOSED'> = {
  connecting: 'CONNECTING',
  reconnecting: 'CONNECTING',
  open: 'OPEN',
  closed: 'CLOSED',
};

/** Opens `url` like `new EventSource(url)`; `options` may shorten the backoff or add anything else. */
export function openEventSource(url: string, options: Partial<SseConnectionOptions> = {}): WptSource {
  const messages: WptMessage[] = [];
  const opens: number[] = [];
  const errors: unknown[] = [];
  const requests: Headers[] = [];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const check of [...waiters]) check();
  };
  const connection = createSseConnection(url, {
    ...options,
    onMessage: (m) => {
      messages.push({ type: m.event ?? 'message', data: m.data, lastEventId: m.id ?? '' });
      changed();
    },
    onError: (error) => {
      errors.push(error);
      changed();
    },
    fetch: (input, init) => {
      requests.push(new Headers(init?.headers));
      queueMicrotask(changed);
      return fetch(input, init);
    },
  });
  connection.state$.subscribe((state) => {
    if (state === 'open') opens.push(performance.now());
    queueMicrotask(changed);
  });

  return {
    messages,
    opens,
    errors,
    requests,
    readyState: () => READY[connection.state],
    until(holds, what, timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = JSON.stringify({ messages, state: connection.state, requests: requests.length });
          reject(new Error(`Waited ${timeoutMs} ms for ${what}; saw ${seen}`));
        }, timeoutMs);
        const check = () => {
          if (!holds()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () => connection.close(),
  };
}
