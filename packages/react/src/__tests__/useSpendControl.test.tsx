// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode, StrictMode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSpendControl, useSpendControlHistory } from '../useSpendControl';
import { VStoreProvider } from '../vstoreProvider';
import { fakeClient, holdNext, sc } from './testClient';

type Result = ReturnType<typeof useSpendControl>;

interface CardProps {
  options: { version?: number; maxAgeMs?: number; suspense?: boolean };
  seen: Result[];
}

/** Records every render's hook result, so render counts are exact. */
function Card({ options, seen }: CardProps) {
  const result = useSpendControl('sc_1', options);
  seen.push(result);
  return (
    <span data-testid="card">
      {result.data ? `${result.data.name}@${result.data.version}` : result.status}
    </span>
  );
}

function History({ seen }: { seen: ReturnType<typeof useSpendControlHistory>[] }) {
  seen.push(useSpendControlHistory('sc_1'));
  return null;
}

/** History of sc_1 rendered while the service is at v2, once it lists [1, 2]. */
async function renderHistoryAtV2() {
  const fake = fakeClient();
  fake.server.set('sc_1', sc(2));
  const seen: ReturnType<typeof useSpendControlHistory>[] = [];
  render(
    <VStoreProvider client={fake.client}>
      <History seen={seen} />
    </VStoreProvider>,
  );
  await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2]));
  return { fake, seen };
}

function ById({ id, statuses = [] }: { id: string; statuses?: string[] }) {
  const { data, status } = useSpendControl(id);
  statuses.push(`${id}:${status}`);
  return <span data-testid="by-id">{data ? `${data.spend_control_id}@${data.version}` : status}</span>;
}

/** Shows a retry button for an error thrown below it; the button resets it (react-error-boundary's shape). */
class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <button type="button" onClick={() => this.setState({ error: undefined })}>
        retry
      </button>
    );
  }
}

function mount(options: { version?: number; maxAgeMs?: number; strict?: boolean; cards?: number } = {}) {
  const fake = fakeClient();
  const seen: Result[] = [];
  const { strict, cards = 1, ...hookOptions } = options;
  const tree = (
    <VStoreProvider client={fake.client}>
      {['a', 'b', 'c'].slice(0, cards).map((key) => (
        <Card key={key} options={hookOptions} seen={seen} />
      ))}
    </VStoreProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...fake, seen, view };
}

afterEach(cleanup);

