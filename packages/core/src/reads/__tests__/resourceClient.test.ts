import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient, spendControl } from '../../client/__tests__/scripted';
import { ResponseShapeError } from '../../errors/apiError';
import { IdempotencyKeyReuseError } from '../../errors/idempotencyKeyReuseError';
import { InvalidUpdateError } from '../../errors/invalidUpdateError';
import { createEntityStore } from '../../store/entityStore';

const history = { data: [spendControl(1), spendControl(3, { name: 'Trips' }), spendControl(2)] };

describe('spendControls.get', () => {
  it('reads the latest, applies it to the store and returns the stored object', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2)));
    const got = await client.spendControls.get('sc_1');
    expect(requests[0]?.url).toBe('https://api.test/spend_controls/sc_1');
    expect(got).toBe(client.store.get('spend_control', 'sc_1'));
    expect(got.version).toBe(2);
    expect(Object.isFrozen(got)).toBe(true);
  });

  it('treats version 0 as the latest', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2)));
    await client.spendControls.get('sc_1', { version: 0 });
    expect(requests[0]?.url).toBe('https://api.test/spend_controls/sc_1');
  });

  it('reads a historical version into the cache without touching the latest', async () => {
    const { client, requests } = scriptedClient((q) =>
      reply(200, q.url.endsWith('version=1') ? spendControl(1, { name: 'Old' }) : spendControl(3)),
    );
    const latest = await client.spendControls.get('sc_1');
    const old = await client.spendControls.get('sc_1', { version: 1 });
    expect(old.name).toBe('Old');
    expect(client.store.get('spend_control', 'sc_1')).toBe(latest);
    // A historical version never changes: the second read is served from the cache.
    expect(await client.spendControls.get('sc_1', { version: 1 })).toBe(old);
    expect(requests).toHaveLength(2);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects version %s before any request',
    async (version) => {
      const { client, requests } = scriptedClient(() => reply(200, spendControl(1)));
      await expect(client.spendControls.get('sc_1', { version })).rejects.toBeInstanceOf(RangeError);
      expect(requests).toHaveLength(0);
    },
  );

  it('refuses a historical reply of another version than asked, storing nothing', async () => {
    const { client } = scriptedClient(() => reply(200, spendControl(2)));
    await expect(client.spendControls.get('sc_1', { version: 1 })).rejects.toBeInstanceOf(ResponseShapeError);
    expect(client.store.getVersion('spend_control', 'sc_1', 2)).toBeUndefined();
  });

  it('refuses a reply about another id, storing nothing', async () => {
    const { client } = scriptedClient(() => reply(200, spendControl(2, { spend_control_id: 'sc_9' })));
    await expect(client.spendControls.get('sc_1')).rejects.toBeInstanceOf(ResponseShapeError);
    expect(client.store.get('spend_control', 'sc_9')).toBeUndefined();
  });

  it('keeps unknown fields and reads absent optional keys as null', async () => {
    const { name: _name, limit: _limit, ...sparse } = spendControl(1, { future_field: { a: 1 } });
    const { client } = scriptedClient(() => reply(200, sparse));
    const got = await client.spendControls.get('sc_1');
    expect(got.name).toBeNull();
    expect(got.limit).toBeNull();
    expect((got as Record<string, unknown>).future_field).toEqual({ a: 1 });
  });

  describe('freshness', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('serves a copy confirmed within maxAgeMs from the store, and asks again after', async () => {
      const { client, requests } = scriptedClient(() => reply(200, spendControl(1)));
      await client.spendControls.get('sc_1');
      await client.spendControls.get('sc_1', { maxAgeMs: 5000 });
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(6000);
      await client.spendControls.get('sc_1', { maxAgeMs: 5000 });
      expect(requests).toHaveLength(2);
    });

    it('asks every time without maxAgeMs, and honours a client-wide default', async () => {
      const a = scriptedClient(() => reply(200, spendControl(1)));
      await a.client.spendControls.get('sc_1');
      await a.client.spendControls.get('sc_1');
      expect(a.requests).toHaveLength(2);
      const b = scriptedClient(() => reply(200, spendControl(1)), { maxAgeMs: 1000 });
      await b.client.spendControls.get('sc_1');
      await b.client.spendControls.get('sc_1');
      expect(b.requests).toHaveLength(1);
    });

    it('does not count a copy that came from elsewhere (an event) as confirmed', async () => {
      const store = createEntityStore();
      store.apply('spend_control', 'sc_1', spendControl(1), 'event');
      const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), { store });
      await client.spendControls.get('sc_1', { maxAgeMs: 60_000 });
      expect(requests).toHaveLength(1);
    });
    it('does not count a reply the store refused as stale as confirming the copy it holds', async () => {
      const store = createEntityStore();
      store.apply('spend_control', 'sc_1', spendControl(2), 'event');
      // A lagging replica answers with an older version than the event brought.
      const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), { store });
      await client.spendControls.get('sc_1');
      await client.spendControls.get('sc_1', { maxAgeMs: 60_000 });
      expect(requests).toHaveLength(2);
    });
  });

  it('shares one request between identical concurrent gets', async () => {
    const { client, requests } = scriptedClient(() => ({ ...reply(200, spendControl(1)), latencyMs: 10 }));
    const [a, b] = await Promise.all([client.spendControls.get('sc_1'), client.spendControls.get('sc_1')]);
    expect(requests).toHaveLength(1);
    expect(a).toBe(b);
  });

  it('aborts through the signal: the request is cancelled and the call rejects with the reason', async () => {
    const { client, aborted } = scriptedClient(() => ({ ...reply(200, spendControl(1)), latencyMs: 10_000 }));
    const controller = new AbortController();
    const call = client.spendControls.get('sc_1', { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    expect(aborted()).toBe(1);
    expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();
  });
});

