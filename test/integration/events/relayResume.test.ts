import { createClient, createSseConnection, getClientEvents } from '@vstore/core';
import { createService, type ListeningService, type Service } from '@vstore/service';
import { afterEach, describe, expect, it, vi } from 'vitest';

let service: Service | undefined;
let server: ListeningService | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await server?.close();
  await service?.close();
});

/**
 * `fetch` whose first event stream breaks after `cutAfter` events, as a dropped connection
 * does; later streams pass through. Records the Last-Event-ID each request sent.
 */
function droppingFetch(cutAfter: number, sentIds: (string | null)[]): typeof fetch {
  let streams = 0;
  return async (input, init) => {
    sentIds.push(new Headers(init?.headers).get('last-event-id'));
    const response = await fetch(input, init);
    if (++streams > 1 || !response.body) return response;
    let events = 0;
    const cut = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        events += new TextDecoder().decode(chunk).split('\n\n').length - 1;
        if (events > cutAfter) controller.error(new TypeError('connection reset'));
      },
    });
    return new Response(response.body.pipeThrough(cut), {
      status: response.status,
      headers: response.headers,
    });
  };
}

describe('the event relay connection', () => {
  it('resumes from Last-Event-ID after a dropped stream, missing nothing', async () => {
    service = createService({ sse: { retryMs: 50 } });
    server = await service.listen();
    const writer = createClient({ baseUrl: server.url, getToken: () => 'dev-token' });
    const sentIds: (string | null)[] = [];
    const observer = createClient({
      baseUrl: server.url,
      getToken: () => 'dev-token',
      fetch: droppingFetch(3, sentIds),
    });
    const states: string[] = [];
    cleanups.push(getClientEvents(observer).connect('/events'));
    const sub = getClientEvents(observer).connectionState$.subscribe((s) => states.push(s));
    cleanups.push(() => sub.unsubscribe());
    await vi.waitFor(() => expect(getClientEvents(observer).getConnectionState()).toBe('open'), {
      timeout: 10_000,
    });

    for (let i = 1; i <= 6; i++) await writer.spendControls.update('sc_1', { name: `rev ${i}` });

    await vi.waitFor(
      () =>
        expect(observer.store.get('spend_control', 'sc_1')?.version).toBe(
          service!.inspect().spendControls.sc_1,
        ),
      { timeout: 10_000, interval: 20 },
    );
    expect(states).toContain('reconnecting');
    expect(sentIds[0]).toBeNull();
    // The reconnect asked for what came after the last event it had seen, not from the start.
    expect(Number(sentIds[1])).toBeGreaterThanOrEqual(2);
    expect(getClientEvents(observer).getStats()).toMatchObject({
      received: 6,
      applied: 6,
      duplicate: 0,
      ignored: 0,
    });
  });

  it('stops for good when the gateway refuses the token, and says so without the token', async () => {
    service = createService();
    server = await service.listen();
    const errors: unknown[] = [];
    const connection = createSseConnection(`${server.url}/events`, {
      getToken: () => 'wrong-token-value',
      onMessage: () => {},
      onError: (e) => errors.push(e),
    });
    cleanups.push(() => connection.close());
    await vi.waitFor(() => expect(connection.state).toBe('closed'), { timeout: 10_000 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'GatewayError', status: 401 });
    expect(JSON.stringify(errors[0]) + String(errors[0])).not.toContain('wrong-token-value');
  });
});
