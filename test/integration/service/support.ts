import { createService, type Service, type ServiceOptions } from '@vstore/service';

export { createService, type Service, type ServiceOptions };

export const TOKEN = 'dev-token';

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface Running {
  service: Service;
  url: string;
  close(): Promise<void>;
  api(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; token?: string | null },
  ): Promise<Answer>;
}

/** Starts a service on 127.0.0.1 and an ephemeral port. */
export async function start(options: ServiceOptions = {}): Promise<Running> {
  const service = createService(options);
  const server = await service.listen({ port: 0 });
  const api: Running['api'] = async (method, path, { body, headers = {}, token = TOKEN } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? {} : JSON.parse(text) };
  };
  return { service, url: server.url, close: server.close, api };
}

/** Polls `check` every `intervalMs` until it returns true; bounded by `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, intervalMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface SseEvent {
  id?: number;
  event?: string;
  data: string;
}

export interface EventStream {
  /** What `EventSource.onmessage` receives: the webhooks (events without a name). */
  events: SseEvent[];
  /** Named events: the relay's `ready` on a first connect, a `gap`. */
  named: SseEvent[];
  /** Reads until `enough(events)`; fails after `timeoutMs` without it. */
  until(enough: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

/** A minimal SSE client over fetch (what EventSource does, without auto-reconnect). */
export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`GET /events answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const named: SseEvent[] = [];
  let buffer = '';

  const parse = (): void => {
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) event.id = Number(line.slice(4));
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          event.data += line.slice(6);
          hasData = true;
        }
      }
      if (hasData) (event.event === undefined || event.event === 'message' ? events : named).push(event);
      end = buffer.indexOf('\n\n');
    }
  };

  return {
    events,
    named,
    async until(enough, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!enough(events)) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`only ${events.length} SSE events within ${timeoutMs} ms`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), remaining);
        });
        const chunk = await Promise.race([reader.read(), timeout]);
        clearTimeout(timer);
        if (chunk === 'timeout') continue;
        if (chunk.done) throw new Error(`stream ended after ${events.length} events`);
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return events;
    },
    close() {
      controller.abort();
    },
  };
}

export const newControl = {
  name: 'Office',
  limit: { amount: 300, currency: 'USD' },
  interval: 'weekly',
  account_id: 'acc_1',
} as const;

/** True when no object in `value`, at any depth, has a null-valued key. */
export function hasNoNullKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(hasNoNullKeys);
  if (value === null || typeof value !== 'object') return true;
  return Object.values(value).every((v) => v !== null && hasNoNullKeys(v));
}
