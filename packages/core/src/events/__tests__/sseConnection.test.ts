import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GatewayError, NetworkError } from '../../errors/apiError';
import { connectFake as connect, flush, TOKEN } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSseConnection', () => {
  it('sends the bearer token in a header, opens, and delivers messages in order', async () => {
    const { sse, messages, connection } = connect();
    expect(connection.state).toBe('connecting');
    await flush();
    expect(connection.state).toBe('open');
    expect(sse.requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sse.requests[0]?.headers.get('accept')).toBe('text/event-stream');
    expect(sse.requests[0]?.headers.has('last-event-id')).toBe(false);
    sse.send('id: 1\ndata: a\n\nid: 2\ndata: b\n\n');
    await flush();
    expect(messages.map((m) => m.data)).toEqual(['a', 'b']);
    expect(connection.lastEventId).toBe('2');
    connection.close();
  });

  it('reconnects after the stream ends and resumes with Last-Event-ID', async () => {
    const { sse, states, connection } = connect();
    await flush();
    sse.send('retry: 1000\nid: 41\ndata: x\n\n');
    await flush();
    sse.end();
    await flush();
    expect(connection.state).toBe('reconnecting');
    // The first reconnect waits the reconnection time, the server's retry:, and no jitter.
    await vi.advanceTimersByTimeAsync(999);
    expect(sse.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sse.requests).toHaveLength(2);
    expect(sse.requests[1]?.headers.get('last-event-id')).toBe('41');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    connection.close();
  });

  it('backs off exponentially while attempts fail, bounded, and resets once a connection stayed open', async () => {
    const failing = () => Promise.reject(new TypeError('ECONNREFUSED'));
    const { sse, errors, connection } = connect({
      backoff: { initialDelayMs: 100, maxDelayMs: 1000, factor: 2, minDelayMs: 10, resetAfterMs: 5000 },
    });
    for (let i = 0; i < 6; i++) sse.reply(failing);
    for (let i = 0; i < 400 && sse.requests.length < 7; i++) {
      await vi.advanceTimersByTimeAsync(10);
      await flush();
    }
    const times = sse.requests.map((r) => r.at);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    // Half of 100, 200, 400, 800, then capped at 1000 → 500; never under the 100 ms reconnection time.
    expect(gaps).toEqual([100, 100, 200, 400, 500, 500]);
    expect(errors.every((e) => e instanceof NetworkError)).toBe(true);
    expect(connection.state).toBe('open');
    await vi.advanceTimersByTimeAsync(5000);
    sse.end();
    await flush();
    await vi.advanceTimersByTimeAsync(99);
    expect(sse.requests).toHaveLength(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(sse.requests).toHaveLength(8);
    connection.close();
  });

  it("honours the server's retry field as the base delay", async () => {
    const { sse, connection } = connect();
    await flush();
    sse.send('retry: 8000\n\n');
    sse.fail();
    await flush();
    await vi.advanceTimersByTimeAsync(7999);
    expect(sse.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sse.requests).toHaveLength(2);
    connection.close();
  });

  it('waits at least Retry-After on 503 and 429', async () => {
    const { sse, errors, connection } = connect();
    sse.reply(() => new Response('busy', { status: 503, headers: { 'retry-after': '7' } }));
    await flush();
    expect(errors[0]).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(6999);
    expect(sse.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sse.requests).toHaveLength(2);
    expect(connection.state).toBe('open');
    connection.close();
  });

  it('reads a Retry-After given as an HTTP-date', async () => {
    vi.setSystemTime(Date.UTC(2024, 0, 1));
    const { sse, connection } = connect();
    sse.reply(
      () =>
        new Response('busy', { status: 503, headers: { 'retry-after': 'Mon, 01 Jan 2024 00:00:07 GMT' } }),
    );
    await flush();
    await vi.advanceTimersByTimeAsync(6999);
    expect(sse.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sse.requests).toHaveLength(2);
    connection.close();
  });

  it('gives up on a connect that gets no answer within connectTimeoutMs, and reconnects', async () => {
    const { sse, errors, connection } = connect({ connectTimeoutMs: 1000 });
    sse.reply(
      () =>
        new Promise<Response>((_, reject) => {
          const { signal } = sse.requests.at(-1) ?? {};
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await flush();
    await vi.advanceTimersByTimeAsync(999);
    expect(sse.requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sse.requests[0]?.signal.aborted).toBe(true);
    expect(errors[0]).toMatchObject({ name: 'NetworkError', timedOut: true });
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(sse.requests).toHaveLength(2);
    expect(connection.state).toBe('open');
    connection.close();
  });

  it('reconnects a stream that stays silent past idleTimeoutMs, resuming from the last id', async () => {
    const { sse, errors, connection } = connect({ idleTimeoutMs: 3000 });
    await flush();
    sse.send('id: 7\ndata: x\n\n');
    await vi.advanceTimersByTimeAsync(2000);
    sse.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(2999);
    expect(connection.state).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sse.requests[0]?.signal.aborted).toBe(true);
    expect(errors[0]).toBeInstanceOf(NetworkError);
    expect(connection.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(sse.requests[1]?.headers.get('last-event-id')).toBe('7');
    connection.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refreshes a refused token once, then stops with a GatewayError that shows no token', async () => {
    const invalidated: string[] = [];
    const { sse, errors, connection } = connect({ invalidateToken: (t) => invalidated.push(t) });
    const refuse = () => new Response(JSON.stringify({ message: `bad token ${TOKEN}` }), { status: 401 });
    sse.reply(refuse);
    sse.reply(refuse);
    await flush();
    await flush();
    expect(invalidated).toEqual([TOKEN]);
    expect(sse.requests).toHaveLength(2);
    expect(connection.state).toBe('closed');
    expect(errors).toHaveLength(1);
    const error = errors[0] as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    const shown = JSON.stringify({ message: error.message, info: error.supportInfo(), json: error });
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain('leak');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sse.requests).toHaveLength(2);
  });

  it('stops for good on 204 and on a body that is not an event stream', async () => {
    const a = connect();
    a.sse.reply(() => new Response(null, { status: 204 }));
    await flush();
    expect(a.connection.state).toBe('closed');
    expect(a.errors).toEqual([]);
    const b = connect();
    b.sse.reply(() => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    await flush();
    expect(b.connection.state).toBe('closed');
    expect(b.errors[0]).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(a.sse.requests.length + b.sse.requests.length).toBe(2);
  });

  it('reports a throwing handler and keeps the stream', async () => {
    const { sse, errors, connection } = connect({
      onMessage: (m) => {
        if (m.data === 'bad') throw new Error('handler failed');
      },
    });
    await flush();
    sse.send('data: bad\n\ndata: good\n\n');
    await flush();
    expect((errors[0] as Error).message).toBe('handler failed');
    expect(connection.state).toBe('open');
    connection.close();
  });

  it('reports a failed connect without the foreign error, which may carry the token', async () => {
    const leaky = Object.assign(new TypeError('fetch failed'), {
      options: { headers: { authorization: `Bearer ${TOKEN}` } },
    });
    const { sse, errors, connection } = connect();
    sse.reply(() => Promise.reject(leaky));
    await flush();
    expect(errors[0]).toBeInstanceOf(NetworkError);
    expect((errors[0] as NetworkError).cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    expect(inspect(errors[0], { depth: 10, showHidden: true })).not.toContain(TOKEN);
    connection.close();
  });

  it('close aborts the open stream and every timer, and is idempotent', async () => {
    const { sse, connection, states } = connect();
    await flush();
    connection.close();
    connection.close();
    expect(sse.requests[0]?.signal.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const b = connect();
    b.sse.reply(() => Promise.reject(new TypeError('down')));
    await flush();
    expect(b.connection.state).toBe('reconnecting');
    expect(vi.getTimerCount()).toBe(1);
    b.connection.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(b.sse.requests).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });
});
