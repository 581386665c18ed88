// The event stream where an independent review found it wrong: a 429's Retry-After longer than the
// backoff's bound, an event larger than the parser's bound (which a relay sends again on every
// resume), and a handler that closes the connection in the middle of a chunk.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SseBufferOverflowError } from '../sseParser';
import { connectFake as connect, flush } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A 200 event stream that gives `text` in 64 KiB pieces, as a network does, then ends. */
const chunked = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.slice(at, at + 65_536));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
};

describe('the event stream', () => {
  it("waits out a 429's Retry-After in full, even past maxDelayMs", async () => {
    const { sse, connection } = connect();
    sse.reply(() => new Response('slow down', { status: 429, headers: { 'retry-after': '120' } }));
    await flush();
    await vi.advanceTimersByTimeAsync(119_000);
    expect(sse.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(sse.requests).toHaveLength(2);
    expect((sse.requests[1]?.at ?? 0) - (sse.requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(120_000);
    connection.close();
  });

  it('skips an event larger than its bound, reports it, and delivers the events after it', async () => {
    const { sse, messages, errors, connection } = connect();
    sse.reply(() =>
      chunked(`id: 1\ndata: before\n\nid: 2\ndata: ${'x'.repeat(2 << 20)}\n\nid: 3\ndata: after\n\n`),
    );
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(messages.map((m) => [m.id, m.data])).toEqual([
      ['1', 'before'],
      ['3', 'after'],
    ]);
    expect(errors.filter((e) => e instanceof SseBufferOverflowError)).toHaveLength(1);
    expect(connection.lastEventId).toBe('3');
    connection.close();
  });

  it('delivers nothing after a handler closed the connection, not even the rest of the chunk', async () => {
    const received: string[] = [];
    const { sse, connection } = connect({
      onMessage: (m) => {
        received.push(m.data);
        connection.close();
      },
    });
    await flush();
    sse.send('data: a\n\ndata: b\n\ndata: c\n\n');
    await flush();
    expect(received).toEqual(['a']);
  });
});
