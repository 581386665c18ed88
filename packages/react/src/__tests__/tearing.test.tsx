// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { startTransition, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSpendControl } from '../useSpendControl';
import { VStoreProvider } from '../vstoreProvider';
import { fakeClient, sc } from './testClient';

// A small, faithful take on the public tearing suite for React state libraries
// (will-this-react-global-state-work-in-concurrent-rendering): many components read one external
// value, rendering is slow, and the value changes from outside while React renders. Checks 1 and 2:
// no tearing once an update, or a mount, has finished. The external change lands in the middle of a
// render pass (inside a component's render, the way a store update from a timer lands between two
// time slices), so some components have already read the old value and the rest would read the new one.

const COMPONENTS = 50;
const KEYS = Array.from({ length: COMPONENTS }, (_, i) => `counter_${i}`);
const busy = (ms: number) => {
  const end = performance.now() + ms;
  let spins = 0;
  while (performance.now() < end) spins += 1;
  return spins;
};

/** The race of the current test: which client, and whether the next render pass bumps the store. */
const race = { fake: fakeClient(), version: 1, armed: false };

/** Called by every component as it renders; once armed, the 25th render bumps the store. */
function tick(index: number) {
  if (race.armed && index === COMPONENTS / 2) {
    race.armed = false;
    race.version += 1;
    race.fake.store.apply('spend_control', 'sc_1', sc(race.version));
  }
}

function Counter({ index }: { index: number }) {
  const { data } = useSpendControl('sc_1', { maxAgeMs: 60_000 });
  tick(index);
  busy(0.2);
  return <span className="count">{data?.version ?? 0}</span>;
}

function App() {
  const [round, setRound] = useState(0);
  return (
    <VStoreProvider client={race.fake.client}>
      <button type="button" onClick={() => startTransition(() => setRound((r) => r + 1))}>
        {round}
      </button>
      {KEYS.map((key, i) => (
        <Counter key={key} index={i} />
      ))}
    </VStoreProvider>
  );
}

const shown = (container: HTMLElement) =>
  [...container.querySelectorAll('.count')].map((node) => Number(node.textContent));

function setup() {
  race.fake = fakeClient();
  race.version = 1;
  race.armed = false;
  race.fake.store.apply('spend_control', 'sc_1', sc(1));
  return {
    arm: () => {
      race.armed = true;
    },
    version: () => race.version,
  };
}

afterEach(cleanup);

describe('tearing (checks 1 and 2 of the public suite)', () => {
  it('shows one value everywhere once a mount that raced an external change has finished', async () => {
    const { arm, version } = setup();
    arm();
    let view!: ReturnType<typeof render>;
    await act(async () => {
      startTransition(() => {
        view = render(<App />);
      });
    });
    const values = shown(view.container);
    expect(values).toHaveLength(COMPONENTS);
    expect(new Set(values)).toEqual(new Set([version()]));
    expect(version()).toBe(2);
  });

  it('shows one value everywhere once an update that raced an external change has finished', async () => {
    const { arm, version } = setup();
    const view = render(<App />);
    await act(async () => {});
    for (let round = 0; round < 3; round += 1) {
      arm();
      await act(async () => view.getByRole('button').click());
      expect(new Set(shown(view.container))).toEqual(new Set([version()]));
    }
    expect(version()).toBe(4);
  });
});
