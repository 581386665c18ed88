import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import type { StoreChange } from '../../store/types';
import { type CrossTab, createCrossTab } from '../crossTab';

const sc = (version: number) => ({ spend_control_id: 'sc_1', version, name: `v${version}` });

// Real BroadcastChannel instances of Node stand for tabs; each test gets its own channel name.
let opened: CrossTab[] = [];
let raw: BroadcastChannel[] = [];
afterEach(() => {
  for (const tab of opened) tab.close();
  for (const channel of raw) channel.close();
  opened = [];
  raw = [];
});

function tab(channelName: string, options: Parameters<typeof createCrossTab>[1] = {}) {
  const store = createEntityStore();
  const changes: StoreChange[] = [];
  store.changes.subscribe((c) => changes.push(c));
  const errors: unknown[] = [];
  const crossTab = createCrossTab(store, { channelName, onError: (e) => errors.push(e), ...options });
  opened.push(crossTab);
  return { store, changes, errors, crossTab };
}

let n = 0;
const fresh = () => `vstore-test-${process.pid}-${++n}`;

describe('createCrossTab', () => {
  it('applies an update accepted in one tab in the other, through its gate, as origin broadcast', async () => {
    const name = fresh();
    const a = tab(name);
    const b = tab(name);
    a.store.apply('spend_control', 'sc_1', sc(2), 'response');
    await vi.waitFor(() => expect(b.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 }));
    expect(b.changes.map((c) => [c.origin, c.outcome])).toEqual([['broadcast', 'applied']]);
    // B does not post it back: A never sees a broadcast-origin write.
    a.store.apply('spend_control', 'sc_1', sc(3), 'event');
    await vi.waitFor(() => expect(b.store.get('spend_control', 'sc_1')?.version).toBe(3));
    expect(a.changes.filter((c) => c.origin === 'broadcast')).toEqual([]);
  });

  it('refuses a stale message like any stale write', async () => {
    const name = fresh();
    const a = tab(name);
    const b = tab(name);
    b.store.apply('spend_control', 'sc_1', sc(5), 'response');
    await vi.waitFor(() => expect(a.store.get('spend_control', 'sc_1')?.version).toBe(5));
    // A fourth tab joins late with an older copy and shares it.
    const late = new BroadcastChannel(name);
    raw.push(late);
    late.postMessage({ v: 1, kind: 'apply', type: 'spend_control', id: 'sc_1', entity: sc(4) });
    await vi.waitFor(() => expect(a.changes.some((ch) => ch.outcome === 'stale')).toBe(true));
    expect(a.store.get('spend_control', 'sc_1')?.version).toBe(5);
    expect(b.store.get('spend_control', 'sc_1')?.version).toBe(5);
  });

  it('shares removals, which then refuse later writes everywhere', async () => {
    const name = fresh();
    const a = tab(name);
    const b = tab(name);
    a.store.apply('account', 'acc_1', { account_id: 'acc_1', version: 1 });
    await vi.waitFor(() => expect(b.store.get('account', 'acc_1')).toBeDefined());
    a.store.remove('account', 'acc_1');
    await vi.waitFor(() => expect(b.store.isRemoved('account', 'acc_1')).toBe(true));
    expect(b.store.apply('account', 'acc_1', { account_id: 'acc_1', version: 2 })).toBe('deleted');
    expect(a.changes.filter((c) => c.origin === 'broadcast')).toEqual([]);
  });

  it('ignores malformed messages and reports entities the store refuses', async () => {
    const name = fresh();
    const b = tab(name);
    const other = new BroadcastChannel(name);
    raw.push(other);
    for (const junk of [
      null,
      'x',
      { v: 2, kind: 'apply' },
      { v: 1, kind: 'apply', type: 'a', id: 1, entity: {} },
    ])
      other.postMessage(junk);
    other.postMessage({ v: 1, kind: 'apply', type: 'spend_control', id: 'sc_1', entity: { version: 0 } });
    other.postMessage({ v: 1, kind: 'apply', type: 'spend_control', id: 'sc_2', entity: sc(1) });
    await vi.waitFor(() => expect(b.store.get('spend_control', 'sc_2')).toBeDefined());
    expect(b.errors).toHaveLength(1);
    expect(b.errors[0]).toBeInstanceOf(TypeError);
    expect(b.store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it('shares only the listed types and nothing after close', async () => {
    const name = fresh();
    const a = tab(name, { types: ['task'] });
    const b = tab(name);
    a.store.apply('spend_control', 'sc_1', sc(1));
    a.store.apply('task', 't1', { task_id: 't1', status: 'running' });
    await vi.waitFor(() => expect(b.store.get('task', 't1')).toBeDefined());
    expect(b.store.get('spend_control', 'sc_1')).toBeUndefined();
    b.crossTab.close();
    b.crossTab.close();
    a.store.apply('task', 't1', { task_id: 't1', status: 'completed' });
    const probe = tab(name);
    a.store.apply('task', 't2', { task_id: 't2', status: 'running' });
    await vi.waitFor(() => expect(probe.store.get('task', 't2')).toBeDefined());
    expect(b.store.get('task', 't1')).toMatchObject({ status: 'running' });
  });

  it('needs a BroadcastChannel', () => {
    const store = createEntityStore();
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      expect(() => createCrossTab(store)).toThrow(TypeError);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
