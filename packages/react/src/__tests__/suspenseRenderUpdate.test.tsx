// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createClient, type RawResponse, type Send } from '@vstore/core';
import { Component, type ReactNode, Suspense } from 'react';
import { asyncScheduler, Observable, type SchedulerLike } from 'rxjs';
import { afterEach, expect, it, vi } from 'vitest';
import { useSpendControl } from '../useSpendControl';
import { VStoreProvider } from '../vstoreProvider';
import { sc } from './testClient';

// Regression (review 22): a suspended render started its read at once, which notified the key's other
// observers while React was rendering: "Cannot update a component while rendering a different one".

afterEach(cleanup);

class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <span>boundary</span>;
  }
}

function Plain() {
  const { status, isFetching } = useSpendControl('sc_1');
  return <span data-testid="plain">{`${status} ${isFetching}`}</span>;
}

function Suspended() {
  const { data } = useSpendControl('sc_1', { suspense: true });
  return <span data-testid="suspended">{data?.version}</span>;
}

it('a suspended render that starts a read does not update another component during render', async () => {
  let now = 0;
  const scheduler: SchedulerLike = {
    now: () => now,
    schedule: ((work: never, delay?: number, state?: never) =>
      asyncScheduler.schedule(work, delay, state)) as SchedulerLike['schedule'],
  };
  let fail = true;
  const send: Send = () =>
    new Observable<RawResponse>((subscriber) => {
      const timer = setTimeout(() => {
        if (fail) subscriber.error(new TypeError('network down'));
        else {
          subscriber.next({ status: 200, headers: new Headers(), text: JSON.stringify(sc(1)) });
          subscriber.complete();
        }
      }, 5);
      return () => clearTimeout(timer);
    });
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    send,
    scheduler,
    retry: { maxAttempts: 1 },
  });
  const tree = (suspended: boolean) => (
    <VStoreProvider client={client}>
      <Plain />
      <Boundary>
        <Suspense fallback={<span>loading</span>}>{suspended ? <Suspended /> : null}</Suspense>
      </Boundary>
    </VStoreProvider>
  );
  const view = render(tree(false));
  await waitFor(() => expect(screen.getByTestId('plain').textContent).toBe('error false'));
  // Later (more than the second Suspense counts an error as recent), a Suspense reader mounts.
  now += 5000;
  fail = false;
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  view.rerender(tree(true));
  await waitFor(() => expect(screen.getByTestId('suspended').textContent).toBe('1'));
  await act(async () => {});
  const messages = errors.mock.calls.map((call) => String(call[0]));
  errors.mockRestore();
  expect(messages.filter((m) => m.includes('while rendering a different component'))).toEqual([]);
});
