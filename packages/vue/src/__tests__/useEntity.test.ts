import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref, watch } from 'vue';
import { useEntity } from '../useEntity';
import { scriptedFetch, spendControl } from './scriptedFetch';

function setup() {
  const server = scriptedFetch(() => {
    throw new Error('useEntity must not send requests');
  });
  const client = server.client();
  return { server, client, scope: effectScope() };
}

describe('useEntity', () => {
  it('triggers once per newer version and never for stale, duplicate or other keys', () => {
    const { server, client, scope } = setup();
    const first = spendControl('sc_1', 2);
    client.store.apply('spend_control', 'sc_1', first);
    const entity = scope.run(() => useEntity('spend_control', 'sc_1', { client }))!;
    let updates = 0;
    scope.run(() => watch(entity, () => updates++, { flush: 'sync' }));
    const held = entity.value;
    expect(held).toEqual(first);

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1));
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2));
    client.store.apply('spend_control', 'sc_2', spendControl('sc_2', 1));
    client.store.apply('task', 't_1', { task_id: 't_1', status: 'running' });
    expect(updates).toBe(0);
    expect(entity.value).toBe(held);

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 3));
    expect(updates).toBe(1);
    expect(entity.value).toBe(client.store.get('spend_control', 'sc_1'));
    expect(server.calls).toHaveLength(0);
    scope.stop();
  });

  it('follows type and id changes and drops the old key', async () => {
    const { client, scope } = setup();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1));
    client.store.apply('spend_control', 'sc_2', spendControl('sc_2', 4));
    const id = ref<string | undefined>('sc_1');
    const entity = scope.run(() => useEntity('spend_control', id, { client }))!;
    let updates = 0;
    scope.run(() => watch(entity, () => updates++, { flush: 'sync' }));

    id.value = 'sc_2';
    await nextTick();
    expect(entity.value?.version).toBe(4);
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2));
    expect(updates).toBe(1);

    id.value = undefined;
    await nextTick();
    expect(entity.value).toBeUndefined();
    scope.stop();
  });

  it('reads undefined after a remove and ignores later applies for that key', () => {
    const { client, scope } = setup();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1));
    const entity = scope.run(() => useEntity('spend_control', 'sc_1', { client }))!;
    client.store.remove('spend_control', 'sc_1');
    expect(entity.value).toBeUndefined();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 9));
    expect(entity.value).toBeUndefined();
    scope.stop();
  });

  it('stops listening when its scope stops', () => {
    const { client, scope } = setup();
    const entity = scope.run(() => useEntity('spend_control', 'sc_1', { client }))!;
    scope.stop();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1));
    expect(entity.value).toBeUndefined();
  });
});