describe('useSpendControl', () => {
  it('loads through the client and reports pending, then success', async () => {
    const { seen, get } = mount();
    expect(seen[0]).toMatchObject({ status: 'pending', data: undefined });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', isFetching: false }));
    expect(seen.at(-1)?.data?.version).toBe(1);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('sends one request under StrictMode and for several cards of the same id', async () => {
    const { get } = mount({ strict: true, cards: 3 });
    await waitFor(() =>
      expect(screen.getAllByTestId('card').map((n) => n.textContent)).toEqual(['v1@1', 'v1@1', 'v1@1']),
    );
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('after loading, renders exactly once per newer version and never for stale, duplicate or other keys', async () => {
    const { seen, store } = mount();
    await waitFor(() => expect(seen.at(-1)?.isFetching).toBe(false));
    const base = seen.length;
    act(() => void store.apply('spend_control', 'sc_1', sc(1)));
    act(() => void store.apply('spend_control', 'sc_2', sc(5, 'x', 'sc_2')));
    expect(seen).toHaveLength(base);
    act(() => void store.apply('spend_control', 'sc_1', sc(3)));
    act(() => void store.apply('spend_control', 'sc_1', sc(2)));
    act(() => void store.apply('spend_control', 'sc_1', sc(3)));
    act(() => void store.apply('spend_control', 'sc_1', sc(4)));
    expect(seen).toHaveLength(base + 2);
    expect(seen.slice(base).map((r) => r.data?.version)).toEqual([3, 4]);
  });

  it('reads a historical version without touching or following the latest', async () => {
    const { seen, store, get } = mount({ version: 2 });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', isFetching: false }));
    expect(get).toHaveBeenCalledWith('sc_1', expect.objectContaining({ version: 2 }));
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
    const renders = seen.length;
    act(() => void store.apply('spend_control', 'sc_1', sc(7)));
    expect(seen).toHaveLength(renders);
    expect(seen.at(-1)?.data?.version).toBe(2);
  });

  it('reports a failed read as error, keeps it until a refetch succeeds', async () => {
    const { seen, get, server } = mount();
    await waitFor(() => expect(seen.at(-1)?.isFetching).toBe(false));
    get.mockRejectedValueOnce(new Error('boom'));
    await act(() => seen.at(-1)!.refetch());
    expect(seen.at(-1)).toMatchObject({ status: 'error', isFetching: false });
    expect(seen.at(-1)?.error?.message).toContain('boom');
    expect(seen.at(-1)?.data?.version).toBe(1);
    server.set('sc_1', sc(2));
    await act(() => seen.at(-1)!.refetch());
    expect(seen.at(-1)).toMatchObject({ status: 'success', error: undefined });
    expect(seen.at(-1)?.data?.version).toBe(2);
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('does not bring back a control removed while its read was in flight', async () => {
    const fake = fakeClient();
    const held = holdNext(fake.get);
    const statuses: string[] = [];
    render(
      <VStoreProvider client={fake.client}>
        <ById id="sc_1" statuses={statuses} />
      </VStoreProvider>,
    );
    await waitFor(() => expect(held.signal()).toBeDefined());
    act(() => fake.store.remove('spend_control', 'sc_1'));
    await act(async () => held.release());
    expect(fake.store.get('spend_control', 'sc_1')).toBeUndefined();
    expect(screen.getByTestId('by-id').textContent).toBe('pending');
    expect(statuses).not.toContain('sc_1:success');
  });

  it('refetch asks again within maxAgeMs, while a mount within it reads nothing', async () => {
    const { seen, get, view, client } = mount({ maxAgeMs: 5000 });
    await waitFor(() => expect(seen.at(-1)?.status).toBe('success'));
    await act(() => seen.at(-1)!.refetch());
    expect(get).toHaveBeenCalledTimes(2);
    view.unmount();
    const again: Result[] = [];
    render(
      <VStoreProvider client={client}>
        <Card options={{ maxAgeMs: 5000 }} seen={again} />
      </VStoreProvider>,
    );
    await act(async () => {});
    expect(again.at(-1)).toMatchObject({ status: 'success', isFetching: false });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('suspends until the first read lands when asked to', async () => {
    const fake = fakeClient();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = fake.get.getMockImplementation()!;
    fake.get.mockImplementationOnce(async (id, options) => {
      await gate;
      return read(id, options);
    });
    render(
      <VStoreProvider client={fake.client}>
        <Suspense fallback={<span data-testid="fallback" />}>
          <Card options={{ suspense: true }} seen={[]} />
        </Suspense>
      </VStoreProvider>,
    );
    expect(screen.getByTestId('fallback')).toBeTruthy();
    release();
    expect((await screen.findByTestId('card')).textContent).toBe('v1@1');
    expect(fake.get).toHaveBeenCalledTimes(1);
  });
});

describe('request lifetime', () => {
  it('aborts its read when the last component reading that id unmounts', async () => {
    const fake = fakeClient();
    const held = holdNext(fake.get);
    const tree = (cards: number) => (
      <VStoreProvider client={fake.client}>
        {['a', 'b'].slice(0, cards).map((key) => (
          <ById key={key} id="sc_1" />
        ))}
      </VStoreProvider>
    );
    const view = render(tree(2));
    await waitFor(() => expect(held.signal()).toBeDefined());
    view.rerender(tree(1));
    await act(async () => {});
    expect(held.signal()?.aborted).toBe(false);
    view.unmount();
    await act(async () => {});
    expect(held.signal()?.aborted).toBe(true);
  });

  it("aborts the old id's read when the id changes, and shows no error for it", async () => {
    const fake = fakeClient();
    fake.server.set('sc_2', sc(4, 'v4', 'sc_2'));
    const held = holdNext(fake.get);
    const statuses: string[] = [];
    const tree = (id: string) => (
      <VStoreProvider client={fake.client}>
        <ById id={id} statuses={statuses} />
      </VStoreProvider>
    );
    const view = render(tree('sc_1'));
    await waitFor(() => expect(held.signal()).toBeDefined());
    view.rerender(tree('sc_2'));
    expect((await screen.findByText('sc_2@4')).textContent).toBe('sc_2@4');
    expect(held.signal()?.aborted).toBe(true);
    view.rerender(tree('sc_1'));
    expect((await screen.findByText('sc_1@1')).textContent).toBe('sc_1@1');
    // The aborted read left no failure behind.
    expect(statuses).not.toContain('sc_1:error');
    expect(fake.get).toHaveBeenCalledTimes(3);
  });

  it("keeps the one read going through StrictMode's unmount and remount", async () => {
    const fake = fakeClient();
    const held = holdNext(fake.get);
    render(
      <StrictMode>
        <VStoreProvider client={fake.client}>
          <ById id="sc_1" />
        </VStoreProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(held.signal()).toBeDefined());
    await act(async () => {});
    expect(held.signal()?.aborted).toBe(false);
    held.release();
    expect((await screen.findByText('sc_1@1')).textContent).toBe('sc_1@1');
    expect(fake.get).toHaveBeenCalledTimes(1);
  });

  it('aborts the history read when its component unmounts', async () => {
    const fake = fakeClient();
    const held = holdNext(fake.history);
    const view = render(
      <VStoreProvider client={fake.client}>
        <History seen={[]} />
      </VStoreProvider>,
    );
    await waitFor(() => expect(held.signal()).toBeDefined());
    view.unmount();
    await act(async () => {});
    expect(held.signal()?.aborted).toBe(true);
  });
});

describe('suspense', () => {
  it('asks again after an error boundary reset instead of rethrowing the cached failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const fake = fakeClient();
      fake.get.mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('still down'));
      render(
        <VStoreProvider client={fake.client}>
          <Boundary>
            <Suspense fallback={<span data-testid="fallback" />}>
              <Card options={{ suspense: true }} seen={[]} />
            </Suspense>
          </Boundary>
        </VStoreProvider>,
      );
      await screen.findByText('retry');
      expect(fake.get).toHaveBeenCalledTimes(1);
      // The reset comes later than the render that showed the failure, as a person's click does.
      vi.advanceTimersByTime(2000);
      act(() => screen.getByText('retry').click());
      await screen.findByText('retry');
      expect(fake.get).toHaveBeenCalledTimes(2);
      await act(async () => {});
      expect(fake.get).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(2000);
      act(() => screen.getByText('retry').click());
      expect((await screen.findByTestId('card')).textContent).toBe('v1@1');
      expect(fake.get).toHaveBeenCalledTimes(3);
    } finally {
      quiet.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('useSpendControlHistory', () => {
  it('lists every version and refetches once when the store gets ahead of it', async () => {
    const { fake, seen } = await renderHistoryAtV2();
    fake.server.set('sc_1', sc(3));
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(3)));
    await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2, 3]));
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(2)));
    expect(fake.history).toHaveBeenCalledTimes(2);
  });

  it('leaves a version that lands during a read to core, and asks once for one that lands after', async () => {
    const { fake, seen } = await renderHistoryAtV2();
    // A refetch starts while the server is at v2; v3 reaches the store before its reply does, and
    // core's history answers with the list caught up to v3.
    let answer: (list: ReturnType<typeof sc>[]) => void = () => {};
    fake.history.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    act(() => void seen.at(-1)?.refetch());
    fake.server.set('sc_1', sc(3));
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(3)));
    await act(async () => answer([sc(1), sc(2), sc(3)]));
    await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2, 3]));
    expect(fake.history).toHaveBeenCalledTimes(2);
    fake.server.set('sc_1', sc(4));
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(4)));
    await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2, 3, 4]));
    expect(fake.history).toHaveBeenCalledTimes(3);
  });

  it('asks nothing more after a reply that lags behind the store, until a newer version', async () => {
    const { fake, seen } = await renderHistoryAtV2();
    // A lagging service: core's own catch-up reads once more, and the list still stops at v3 while
    // the store has v4.
    fake.server.set('sc_1', sc(4));
    const lagging = async () => [sc(1), sc(2), sc(3)];
    fake.history.mockImplementationOnce(lagging).mockImplementationOnce(lagging);
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(4)));
    await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2, 3]));
    await waitFor(() => expect(seen.at(-1)?.isFetching).toBe(false));
    await act(async () => {}); // flush any effect the last reply could have scheduled
    expect(fake.history).toHaveBeenCalledTimes(3);
    fake.server.set('sc_1', sc(5));
    act(() => void fake.store.apply('spend_control', 'sc_1', sc(5)));
    await waitFor(() => expect(seen.at(-1)?.data?.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]));
    expect(fake.history).toHaveBeenCalledTimes(4);
  });
});
