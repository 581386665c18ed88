import { createEntityStore } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(countLosses(violations)).toEqual({ lostWrites: 2, duplicateCreates: 1, regressions: 1 });
    expect(countLosses([])).toEqual({ lostWrites: 0, duplicateCreates: 0, regressions: 0 });
  });
});
