import { createEntityStore, type IngestReport } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDeliveries } from './checkDeliveries';
import { cuttingFetch } from './cuttingFetch';
import { type RequestRecord, recordingFetch, type Violation } from './recordingFetch';
import { countLosses, lostPatchAnswers } from './soakTypes';
import { watchStore } from './watchStore';

// The soak's own checks must be able to fail: each is shown catching the fault it exists for.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('soak checks', () => {
  it('flag a subscriber shown a lower version, or anything after a removal', () => {
    // An order that takes every write as newer: the broken gate the watch exists to catch.
    const store = createEntityStore({ order: { spend_control: () => 1 } });
    const violations: Violation[] = [];
    const watch = watchStore(0, store, (v) => violations.push(v));
    store.apply('spend_control', 'sc_1', { version: 2 });
    store.apply('spend_control', 'sc_1', { version: 1 });
    store.remove('spend_control', 'sc_1');
    watch.stop();
    expect(violations.map((v) => v.detail)).toEqual(['client 0 spend_control:sc_1: version 2 → 1']);
    expect(watch.seen.get('spend_control:sc_1')?.size).toBe(2);
  });

  it('flag a task status that moves back', () => {
    const store = createEntityStore({ order: { task: () => 1 } });
    const violations: Violation[] = [];
    const watch = watchStore(3, store, (v) => violations.push(v));
    store.apply('task', 'task_1', { task_id: 'task_1', status: 'running' });
    store.apply('task', 'task_1', { task_id: 'task_1', status: 'pending' });
    watch.stop();
    expect(violations.map((v) => v.detail)).toEqual(['client 3 task:task_1: status running → pending']);
  });

  it("flag a request sent inside the window of the client's last 429, and none after it", async () => {
    const replies = [429, 200, 200];
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal(
      'fetch',
      async () => new Response('{}', { status: replies.shift() ?? 200, headers: { 'retry-after': '1' } }),
    );
    const log: RequestRecord[] = [];
    const violations: Violation[] = [];
    const { fetch } = recordingFetch(1, 'http://s', log, (v) => violations.push(v));
    await fetch('http://s/a');
    now += 400;
    await fetch('http://s/b');
    now += 600;
    await fetch('http://s/c');
    expect(log.map((r) => [r.path, r.status])).toEqual([
      ['/a', 429],
      ['/b', 200],
      ['/c', 200],
    ]);
    expect(violations.map((v) => v.detail)).toEqual([
      'client 1 sent GET /b 400 ms after the 429 to GET /a, 600 ms before its Retry-After ended',
    ]);
  });

  it('count lost PATCH answers (5xx or dropped, not 4xx nor other methods) and losses by invariant', () => {
    const at = { client: 0, path: '/spend_controls/sc_1', sentAt: 0 };
    const requests: RequestRecord[] = [
      { ...at, method: 'PATCH', status: 200 },
      { ...at, method: 'PATCH', status: 409 },
      { ...at, method: 'PATCH', status: 503 },
      { ...at, method: 'PATCH', failed: true },
      { ...at, method: 'GET', status: 500 },
    ];
    expect(lostPatchAnswers(requests)).toBe(2);
    const violations: Violation[] = [
      { invariant: "every edit's intent survived", detail: '' },
      { invariant: 'reconciled writes exist on the service', detail: '' },
      { invariant: 'every create happened exactly once', detail: '' },
      { invariant: 'subscribers see only newer states', detail: '' },
      { invariant: 'no request inside a Retry-After window', detail: '' },
    ];
    violations.push({ invariant: 'every relayed event reaches the gate', detail: '' });
    violations.push(
      { invariant: 'every outbox write lands or ends', detail: '' },
      { invariant: 'landed writes exist on the service', detail: '' },
      { invariant: 'no write lands twice', detail: '' },
      { invariant: 'writes land in the order made', detail: '' },
    );
    expect(countLosses(violations)).toEqual({
      lostWrites: 4,
      duplicateCreates: 1,
      duplicateWrites: 1,
      outOfOrder: 1,
      regressions: 1,
      skippedEvents: 1,
    });
    expect(countLosses([])).toEqual({
      lostWrites: 0,
      duplicateCreates: 0,
      duplicateWrites: 0,
      outOfOrder: 0,
      regressions: 0,
      skippedEvents: 0,
    });
  });

  it('flag a relayed event that never reached the gate, one the gate never saw as such, and one ingested as another', () => {
    const payload = (version: number) =>
      JSON.stringify({
        schema_version: '1.0',
        event_type: 'spend_control.updated',
        data: { spend_control_id: 'sc_1', version },
      });
    const report = (version: number, outcome: IngestReport['outcome']): IngestReport => ({
      outcome,
      eventType: 'spend_control.updated',
      type: 'spend_control',
      id: 'sc_1',
      version,
    });
    const sent = new Map([1, 2, 3, 4].map((v) => [v, payload(v)]));
    const ingested = new Map<number, IngestReport[]>([
      [1, [report(1, 'applied')]],
      [3, [{ outcome: 'ignored', reason: 'invalid-data' }]],
      [4, [report(2, 'stale')]],
    ]);
    const violations: Violation[] = [];
    const counts = checkDeliveries(2, 4, sent, ingested, (v) => violations.push(v));
    expect(violations.map((v) => v.detail.split(' ingested as')[0])).toEqual([
      'client 2 skipped delivery 2 of 4',
      'client 2 delivery 3: ignored invalid-data',
      'client 2 delivery 3',
      'client 2 delivery 4',
    ]);
    expect(counts).toEqual({ ingested: 3, refused: 1, repeated: 0 });
    const clean: Violation[] = [];
    checkDeliveries(2, 1, sent, ingested, (v) => clean.push(v));
    expect(clean.map((v) => v.detail)).toEqual([
      'client 2 ingested unknown delivery 3',
      'client 2 ingested unknown delivery 4',
    ]);
  });

  it('cut an event stream inside the block it is told to: its first bytes arrive, then the body fails', async () => {
    const relay = 'retry: 200\n: connected\n\nid: 1\ndata: {"a":1}\n\nid: 2\ndata: {"a":2}\n\n';
    vi.stubGlobal(
      'fetch',
      async () => new Response(relay, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const cutter = cuttingFetch(fetch, (_stream, block) => (block === 2 ? 10 : undefined));
    const response = await cutter.fetch('http://relay.test/events');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    await expect(
      (async () => {
        for (let i = 0; i < 10; i++) {
          const { done, value } = await reader.read();
          if (done) return;
          text += value;
        }
      })(),
    ).rejects.toThrow('cut');
    expect(text).toBe('retry: 200\n: connected\n\nid: 1\ndata: {"a":1}\n\nid: 2\ndata');
    expect([...cutter.passed]).toEqual([[1, '{"a":1}']]);
    expect([cutter.streams(), cutter.cuts()]).toEqual([1, 1]);
    const other = await cutter.fetch('http://relay.test/spend_controls/sc_1');
    expect(await other.text()).toBe(relay);
  });

  it("count an event stream reconnect inside another request's 429 window, and flag one inside its own", async () => {
    const replies = [429, 200, 429, 200, 200];
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal(
      'fetch',
      async () => new Response('{}', { status: replies.shift() ?? 200, headers: { 'retry-after': '1' } }),
    );
    const violations: Violation[] = [];
    const recorder = recordingFetch(1, 'http://s', [], (v) => violations.push(v));
    await recorder.fetch('http://s/a');
    now += 100;
    await recorder.fetch('http://s/events');
    expect([violations, recorder.streamsInWindow()]).toEqual([[], 1]);
    now += 1000;
    await recorder.fetch('http://s/events');
    now += 400;
    await recorder.fetch('http://s/b');
    await recorder.fetch('http://s/events');
    expect(violations.map((v) => v.detail)).toEqual([
      'client 1 reconnected its event stream 600 ms before the Retry-After of its last 429 ended',
    ]);
  });
});
