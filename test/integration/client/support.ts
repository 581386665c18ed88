import { type ClientOptions, createClient } from '@vstore/core';
import { createService, type Service, type ServiceOptions } from '@vstore/service';

export const TOKEN = 'dev-token';

export interface Sent {
  method: string;
  url: string;
  status: number;
  /** ms since the harness started, when the request was sent. */
  at: number;
  idempotencyKey: string | null;
  body: string | undefined;
}

export interface Harness {
  service: Service;
  url: string;
  /** Every request any client of this harness sent, with the status it got (recorded once answered). */
  sent: Sent[];
  /** Every request any client of this harness started, as `METHOD /path?query`, recorded as it starts. */
  issued: string[];
  client(options?: Partial<ClientOptions>): ReturnType<typeof createClient>;
  close(): Promise<void>;
}

/** The service on 127.0.0.1 and an ephemeral port, and clients over real fetch that record their traffic. */
export async function startHarness(options: ServiceOptions = {}): Promise<Harness> {
  const service = createService(options);
  const server = await service.listen({ port: 0, host: '127.0.0.1' });
  const started = performance.now();
  const sent: Sent[] = [];
  const issued: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    issued.push(`${init?.method ?? 'GET'} ${String(input).slice(server.url.length)}`);
    const at = Math.round(performance.now() - started);
    const headers = new Headers(init?.headers);
    const response = await fetch(input, init);
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input).slice(server.url.length),
      status: response.status,
      at,
      idempotencyKey: headers.get('idempotency-key'),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return response;
  };
  return {
    service,
    url: server.url,
    sent,
    issued,
    client: (overrides = {}) =>
      createClient({
        baseUrl: server.url,
        getToken: () => TOKEN,
        fetch: recordingFetch,
        environment: 'integration',
        // Short, bounded waits: the service's own Retry-After is still honoured in full.
        retry: { baseDelayMs: 20, maxDelayMs: 200, timeoutMs: 5000 },
        ...overrides,
      }),
    close: server.close,
  };
}

/** Resolves once `check` holds; checks every few ms and fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A promise's outcome as a value, so two racing calls can be awaited together and compared. */
export const settle = <T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
