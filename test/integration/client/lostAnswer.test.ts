import { ApiError, type EditOutcome, NetworkError, type SpendControl } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support';

// A PATCH that commits on the service but whose answer never reaches the client (#15, item 8).
// The service's own fault profiles decide this at random; here a wrapping fetch decides it per
// request: the PATCH goes through (and commits), then its answer is replaced.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

type Loss = 'answer-503' | 'drop' | 'refuse-503';

/** fetch that loses the answer of the first PATCH the way `loss` says; records methods sent. */
function losingFetch(loss: Loss) {
  const methods: string[] = [];
  let patches = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    methods.push(method);
    if (method !== 'PATCH' || ++patches > 1) return fetch(input, init);
    const unavailable = () =>
      new Response(JSON.stringify({ message: 'Service unavailable.' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    if (loss === 'refuse-503') return unavailable(); // never reached the service
    const committed = await fetch(input, init);
    await committed.text(); // the service answered 200: the write is in
    if (loss === 'drop') throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    return unavailable();
  };
  return { fetchImpl, methods };
}

describe('a PATCH whose answer is lost, over HTTP', () => {
  it.each(['answer-503', 'drop'] as const)(
    'edit resolves by reading when the write landed (%s), and sends it once',
    async (loss) => {
      harness = await startHarness({ rateLimit: false });
      const { fetchImpl, methods } = losingFetch(loss);
      const client = harness.client({ fetch: fetchImpl, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
      const outcomes: EditOutcome<SpendControl>[] = [];
      const result = await client.spendControls.edit(
        'sc_1',
        (draft) => {
          draft.name = 'Trips';
        },
        { onConflict: 'abort', onOutcome: (o) => outcomes.push(o) },
      );
      expect(result).toMatchObject({ version: 2, name: 'Trips' });
      expect(outcomes).toMatchObject([{ result: 'reconciled', fields: ['name'], attempts: 1 }]);
      expect(methods).toEqual(['GET', 'PATCH', 'GET']);
      const history = await harness.client().spendControls.history('sc_1');
      expect(history.map((v) => v.version)).toEqual([1, 2]); // one write, not two
    },
  );

  it('update resolves by reading when the write landed, telling onReconciled', async () => {
    harness = await startHarness({ rateLimit: false });
    const { fetchImpl, methods } = losingFetch('answer-503');
    const client = harness.client({ fetch: fetchImpl });
    await client.spendControls.get('sc_1');
    const lost: number[] = [];
    const result = await client.spendControls.update(
      'sc_1',
      { status: 'paused' },
      { onReconciled: (_, error) => lost.push(error.status) },
    );
    expect(result).toMatchObject({ version: 2, status: 'paused' });
    expect(lost).toEqual([503]);
    expect(methods).toEqual(['GET', 'PATCH', 'GET']);
  });

  it('fails with the original error, saying the outcome is unknown, when the write did not land', async () => {
    harness = await startHarness({ rateLimit: false });
    const { fetchImpl, methods } = losingFetch('refuse-503');
    const client = harness.client({ fetch: fetchImpl });
    const error = await client.spendControls
      .edit('sc_1', (draft) => {
        draft.name = 'Trips';
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 503, outcomeUnknown: true });
    expect((error as Error).message).toContain('outcome of this write is unknown');
    expect((error as Error).message).not.toContain('..');
    expect(methods).toEqual(['GET', 'PATCH', 'GET']);
    expect((await harness.client().spendControls.get('sc_1')).version).toBe(1);
  });
});
