import { BusinessRuleError, InvalidUpdateError } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { useSpendControl } from '../useSpendControl';
import { useUpdateSpendControl } from '../useUpdateSpendControl';
import {
  held,
  json,
  type Reply,
  type ScriptedCall,
  scriptedFetch,
  settle,
  spendControl,
  withFakeTimers,
} from './scriptedFetch';

withFakeTimers();

function setup(script: (call: ScriptedCall) => Reply) {
  const server = scriptedFetch(script);
  const client = server.client();
  client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1));
  return { server, client, scope: effectScope() };
}

describe('useUpdateSpendControl', () => {
  it('sends the patch once and every reader of the control sees the new version', async () => {
    const { server, client, scope } = setup((call) =>
      call.method === 'PATCH'
        ? json(200, spendControl('sc_1', 2, { status: 'paused' }))
        : json(200, spendControl('sc_1', 1)),
    );
    const [a, b, update] = scope.run(() => [
      useSpendControl('sc_1', { client }),
      useSpendControl('sc_1', { client }),
      useUpdateSpendControl({ client }),
    ])!;
    await settle();
    const result = update.mutate('sc_1', { status: 'paused' });
    expect(update.status.value).toBe('pending');
    expect(await result).toMatchObject({ version: 2, status: 'paused' });
    expect(update.status.value).toBe('success');
    expect(update.data.value?.version).toBe(2);
    expect(server.count('PATCH /spend_controls/sc_1')).toBe(1);
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'paused' });
    expect(a.data.value?.status).toBe('paused');
    expect(b.data.value).toBe(a.data.value);
    scope.stop();
  });

  it('edits with a recipe over the latest state, sending only the changed fields', async () => {
    const { server, client, scope } = setup((call) =>
      call.method === 'PATCH'
        ? json(200, spendControl('sc_1', 2, { limit: { amount: 250, currency: 'EUR' } }))
        : json(200, spendControl('sc_1', 1)),
    );
    const update = scope.run(() => useUpdateSpendControl({ client }))!;
    await update.edit('sc_1', (draft) => {
      if (draft.limit) draft.limit.amount = 250;
    });
    // core's edit reads the latest state first, so the recipe never runs over a stale copy.
    expect(server.calls.map((c) => [c.method, c.body])).toEqual([
      ['GET', undefined],
      ['PATCH', { limit: { amount: 250, currency: 'EUR' } }],
    ]);
    expect(update.status.value).toBe('success');
    scope.stop();
  });

  it('resolves undefined and records the error instead of rejecting', async () => {
    const { client, scope } = setup(() =>
      json(422, { message: 'limit too high', type: 'LimitExceeded', trace_id: 'tr_9' }),
    );
    const update = scope.run(() => useUpdateSpendControl({ client }))!;
    expect(await update.mutate('sc_1', { name: 'x' })).toBeUndefined();
    expect(update.status.value).toBe('error');
    expect(update.error.value).toBeInstanceOf(BusinessRuleError);

    // A field that is not valid for update fails in core before any request.
    const invalid = { version: 3 } as unknown as Parameters<typeof update.mutate>[1];
    expect(await update.mutate('sc_1', invalid)).toBeUndefined();
    expect(update.error.value).toBeInstanceOf(InvalidUpdateError);
    scope.stop();
  });

  it('records only the latest call when an older one settles later', async () => {
    const slow = held();
    const { client, scope } = setup((call) =>
      call.body && (call.body as { name?: string }).name === 'slow'
        ? slow.promise
        : json(200, spendControl('sc_1', 3)),
    );
    const update = scope.run(() => useUpdateSpendControl({ client }))!;
    const first = update.mutate('sc_1', { name: 'slow' });
    await update.mutate('sc_1', { name: 'fast' });
    slow.resolve(json(422, { message: 'nope', type: 'Rule', trace_id: 'tr_1' }));
    await first;
    expect(update.status.value).toBe('success');
    expect(update.data.value?.version).toBe(3);
    scope.stop();
  });

  it('lets a write started before its scope stopped finish and reach the store', async () => {
    const reply = held();
    const { server, client, scope } = setup(() => reply.promise);
    const update = scope.run(() => useUpdateSpendControl({ client }))!;
    const pending = update.mutate('sc_1', { name: 'late' });
    scope.stop();
    reply.resolve(json(200, spendControl('sc_1', 2, { name: 'late' })));
    expect(await pending).toMatchObject({ version: 2 });
    // The server may already have applied it, so it is not aborted and its reply is kept.
    expect(server.calls).toHaveLength(1);
    expect(client.store.get('spend_control', 'sc_1')?.version).toBe(2);
  });
});
