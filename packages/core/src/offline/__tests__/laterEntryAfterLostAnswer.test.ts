// A guard from review 48, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// when an update's answer is lost, the sender later finds it landed by the resource's
// history and reports the *latest* entity as what landed. rebaseOnto then writes the latest's values
// (another writer's, made after the landing) into the base of the next pending update of the entity,
// so that update no longer sees the other writer's change of the same field and overwrites it.
// Without the rebase (and when the answer is not lost: normalisedEarlierVersioned's second test) the
// later update is held as a conflict.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Row = Record<string, unknown> & { version: number; name: string };

function service() {
  const versions: Row[] = [
    {
      spend_control_id: 'sc_1',
      version: 1,
      version_time: '2026-01-01T00:00:00Z',
      name: 'Travel',
      status: 'active',
      limit: { amount: 500, currency: 'USD' },
      interval: 'monthly',
      account_id: 'acc_1',
    },
  ];
  const latest = () => versions[versions.length - 1] as Row;
  const write = (patch: Record<string, unknown>) => {
    versions.push({ ...latest(), ...patch, version: latest().version + 1 });
  };
  const net = { online: true, loseNextAnswer: false };
  const patches: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    const { pathname } = new URL(String(input));
    if (pathname === '/spend_controls/sc_1/history') return json({ data: versions });
    if (pathname !== '/spend_controls/sc_1') return json({ message: 'not found' }, 404);
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body));
      patches.push(patch);
      write(patch);
      if (net.loseNextAnswer) {
        // The PATCH is in, its answer never comes back, and the page goes offline with it.
        net.loseNextAnswer = false;
        net.online = false;
        throw new TypeError('Failed to fetch');
      }
    }
    return json(latest());
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return { client, net, patches, write, latest };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a later update after an earlier one found landed by history', () => {
  it('is held as a conflict when another writer changed the same field after the earlier one landed', async () => {
    const t = service();
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    const outbox = createOutbox(t.client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Trips' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Trips 2026' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.net.loseNextAnswer = true;
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    // 'Trips' landed as version 2, its answer lost; now another writer renames it (version 3).
    expect(t.latest()).toMatchObject({ version: 2, name: 'Trips' });
    t.write({ name: 'Theirs' });
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    const result = {
      statuses: outbox.entries.map((e) => e.status),
      name: t.latest().name,
      patches: t.patches,
    };
    await outbox.close();
    // The second update was made over 'Trips', not over 'Theirs': it must not overwrite 'Theirs' unseen.
    expect(result).toEqual({ statuses: ['conflict'], name: 'Theirs', patches: [{ name: 'Trips' }] });
  });
});
