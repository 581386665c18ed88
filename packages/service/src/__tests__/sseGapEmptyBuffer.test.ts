// Regressions of review 23 (tasks, events, SSE): each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { call, TOKEN } from './request';

/** Everything the stream enqueued before its first heartbeat. */
async function untilHeartbeat(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  await vi.advanceTimersByTimeAsync(15_000);
  for (let i = 0; i < 50 && !text.includes(': heartbeat'); i += 1) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}

describe('GET /events resume without a replay buffer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flags a gap when deliveries after Last-Event-ID were not kept (sse.bufferSize: 0)', async () => {
    const service = createService({ sse: { bufferSize: 0 } });
    for (const name of ['a', 'b', 'c']) {
      expect((await call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name } })).status).toBe(
        200,
      );
    }
    expect(service.inspect().webhooks.delivered).toBe(3);
    const response = await service.fetch(
      new Request('http://s/events', { headers: { authorization: `Bearer ${TOKEN}`, 'last-event-id': '1' } }),
    );
    const text = await untilHeartbeat(response.body!);
    // Deliveries 2 and 3 are gone: the client must be told (onGap), or it never refetches.
    expect(text).toContain('event: gap');
    await service.close();
  });
});
