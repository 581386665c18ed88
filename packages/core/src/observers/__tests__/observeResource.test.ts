import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors/apiError';
import { observeHistory } from '../observeHistory';
import { observeResource } from '../observeResource';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('observeResource', () => {
  it('starts one read for the first subscriber and shares it between observers of the same key', async () => {
    const { client, held } = manualService();
    const a = observeResource(client.spendControls, 'sc_1');
    const b = observeResource(client.spendControls, 'sc_1');
    expect(a.getResult()).toMatchObject({ status: 'pending', data: undefined, isFetching: false });
    const offA = a.subscribe(() => {});
    const offB = b.subscribe(() => {});
    await flush();
    expect(held).toHaveLength(1);
    expect(a.getResult()).toMatchObject({ status: 'pending', isFetching: true });
    held[0]?.answer(200, control(1));
    await flush();
    expect(a.getResult()).toMatchObject({ status: 'success', isFetching: false, data: { version: 1 } });
    expect(b.getResult().data).toBe(a.getResult().data);
    offA();
    offB();
  });

  it('returns the same result object until a field changes', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    const off = observer.subscribe(() => {});
    await flush();
    held[0]?.answer(200, control(1));
    await flush();
    const first = observer.getResult();
    expect(observer.getResult()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    client.store.apply('spend_control', 'sc_1', control(2));
    expect(observer.getResult()).not.toBe(first);
    expect(observer.getResult().data?.version).toBe(2);
    off();
  });

  it('aborts the read a microtask after the last subscriber leaves', async () => {
    const { client, held } = manualService();
    const a = observeResource(client.spendControls, 'sc_1');
    const b = observeResource(client.spendControls, 'sc_1');
    const offA = a.subscribe(() => {});
    const offB = b.subscribe(() => {});
    await flush();
    offA();
    await flush();
    expect(held[0]?.aborted).toBe(false);
    offB();
    expect(held[0]?.aborted).toBe(false);
    await flush();
    expect(held[0]?.aborted).toBe(true);
    // An aborted read leaves no error behind, and the next subscriber asks afresh.
    expect(a.getResult()).toMatchObject({ status: 'pending', error: undefined, isFetching: false });
    a.subscribe(() => {});
    await flush();
    expect(held).toHaveLength(2);
  });

  it('keeps the read through a StrictMode-style unsubscribe and resubscribe in the same task', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    observer.subscribe(() => {})();
    const off = observer.subscribe(() => {});
    await flush();
    expect(held).toHaveLength(1);
    expect(held[0]?.aborted).toBe(false);
    held[0]?.answer(200, control(1));
    await flush();
    expect(observer.getResult().status).toBe('success');
    off();
  });

  it('holds a listener subscribed twice once, as a Set would: one unsubscribe lets the read go', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    const listener = () => {};
    const off = observer.subscribe(listener);
    observer.subscribe(listener);
    await flush();
    expect(held).toHaveLength(1);
    off();
    await flush();
    expect(held[0]?.aborted).toBe(true);
  });

  it('keeps the old data beside the error of a failed refetch, and refetch never rejects', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    const off = observer.subscribe(() => {});
    await flush();
    held[0]?.answer(200, control(1));
    await flush();
    const refetched = observer.refetch();
    await flush();
    held[1]?.answer(500, { type: 'internal', trace_id: 't', message: 'down' });
    await expect(refetched).resolves.toBeUndefined();
    const result = observer.getResult();
    expect(result.status).toBe('error');
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.data?.version).toBe(1);
    void observer.refetch();
    await flush();
    held[2]?.answer(200, control(2));
    await flush();
    expect(observer.getResult()).toMatchObject({ status: 'success', error: undefined, data: { version: 2 } });
    off();
  });

  it('notifies nobody for stale or duplicate writes or other keys, and once per newer version', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    const listener = vi.fn();
    const off = observer.subscribe(listener);
    await flush();
    held[0]?.answer(200, control(3));
    await flush();
    listener.mockClear();
    client.store.apply('spend_control', 'sc_1', control(3));
    client.store.apply('spend_control', 'sc_1', control(2));
    client.store.apply('spend_control', 'sc_2', control(9, 'sc_2'));
    expect(listener).not.toHaveBeenCalled();
    client.store.apply('spend_control', 'sc_1', control(4));
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('skips the first read when maxAgeMs lets the confirmed copy stand, without a fetching flash', async () => {
    const { client, held } = manualService();
    const first = observeResource(client.spendControls, 'sc_1');
    const off = first.subscribe(() => {});
    await flush();
    held[0]?.answer(200, control(1));
    await flush();
    off();
    const fresh = observeResource(client.spendControls, 'sc_1', { maxAgeMs: 5000 });
    const listener = vi.fn();
    fresh.subscribe(listener);
    expect(fresh.getResult()).toMatchObject({ status: 'success', isFetching: false });
    await flush();
    expect(held).toHaveLength(1);
    expect(listener).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6000);
    const late = observeResource(client.spendControls, 'sc_1', { maxAgeMs: 5000 });
    late.subscribe(() => {});
    await flush();
    expect(held).toHaveLength(2);
  });

  it('reads a historical version once, and never follows the latest', async () => {
    const { client, held } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1', { version: 2 });
    const listener = vi.fn();
    observer.subscribe(listener);
    await flush();
    expect(held[0]?.version).toBe(2);
    held[0]?.answer(200, control(2));
    await flush();
    expect(observer.getResult().data?.version).toBe(2);
    listener.mockClear();
    client.store.apply('spend_control', 'sc_1', control(5));
    expect(listener).not.toHaveBeenCalled();
    observeResource(client.spendControls, 'sc_1', { version: 2 }).subscribe(() => {});
    await flush();
    expect(held).toHaveLength(1);
  });

  // Found by the observers property: v1 came in as the latest (a history list), then a newer version
  // replaced it and the store, asked for no history of it, let v1 go while its own read was in flight.
  it('keeps a historical version it showed when the store lets go of it as a superseded latest', async () => {
    const { client } = manualService();
    client.store.apply('spend_control', 'sc_1', control(1));
    const observer = observeResource(client.spendControls, 'sc_1', { version: 1 });
    expect(observer.getResult().data).toMatchObject({ version: 1 });
    client.store.apply('spend_control', 'sc_1', control(2));
    expect(client.store.getVersion('spend_control', 'sc_1', 1)).toBeUndefined();
    expect(observer.getResult().data).toMatchObject({ version: 1 });
  });

  it('records a historical version the store holds as its latest when first subscribed, at no request', async () => {
    const { client, held } = manualService();
    client.store.apply('spend_control', 'sc_1', control(1));
    const observer = observeResource(client.spendControls, 'sc_1', { version: 1 });
    const off = observer.subscribe(() => {});
    await flush();
    client.store.apply('spend_control', 'sc_1', control(2));
    const fresh = observeResource(client.spendControls, 'sc_1', { version: 1 });
    expect(fresh.getResult().data).toMatchObject({ version: 1 });
    expect(held).toHaveLength(0);
    off();
  });

  it('refuses a bad version and anything that is not a client resource', () => {
    const { client } = manualService();
    expect(() => observeResource(client.spendControls, 'sc_1', { version: 1.5 })).toThrow(RangeError);
    expect(() => observeResource({ ...client.spendControls }, 'sc_1')).toThrow(TypeError);
  });
});

describe('observeHistory', () => {
  it('lists oldest first, and asks again once for a version that lands after the list', async () => {
    const { client, gets } = manualService();
    const observer = observeHistory(client.spendControls, 'sc_1');
    const off = observer.subscribe(() => {});
    await flush();
    gets('/spend_controls/sc_1/history')[0]?.answer(200, { data: [control(2), control(1)] });
    await flush();
    expect(observer.getResult().data?.map((c) => c.version)).toEqual([1, 2]);
    client.store.apply('spend_control', 'sc_1', control(3));
    await flush();
    const reads = gets('/spend_controls/sc_1/history');
    expect(reads).toHaveLength(2);
    reads[1]?.answer(200, { data: [control(1), control(2), control(3)] });
    await flush();
    expect(observer.getResult().data?.map((c) => c.version)).toEqual([1, 2, 3]);
    client.store.apply('spend_control', 'sc_1', control(2));
    await flush();
    expect(gets('/spend_controls/sc_1/history')).toHaveLength(2);
    off();
  });
});
