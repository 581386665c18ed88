import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import type { Service } from '../service';
import { call, TOKEN } from './request';

/** Reads an SSE body until `enough` says so (at most `maxChunks` chunks), returning the text so far. */
async function readUntil(
  body: ReadableStream<Uint8Array>,
  enough: (text: string) => boolean,
  maxChunks = 50,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let i = 0; i < maxChunks && !enough(text); i += 1) {
    const { done, value } = await reader.read();
    if (done) return { text, done: true, reader };
    text += decoder.decode(value);
  }
  return { text, done: false, reader };
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
const open = (service: Service, query = '', headers: Record<string, string> = {}) =>
  service.fetch(
    new Request(`http://s/events${query}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } }),
  );

describe('GET /events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('streams each change as a data line carrying the webhook payload', async () => {
    const service = createService();
    const response = await open(service);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'x' } });
    const { text, reader } = await readUntil(response.body!, (t) => /^id: 1\ndata: .*\n\n/m.test(t));
    expect(text).toMatch(/^retry: 1000\n/);
    // A first connect names where it starts (nothing published yet: 0) before the first delivery.
    expect(text).toContain('\n\nid: 0\nevent: ready\ndata: {"last_event_id":0}\n\nid: 1\n');
    const data = text.split('\n').find((line) => line.startsWith('data: {"schema_version"'));
    expect(JSON.parse(data!.slice(6))).toMatchObject({
      schema_version: '1.0',
      event_type: 'spend_control.updated',
      data: { spend_control_id: 'sc_1', version: 2 },
    });
    await reader.cancel();
    expect(service.inspect().webhooks.subscribers).toBe(0);
  });

  it('resumes after Last-Event-ID, or ?lastEventId= on a first connect, and flags a gap', async () => {
    const service = createService({ sse: { bufferSize: 2 } });
    for (const name of ['a', 'b', 'c']) {
      await call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name } });
    }
    const byHeader = await readUntil((await open(service, '', { 'last-event-id': '2' })).body!, (t) =>
      t.includes('id: 3'),
    );
    expect(ids(byHeader.text)).toEqual([3]);
    const byQuery = await readUntil((await open(service, '?lastEventId=0')).body!, (t) =>
      t.includes('id: 3'),
    );
    expect(byQuery.text).toContain('event: gap\ndata: {"last_event_id":0}');
    expect(ids(byQuery.text)).toEqual([2, 3]);
    expect((await open(service, '?lastEventId=x')).status).toBe(400);
    await service.close();
  });

  it('reports a gap to a client resuming from an id this run never issued, after a restart', async () => {
    const before = createService();
    await call(before, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'a' } });
    await call(before, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'b' } });
    await before.close();
    const after = createService();
    await call(after, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'c' } });
    const { text, reader } = await readUntil((await open(after, '', { 'last-event-id': '2' })).body!, (t) =>
      t.includes('id: 1'),
    );
    expect(text).toContain('event: gap\ndata: {"last_event_id":2}');
    expect(ids(text)).toEqual([1]);
    await reader.cancel();
    await after.close();
  });

  it('sends heartbeat comments on the configured interval', async () => {
    const service = createService({ sse: { heartbeatMs: 1000 } });
    const response = await open(service);
    await vi.advanceTimersByTimeAsync(2000);
    const { text } = await readUntil(response.body!, (t) => t.split(': heartbeat').length > 2);
    expect(text.split(': heartbeat')).toHaveLength(3);
    await service.close();
  });

  it('refuses a token in the URL: it would end up in server and proxy logs', async () => {
    const service = createService();
    const inUrl = await service.fetch(new Request(`http://s/events?access_token=${TOKEN}`));
    expect(inUrl.status).toBe(401);
    expect(await inUrl.text()).not.toContain(TOKEN);
    await service.close();
  });

  it('ends every stream on close', async () => {
    const service = createService({ sse: { eventName: 'webhook' } });
    const response = await open(service);
    expect(response.status).toBe(200);
    await call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'x' } });
    await service.close();
    const { text, done } = await readUntil(response.body!, () => false);
    expect(text).toContain('id: 1\nevent: webhook\ndata: ');
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