describe('spendControls.history', () => {
  it('returns every version oldest first, caches them and applies the highest as latest', async () => {
    const { client, requests } = scriptedClient(() => reply(200, history));
    const versions = await client.spendControls.history('sc_1');
    expect(requests[0]?.url).toBe('https://api.test/spend_controls/sc_1/history');
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(client.store.get('spend_control', 'sc_1')).toBe(versions[2]);
    expect(client.store.getVersion('spend_control', 'sc_1', 1)).toBe(versions[0]);
  });

  it('never moves the latest back when history is older than what the store holds', async () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', spendControl(5));
    const held = store.get('spend_control', 'sc_1');
    const { client } = scriptedClient(() => reply(200, history), { store });
    await client.spendControls.history('sc_1');
    expect(store.get('spend_control', 'sc_1')).toBe(held);
  });

  const upTo = (top: number) => ({ data: Array.from({ length: top }, (_, i) => spendControl(i + 1)) });

  it('asks again when a newer version reaches the store while the list is on its way', async () => {
    const store = createEntityStore();
    const { client, requests } = scriptedClient(
      (_, index) => {
        // An event lands between the request and its reply.
        if (index === 0) store.apply('spend_control', 'sc_1', spendControl(4), 'event');
        return reply(200, upTo(index === 0 ? 3 : 4));
      },
      { store },
    );
    const versions = await client.spendControls.history('sc_1');
    expect(requests).toHaveLength(2);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
  });

  it('lets callers that shared the first read share the read that catches up too', async () => {
    vi.useFakeTimers();
    try {
      const store = createEntityStore();
      const { client, requests } = scriptedClient(
        (_, index) => {
          if (index === 0) store.apply('spend_control', 'sc_1', spendControl(4), 'event');
          return { ...reply(200, upTo(index === 0 ? 3 : 4)), latencyMs: 10 };
        },
        { store },
      );
      const both = Promise.all([client.spendControls.history('sc_1'), client.spendControls.history('sc_1')]);
      await vi.advanceTimersByTimeAsync(50);
      const [first, second] = await both;
      expect(requests).toHaveLength(2);
      expect(first.map((v) => v.version)).toEqual([1, 2, 3, 4]);
      expect(second).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops asking when a reply brings nothing newer than the one before (a lagging service)', async () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', spendControl(5));
    const { client, requests } = scriptedClient(() => reply(200, upTo(3)), { store });
    const versions = await client.spendControls.history('sc_1');
    expect(requests).toHaveLength(2);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
  });

  it('reads at most four times while versions keep arriving faster than the list', async () => {
    const store = createEntityStore();
    const { client, requests } = scriptedClient(
      (_, index) => {
        store.apply('spend_control', 'sc_1', spendControl(100 + index), 'event');
        return reply(200, upTo(index + 1));
      },
      { store },
    );
    const versions = await client.spendControls.history('sc_1');
    expect(requests).toHaveLength(4);
    expect(versions.at(-1)?.version).toBe(4);
  });
});

describe('spendControls.create', () => {
  const input = {
    name: 'Fuel',
    limit: { amount: 100, currency: 'USD' },
    interval: 'weekly',
    account_id: 'acc_1',
  } as const;

  it('sends a fresh key per call and applies the 201', async () => {
    const { client, requests } = scriptedClient(() =>
      reply(201, spendControl(1, { spend_control_id: 'sc_9' })),
    );
    await client.spendControls.create(input);
    await client.spendControls.create(input);
    const keys = requests.map((q) => q.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(requests[0]?.json).toEqual(input);
    expect(client.store.get('spend_control', 'sc_9')).toBeDefined();
  });

  it("uses the caller's key, and refuses it with a different body before any request", async () => {
    const { client, requests } = scriptedClient(() =>
      reply(201, spendControl(1, { spend_control_id: 'sc_9' })),
    );
    await client.spendControls.create(input, { idempotencyKey: 'mine' });
    await client.spendControls.create(input, { idempotencyKey: 'mine' });
    await expect(
      client.spendControls.create({ ...input, name: 'Other' }, { idempotencyKey: 'mine' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
    expect(requests.map((q) => q.headers['idempotency-key'])).toEqual(['mine', 'mine']);
  });
});

describe('spendControls.update', () => {
  it('sends only the patch and applies the reply', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2, { name: 'Trips' })));
    const updated = await client.spendControls.update('sc_1', { name: 'Trips' });
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.json).toEqual({ name: 'Trips' });
    expect(updated.name).toBe('Trips');
  });

  it('refuses fields not valid for update before any request', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2)));
    const patch = { name: 'x', version: 3, spend_control_id: 'sc_2' } as unknown as { name: string };
    const error = await client.spendControls.update('sc_1', patch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidUpdateError);
    expect((error as InvalidUpdateError).fields).toEqual(['version', 'spend_control_id']);
    expect(requests).toHaveLength(0);
  });
});
