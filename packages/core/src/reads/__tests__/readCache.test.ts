import { NEVER, Observable, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createReadCache } from '../readCache';
import type { ReadAction } from '../readState';

const succeeded = (): ReadAction => ({ type: 'succeeded', at: 1 });
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A read source that counts its subscriptions and unsubscriptions and answers when told. */
function controlled<T>() {
  const replies = new Subject<T>();
  let started = 0;
  let stopped = 0;
  const source = () =>
    new Observable<T>((subscriber) => {
      started++;
      const subscription = replies.subscribe(subscriber);
      return () => {
        stopped++;
        subscription.unsubscribe();
      };
    });
  return {
    source,
    answer(value: T) {
      replies.next(value);
      replies.complete();
    },
    fail(error: unknown) {
      replies.error(error);
    },
    started: () => started,
    stopped: () => stopped,
  };
}

describe('createReadCache', () => {
  it('keeps at most maxEntries, dropping idle entries least recently used first, never a busy one', () => {
    const cache = createReadCache({ maxEntries: 3 });
    const kept = cache.entry('kept');
    const release = kept.retain();
    const flying = cache.entry('flying');
    flying.run(() => NEVER, succeeded);
    const listened = cache.entry('listened');
    const off = listened.subscribe(() => {});
    for (const key of ['a', 'b', 'c']) cache.entry(key).dispatch({ type: 'confirmed', at: 1 });
    // Three busy entries fill the bound; each idle one goes as the next is made.
    expect([...cache.entries()].map((e) => e.key)).toEqual(['kept', 'flying', 'listened', 'c']);
    release();
    off();
    cache.entry('d');
    // `kept` and `listened` became idle after `c`, so `c` (the least recently used idle entry) went first.
    expect([...cache.entries()].map((e) => e.key).sort()).toEqual(['d', 'flying', 'listened']);
    expect(cache.size).toBe(3);
  });

  it('never drops the entry it is making, however many busy entries there are', () => {
    const cache = createReadCache({ maxEntries: 2 });
    const releases = ['a', 'b', 'c'].map((key) => cache.entry(key).retain());
    const made = cache.entry('d');
    expect(cache.peek('d')).toBe(made);
    expect(cache.size).toBe(4);
    for (const release of releases) release();
    expect(cache.size).toBe(2);
  });

  it('gives every caller of a key one read, and each its outcome', async () => {
    const cache = createReadCache();
    const read = controlled<string>();
    const entry = cache.entry('k');
    const first = entry.fetch(read.source, succeeded);
    const second = entry.fetch(read.source, succeeded);
    expect(read.started()).toBe(1);
    expect(cache.fetching).toBe(1);
    read.answer('v');
    await expect(Promise.all([first, second])).resolves.toEqual(['v', 'v']);
    expect(entry.state).toMatchObject({ isFetching: false, settledAt: 1 });
    expect(cache.fetching).toBe(0);
  });

  it('keeps a read going while another caller waits, and aborts it when the last caller leaves', async () => {
    const cache = createReadCache();
    const read = controlled<string>();
    const entry = cache.entry('k');
    const a = new AbortController();
    const b = new AbortController();
    const first = entry.fetch(read.source, succeeded, { signal: a.signal });
    const second = entry.fetch(read.source, succeeded, { signal: b.signal });
    a.abort(new Error('left'));
    await expect(first).rejects.toThrow('left');
    expect(read.stopped()).toBe(0);
    b.abort(new Error('left too'));
    await expect(second).rejects.toThrow('left too');
    expect(read.stopped()).toBe(1);
    expect(entry.state.isFetching).toBe(false);
    expect(entry.state.error).toBeUndefined();
  });

  it('aborts an observed read a microtask after the last observer leaves, unless one comes back', async () => {
    const cache = createReadCache();
    const read = controlled<string>();
    const entry = cache.entry('k');
    const release = entry.retain();
    entry.run(read.source, succeeded);
    release();
    // A StrictMode remount: released and retained again within the same task.
    const again = entry.retain();
    await flush();
    expect(read.stopped()).toBe(0);
    again();
    await flush();
    expect(read.stopped()).toBe(1);
    expect(entry.state.isFetching).toBe(false);
  });

  it('replaces a read in flight, and the callers of the old one get the new outcome', async () => {
    const cache = createReadCache();
    const old = controlled<string>();
    const fresh = controlled<string>();
    const entry = cache.entry('k');
    const waiting = entry.fetch(old.source, succeeded);
    const replacing = entry.fetch(fresh.source, succeeded, { replace: true });
    expect(old.stopped()).toBe(1);
    fresh.answer('new');
    await expect(Promise.all([waiting, replacing])).resolves.toEqual(['new', 'new']);
  });

  it('records a failure and keeps it until the next success', async () => {
    const cache = createReadCache({ now: () => 7 });
    const entry = cache.entry('k');
    const failing = controlled<string>();
    const error = new Error('down');
    const call = entry.fetch(failing.source, succeeded);
    failing.fail(error);
    await expect(call).rejects.toBe(error);
    expect(entry.state).toMatchObject({ isFetching: false, error, errorAt: 7 });
    const ok = controlled<string>();
    const next = entry.fetch(ok.source, succeeded);
    ok.answer('v');
    await next;
    expect(entry.state.error).toBeUndefined();
  });

  it('tells listeners of a change a result shows, not of a no-op or of bookkeeping', () => {
    const cache = createReadCache();
    const entry = cache.entry('k');
    let calls = 0;
    entry.subscribe(() => calls++);
    entry.dispatch({ type: 'confirmed', at: 5 });
    entry.dispatch({ type: 'confirmed', at: 4 });
    expect(calls).toBe(0);
    expect(entry.state).toMatchObject({ confirmedAt: 5 });
    entry.dispatch({ type: 'failed', at: 6, error: new Error('down') as never });
    entry.dispatch({ type: 'abandoned' });
    expect(calls).toBe(1);
  });

  it('orders replies without versions by request start: a reply to an earlier request is not admitted', () => {
    const { ledger, peek } = createReadCache();
    const early = ledger.begin();
    const late = ledger.begin();
    expect(ledger.admit('note', 'n_1', late)).toBe(true);
    expect(ledger.admit('note', 'n_1', early)).toBe(false);
    expect(peek('note\u0000n_1\u00000')).toBeUndefined();
  });

  it('remembers a creation for every list that asks, the latest 1,000 of them', () => {
    const cache = createReadCache();
    cache.ledger.created('invoice', 'inv_0');
    expect(cache.wasCreated('invoice', 'inv_0')).toBe(true);
    expect(cache.wasCreated('invoice', 'inv_0')).toBe(true);
    expect(cache.wasCreated('invoice', 'inv_1')).toBe(false);
    for (let i = 1; i <= 1000; i++) cache.ledger.created('invoice', `inv_${i}`);
    expect(cache.wasCreated('invoice', 'inv_0')).toBe(false);
    expect(cache.wasCreated('invoice', 'inv_1')).toBe(true);
  });
});
