// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { ConcurrentUpdateError, createClient, InvalidUpdateError } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type UpdateSpendControlResult, useUpdateSpendControl } from '../useUpdateSpendControl';
import { VStoreProvider } from '../vstoreProvider';

const control = (version: number, fields: object = {}) => ({
  spend_control_id: 'sc_1',
  version,
  version_time: '2026-01-01T00:00:00Z',
  name: 'Travel',
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
  ...fields,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Editor({ seen }: { seen: UpdateSpendControlResult[] }) {
  seen.push(useUpdateSpendControl());
  return null;
}

function mount(replies: Response[]) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      replies.shift() ?? json({ message: 'unexpected' }, 500),
  );
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 'test-token', fetch });
  const seen: UpdateSpendControlResult[] = [];
  render(
    <VStoreProvider client={client}>
      <Editor seen={seen} />
    </VStoreProvider>,
  );
  return { client, fetch, hook: () => seen.at(-1)! };
}

afterEach(cleanup);

describe('useUpdateSpendControl', () => {
  it('edits over a concurrent change: refetches, re-runs the recipe, stores the result', async () => {
    // A small service: GET answers its current state; the first PATCH loses to another writer (409),
    // which has renamed the control meanwhile; later PATCHes apply to the current state.
    let current = control(1);
    let patches = 0;
    const { client, fetch, hook } = mount([]);
    fetch.mockImplementation(async (_url, init) => {
      if (init?.method !== 'PATCH') return json(current);
      if (++patches === 1) {
        current = control(2, { name: 'Travel (ops)' });
        return json(
          {
            message: 'changed meanwhile',
            type: 'ConcurrentUpdate',
            trace_id: 'tr_1',
            details: {
              object_type: 'spend_control',
              object_id: 'sc_1',
              expected_version: 1,
              found_version: 2,
            },
          },
          409,
        );
      }
      current = { ...current, ...JSON.parse(String(init.body)), version: current.version + 1 };
      return json(current);
    });
    await act(() => client.spendControls.get('sc_1'));
    const runs: number[] = [];
    let saved: unknown;
    await act(async () => {
      saved = await hook().edit('sc_1', (draft) => {
        runs.push(draft.version);
        draft.limit = { amount: 650, currency: 'USD' };
      });
    });
    expect(runs).toEqual([1, 2]);
    expect(hook()).toMatchObject({ status: 'success', error: undefined, data: { version: 3 } });
    expect(saved).toBe(hook().data);
    expect(client.store.get('spend_control', 'sc_1')).toMatchObject({
      version: 3,
      name: 'Travel (ops)',
      limit: { amount: 650 },
    });
    expect(patches).toBe(2);
  });

  it('reports a failed write in error and resolves undefined instead of rejecting', async () => {
    const { hook } = mount([
      json(
        {
          message: 'changed meanwhile',
          type: 'ConcurrentUpdate',
          trace_id: 'tr_2',
          details: { object_type: 'spend_control', object_id: 'sc_1', expected_version: 4, found_version: 5 },
        },
        409,
      ),
    ]);
    let result: unknown = 'unset';
    await act(async () => {
      result = await hook().mutate('sc_1', { name: 'New' });
    });
    expect(result).toBeUndefined();
    expect(hook().status).toBe('error');
    expect(hook().error).toBeInstanceOf(ConcurrentUpdateError);
  });

  it('turns a patch with fields not valid for update into error, before any request', async () => {
    const { fetch, hook } = mount([]);
    await act(async () => {
      await hook().mutate('sc_1', { version: 9 } as never);
    });
    expect(hook().error).toBeInstanceOf(InvalidUpdateError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the latest call’s outcome when an older call settles later', async () => {
    let release: (r: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const { fetch, hook } = mount([]);
    fetch
      .mockImplementationOnce(() => slow)
      .mockImplementationOnce(async () => json(control(7, { name: 'B' })));
    let first: Promise<unknown> = Promise.resolve();
    await act(async () => {
      first = hook().mutate('sc_1', { name: 'A' });
      await hook().mutate('sc_1', { name: 'B' });
    });
    await act(async () => {
      release(json(control(6, { name: 'A' })));
      await first;
    });
    expect(hook()).toMatchObject({ status: 'success', data: { version: 7, name: 'B' } });
  });
});

describe('useUpdateResource', () => {
  it('keeps mutate and edit identical across renders', async () => {
    const { hook, fetch } = mount([json(control(2))]);
    const first = hook();
    await act(() => first.mutate('sc_1', { name: 'Renamed' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(hook()).not.toBe(first);
    expect(hook().status).toBe('success');
    expect(hook().mutate).toBe(first.mutate);
    expect(hook().edit).toBe(first.edit);
  });
});
