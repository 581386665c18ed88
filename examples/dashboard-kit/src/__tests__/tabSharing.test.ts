import { createClient, dehydrate, getClientEvents, type LockManagerLike, observeTask } from '@vstore/core';
import { describe, expect, it, vi } from 'vitest';
import { shareAcrossTabs, type TabRole } from '../tabSharing';

/** One lock held at a time; the next request in line gets it when the holder's promise settles. */
function fakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name, options, callback) {
      const run = tail.then(() => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return callback(null);
      });
      tail = run.catch(() => {});
      return run;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('shareAcrossTabs', () => {
  it('connects the event stream in one tab; the next connects once the first stops', async () => {
    const locks = fakeLocks();
    const tabs = [0, 1].map(() => {
      const base = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 't' });
      const connect = vi.spyOn(getClientEvents(base), 'connect').mockReturnValue(() => {});
      return { sharing: shareAcrossTabs(base, locks), connect, roles: [] as TabRole[] };
    });
    const [a, b] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    const stopA = a.sharing.connectEvents('/events', (r) => a.roles.push(r));
    const stopB = b.sharing.connectEvents('/events', (r) => b.roles.push(r));
    await flush();
    expect(a.connect).toHaveBeenCalledTimes(1);
    expect(b.connect).not.toHaveBeenCalled();
    expect(a.roles).toEqual(['follower', 'leader']);
    expect(b.roles).toEqual(['follower']);
    stopA();
    await flush();
    expect(b.connect).toHaveBeenCalledTimes(1);
    expect(b.roles).toEqual(['follower', 'leader']);
    stopB();
  });

  it('a follower that stops leaves the line without ever connecting', async () => {
    const locks = fakeLocks();
    const make = () => {
      const base = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 't' });
      return { base, connect: vi.spyOn(getClientEvents(base), 'connect').mockReturnValue(() => {}) };
    };
    const a = make();
    const b = make();
    const stopA = shareAcrossTabs(a.base, locks).connectEvents('/events');
    const stopB = shareAcrossTabs(b.base, locks).connectEvents('/events');
    stopB();
    stopA();
    await flush();
    expect(b.connect).not.toHaveBeenCalled();
  });

  it('polls tasks through pollTaskShared and keeps every other part of the client', () => {
    const base = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 't' });
    const { client } = shareAcrossTabs(base, fakeLocks());
    expect(client.store).toBe(base.store);
    expect(client.spendControls).toBe(base.spendControls);
    expect(client.tasks.poll).not.toBe(base.tasks.poll);
    expect(client.tasks.get).toBe(base.tasks.get);
  });

  it('gives a task client that observers accept, so useTask can follow a deletion (regression)', () => {
    const base = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 't' });
    const { client } = shareAcrossTabs(base, fakeLocks());
    base.store.apply('task', 'task_1', { task_id: 'task_1', status: 'completed' });
    // Terminal in the store: the observer reads it without polling.
    const observer = observeTask(client.tasks, 'task_1');
    const off = observer.subscribe(() => {});
    expect(observer.getResult()).toMatchObject({ status: 'success', task: { status: 'completed' } });
    off();
  });

  it("gives a client core recognises as base's: its events and its snapshot are base's (regression)", () => {
    const base = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 't' });
    const { client } = shareAcrossTabs(base, fakeLocks());
    // A spread copy made the dashboards' LiveEvents throw "not made by a vstore client".
    expect(getClientEvents(client)).toBe(getClientEvents(base));
    base.store.apply('spend_control', 'sc_1', { spend_control_id: 'sc_1', version: 2 });
    expect(dehydrate(client)).toEqual(dehydrate(base));
  });
});
