import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../errors/apiError';
import { connectFake as connect, flush, TOKEN } from './fakeSse';

// The stream read as the HTML standard (§9.2) reads one, and no failed attempt that skips the backoff.
// Each test but two (marked "guard") shows a defect the stream client had: it fails on that code.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const eventStream = (body: BodyInit | null, status = 200, type = 'text/event-stream') =>
  new Response(body, { status, headers: { 'content-type': type } });

/** The Last-Event-ID a request sent, read back as the UTF-8 bytes it went out as. */
const sentId = (headers: Headers | undefined) => {
  const value = headers?.get('last-event-id');
  return value == null ? value : new TextDecoder().decode(Uint8Array.from(value, (c) => c.charCodeAt(0)));
};

describe('createSseConnection, to the letter of the standard', () => {
  it('never resumes after an event cut off before its blank line, even once a later stream dispatched a block', async () => {
    const { sse, messages, connection } = connect();
    await flush();
    sse.send('id: 1\ndata: a\n\nid: 2\ndata: b\n');
    sse.fail();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(sse.requests[1]?.headers.get('last-event-id')).toBe('1');
    // The relay opens each stream with a comment and a blank line: that must not commit event 2's id.
    sse.send('retry: 1000\n: connected\n\n');
    await flush();
    sse.fail();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(sse.requests.map((r) => r.headers.get('last-event-id'))).toEqual([null, '1', '1']);
    expect(connection.lastEventId).toBe('1');
    expect(messages.map((m) => m.data)).toEqual(['a']);
    connection.close();
  });

  it("sends Last-Event-ID as the id's UTF-8 bytes, so ids outside ASCII resume like any other", async () => {
    const { sse, errors, connection } = connect();
    await flush();
    sse.send('id: café…\ndata: x\n\n');
    sse.end();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(errors).toEqual([]);
    expect(connection.state).toBe('open');
    expect(sse.requests[1]?.headers.get('last-event-id')).toBe('caf\u00C3\u00A9\u00E2\u0080\u00A6');
    expect(sentId(sse.requests[1]?.headers)).toBe('café…');
    sse.send('data: y\n\n');
    await flush();
    expect(connection.lastEventId).toBe('café…');
    connection.close();
  });

  // guard
  it('takes a fetch that fails at once on every attempt through the backoff, never a tight loop', async () => {
    const { sse, errors, connection } = connect({
      fetch: () => {
        throw new TypeError('Cannot convert argument to a ByteString');
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    // 1 s reconnection time, then 1, 2 and 4 s (jitter 0): attempts at 0, 1, 2, 4 and 8 s.
    expect(errors).toHaveLength(5);
    expect(errors.every((e) => e instanceof NetworkError && !String(e.message).includes(TOKEN))).toBe(true);
    expect(connection.state).toBe('reconnecting');
    expect(sse.requests).toEqual([]);
    connection.close();
  });

  it('never sets a reconnect timer that would fire at once: a delay past 2^31 - 1 ms, or options that make no number', async () => {
    const endsAtOnce = () => eventStream('retry: 3000000000\n\n');
    for (const backoff of [{ maxDelayMs: Number.POSITIVE_INFINITY }, { initialDelayMs: Number.NaN }]) {
      const { sse, connection } = connect({ backoff });
      for (let i = 0; i < 50; i++) sse.reply(endsAtOnce);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sse.requests).toHaveLength(1);
      expect(connection.state).toBe('reconnecting');
      connection.close();
    }
  });

  it('keeps a stream whose timeouts are set past 2^31 - 1 ms open, rather than dropping it at once', async () => {
    const { sse, errors, connection } = connect({ connectTimeoutMs: 3e9, idleTimeoutMs: 3e9 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors).toEqual([]);
    expect(connection.state).toBe('open');
    expect(sse.requests).toHaveLength(1);
    connection.close();
  });

  it('takes a throwing authorize as a failed attempt, through the backoff', async () => {
    const { sse, errors, connection } = connect({
      authorize: () => {
        throw new TypeError('no key');
      },
    });
    await vi.advanceTimersByTimeAsync(2500);
    expect(errors.map((e) => (e as NetworkError).name)).toEqual([
      'NetworkError',
      'NetworkError',
      'NetworkError',
    ]);
    expect(connection.state).toBe('reconnecting');
    expect(sse.requests).toEqual([]);
    connection.close();
  });

  it("waits the server's retry: before reconnecting, whatever the jitter draws", async () => {
    for (const random of [() => 0, () => 0.999]) {
      const { sse, connection } = connect({ random });
      await flush();
      sse.send('retry: 3000\ndata: x\n\n');
      sse.end();
      await flush();
      await vi.advanceTimersByTimeAsync(2999);
      expect(sse.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sse.requests).toHaveLength(2);
      connection.close();
    }
  });

  it('takes only a 200 as a stream: a 205, 210 or 299 ends the connection without a message', async () => {
    for (const reply of [
      () => new Response(null, { status: 205 }),
      () => eventStream('data: data\n\n', 210),
      () => eventStream('data: data\n\n', 299),
    ]) {
      const { sse, messages, errors, connection } = connect();
      sse.reply(reply);
      await flush();
      expect(connection.state).toBe('closed');
      expect(messages).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ApiError);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sse.requests).toHaveLength(1);
    }
  });

  it('strips one byte order mark, not two', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const body = new Uint8Array([...bom, ...bom, ...new TextEncoder().encode('data:1\n\ndata:2\n\n')]);
    const { sse, messages, connection } = connect();
    sse.reply(() => eventStream(body));
    await flush();
    expect(messages.map((m) => m.data)).toEqual(['2']);
    connection.close();
  });

  it('reads the MIME type by its essence: parameters pass, a longer name does not', async () => {
    const a = connect();
    a.sse.reply(() => eventStream('data: ok…\n\n', 200, 'Text/Event-Stream ; charset=windows-1252'));
    await flush();
    expect(a.messages.map((m) => m.data)).toEqual(['ok…']);
    a.connection.close();
    const b = connect();
    b.sse.reply(() => eventStream('data: no\n\n', 200, 'text/event-streamx'));
    await flush();
    expect(b.messages).toEqual([]);
    expect(b.connection.state).toBe('closed');
  });

  // guard
  it('keeps the last id through events without one, and an empty id field clears it', async () => {
    const { sse, messages, connection } = connect();
    await flush();
    sse.send('id: 5\ndata: a\n\ndata: b\n\nid\ndata: c\n\n');
    sse.end();
    await flush();
    expect(messages.map((m) => m.id)).toEqual(['5', '5', undefined]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sse.requests[1]?.headers.has('last-event-id')).toBe(false);
    connection.close();
  });
});
