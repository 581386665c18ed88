import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useSpendControlHistory } from '../useSpendControl';
import { held, json, scriptedFetch, settle, spendControl, withFakeTimers } from './scriptedFetch';

withFakeTimers();

const versions = (id: string, n: number) => ({
  data: Array.from({ length: n }, (_, i) => spendControl(id, n - i)),
});

function setup(latest: () => number) {
  const server = scriptedFetch((call) => json(200, versions(call.path.split('/')[2] ?? '', latest())));
  const client = server.client();
  return { server, client, scope: effectScope() };
}

describe('useSpendControlHistory', () => {
  it('lists every version oldest first, with one request', async () => {
    const { server, client, scope } = setup(() => 3);
    const history = scope.run(() => useSpendControlHistory('sc_1', { client }))!;
    await settle();
    expect(history.data.value?.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(server.count('GET /spend_controls/sc_1/history')).toBe(1);
    expect(client.store.get('spend_control', 'sc_1')?.version).toBe(3);
    scope.stop();
  });

  it('refetches when the store gets a newer latest version, and only then', async () => {
    let latest = 2;
    const { server, client, scope } = setup(() => latest);
    const history = scope.run(() => useSpendControlHistory('sc_1', { client }))!;
    await settle();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2)); // duplicate
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1)); // stale
    await settle();
    expect(server.calls).toHaveLength(1);

    latest = 4;
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 4), 'event');
    await settle();
    expect(server.calls).toHaveLength(2);
    expect(history.data.value?.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    scope.stop();
  });

  it('asks again when a newer version reaches the store while the first list is on its way', async () => {
    const first = held();
    let calls = 0;
    const server = scriptedFetch(() => (++calls === 1 ? first.promise : json(200, versions('sc_1', 4))));
    const client = server.client();
    const scope = effectScope();
    const history = scope.run(() => useSpendControlHistory('sc_1', { client }))!;
    await settle();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 4), 'event');
    first.resolve(json(200, versions('sc_1', 3)));
    await settle();
    expect(server.count('GET /spend_controls/sc_1/history')).toBe(2);
    expect(history.data.value?.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(history.isFetching.value).toBe(false);
    scope.stop();
  });

  it('stops asking when a reply brings nothing newer than the last one (a lagging server)', async () => {
    const { server, client, scope } = setup(() => 3);
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 5), 'event');
    const history = scope.run(() => useSpendControlHistory('sc_1', { client }))!;
    await settle();
    await settle();
    expect(server.count('GET /spend_controls/sc_1/history')).toBe(2);
    expect(history.data.value?.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(history.isFetching.value).toBe(false);
    scope.stop();
  });

  it('aborts the old list request when the id changes', async () => {
    const first = held();
    const server = scriptedFetch((call) =>
      call.path.includes('sc_1') ? first.promise : json(200, versions('sc_2', 1)),
    );
    const client = server.client();
    const scope = effectScope();
    const id = ref('sc_1');
    const history = scope.run(() => useSpendControlHistory(id, { client }))!;
    await settle();
    id.value = 'sc_2';
    await nextTick();
    expect(server.calls[0]?.signal?.aborted).toBe(true);
    await settle();
    expect(history.data.value?.map((v) => v.spend_control_id)).toEqual(['sc_2']);
    scope.stop();
  });
});
