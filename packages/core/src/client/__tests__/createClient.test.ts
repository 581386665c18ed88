import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NetworkError, RateLimitError } from '../../errors/apiError';
import { defineResource, nullable } from '../../resources/defineResource';
import { createEntityStore } from '../../store/entityStore';
import { createClient } from '../createClient';
import { reply, SECRET_TOKEN, scriptedClient, spendControl } from './scripted';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createClient', () => {
  it('refuses missing options', () => {
    expect(() => createClient({ baseUrl: '', getToken: () => 't' })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'https://x', getToken: undefined as never })).toThrow(TypeError);
  });

  it('uses the given store and exposes resolved retry bounds', () => {
    const store = createEntityStore();
    const client = createClient({ baseUrl: 'https://x', getToken: () => 't', store });
    expect(client.store).toBe(store);
    expect(client.retryOptions).toMatchObject({ maxAttempts: 5, timeoutMs: 30_000, maxRetryAfterMs: 60_000 });
  });

  it('goes through fetch by default, with the token in the Authorization header', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json(spendControl(1), { status: 200 }),
    );
    const client = createClient({ baseUrl: 'https://api.test/', getToken: () => SECRET_TOKEN, fetch });
    await client.spendControls.get('sc_1');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://api.test/spend_controls/sc_1');
    expect(init?.headers).toMatchObject({ authorization: `Bearer ${SECRET_TOKEN}` });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('fetches an async token once for many requests started together', async () => {
    let calls = 0;
    const getToken = () => {
      calls++;
      return new Promise<string>((resolve) => setTimeout(() => resolve(SECRET_TOKEN), 50));
    };
    const { client, requests } = scriptedClient(
      (q) => reply(200, spendControl(1, { spend_control_id: q.url.slice(-4) })),
      {
        getToken,
      },
    );
    const all = Promise.all(['sc_1', 'sc_2', 'sc_3'].map((id) => client.spendControls.get(id)));
    await vi.advanceTimersByTimeAsync(50);
    await all;
    expect(calls).toBe(1);
    expect(requests).toHaveLength(3);
  });

  it('times out each attempt and resolves the retry (fake timers)', async () => {
    const { client, requests, aborted } = scriptedClient(
      (_, i) => ({ ...reply(200, spendControl(1)), latencyMs: i === 0 ? 60_000 : 10 }),
      { retry: { timeoutMs: 1000 } },
    );
    const got = client.spendControls.get('sc_1');
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect((await got).version).toBe(1);
    expect(requests).toHaveLength(2);
    expect(aborted()).toBe(1);
  });

  it('gives up on timeouts after maxAttempts with NetworkError', async () => {
    const { client, requests } = scriptedClient(() => ({ ...reply(200, {}), latencyMs: 60_000 }), {
      retry: { timeoutMs: 100, maxAttempts: 3, baseDelayMs: 10 },
    });
    const got = client.spendControls.get('sc_1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await got;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('takes a per-call timeout over the client default', async () => {
    const { client, requests } = scriptedClient(() => ({ ...reply(200, {}), latencyMs: 60_000 }), {
      retry: { maxAttempts: 1 },
    });
    const got = client.spendControls
      .update('sc_1', { name: 'x' }, { timeoutMs: 250 })
      .catch((e: unknown) => e);
    // The PATCH's answer is lost at 250 ms; the read that would settle it times out at 500 ms too.
    await vi.advanceTimersByTimeAsync(500);
    expect(await got).toMatchObject({ name: 'NetworkError', timedOut: true, outcomeUnknown: true });
    expect(((await got) as Error).message).toContain('within 250 ms');
    expect(requests.map((q) => q.method)).toEqual(['PATCH', 'GET']);
  });

  it('waits out Retry-After with real timers faked, then succeeds', async () => {
    const { client, requests } = scriptedClient((_, i) =>
      i === 0 ? reply(429, {}, { 'retry-after': '2' }) : reply(200, spendControl(1)),
    );
    const got = client.spendControls.get('sc_1');
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await got).version).toBe(1);
    expect(requests).toHaveLength(2);
  });

  it('ends with RateLimitError telling when, for a Retry-After past the cap', async () => {
    const { client } = scriptedClient(() => reply(429, {}, { 'retry-after': '3600' }));
    const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
  });
});

describe('client.resource', () => {
  const widgetSchema = z.looseObject({
    widget_id: z.string(),
    version: z.number().int().min(1),
    version_time: z.string(),
    label: nullable(z.string()),
    colour: nullable(z.string()),
  });
  const widgets = defineResource({
    type: 'widget',
    idKey: 'widget_id',
    schema: widgetSchema,
    path: '/v2/widgets',
    updatable: ['label', 'colour'],
    history: true,
    createBody: (input: { label: string }) => ({ ...input, kind: 'basic' }),
  });
  const widget = (version: number, label = 'A') => ({ widget_id: 'w1', version, version_time: 't', label });

  it('describes a further resource the same way, with typed create and update', async () => {
    const { client, requests } = scriptedClient((q) => {
      if (q.method === 'POST') return reply(201, widget(1));
      if (q.method === 'PATCH') return reply(200, widget(2, 'B'));
      return reply(200, { data: [widget(1), widget(2, 'B')] });
    });
    const api = client.resource(widgets);
    await api.create({ label: 'A' });
    await api.update('w1', { label: 'B' });
    const versions = await api.history('w1');
    expect(requests.map((q) => `${q.method} ${q.url}`)).toEqual([
      'POST https://api.test/v2/widgets',
      'PATCH https://api.test/v2/widgets/w1',
      'GET https://api.test/v2/widgets/w1/history',
    ]);
    expect(requests[0]?.json).toEqual({ label: 'A', kind: 'basic' });
    expect(versions.map((w) => w.label)).toEqual(['A', 'B']);
    expect(client.store.get('widget', 'w1')).toBe(versions[1]);
  });

  it('refuses history and historical reads where the resource has none', async () => {
    const { client, requests } = scriptedClient(() => reply(200, {}));
    await expect(client.accounts.get('acc_1', { version: 2 } as never)).rejects.toThrow(
      'account has no historical versions to read',
    );
    const plain = client.resource(
      defineResource({
        type: 'note',
        idKey: 'id',
        schema: z.looseObject({ id: z.string() }),
        path: '/notes',
        versioned: false,
      }),
    );
    await expect(plain.history('n1')).rejects.toThrow('note has no history endpoint');
    await expect(plain.get('n1', { version: 2 })).rejects.toThrow('note has no versions to read');
    expect(requests).toHaveLength(0);
  });
});
