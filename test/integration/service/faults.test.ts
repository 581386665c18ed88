import { FAULT_PROFILES } from '@vstore/service';
import { afterAll, describe, expect, it } from 'vitest';
import { newControl, openEvents, type Running, type ServiceOptions, start, TOKEN } from './support';

const running: Running[] = [];
const launch = async (options: ServiceOptions) => {
  const s = await start({ rateLimit: false, ...options });
  running.push(s);
  return s;
};
afterAll(() => Promise.all(running.map((s) => s.close())));

/** A fixed mix of reads and writes, sent one at a time so decisions follow arrival order. */
async function statuses(s: Running, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const answer =
      i % 3 === 0
        ? await s.api('PATCH', '/spend_controls/sc_2', { body: { name: `n${i}` } })
        : await s.api('GET', '/spend_controls/sc_1');
    out.push(answer.status);
  }
  return out;
}

describe('fault profiles', () => {
  it('flaky: the same random seed and request sequence give the same 429s and 5xx; another seed differs', async () => {
    const [a, b, c] = await Promise.all([
      launch({ faults: 'flaky', randomSeed: 42 }).then((s) => statuses(s, 60)),
      launch({ faults: 'flaky', randomSeed: 42 }).then((s) => statuses(s, 60)),
      launch({ faults: 'flaky', randomSeed: 43 }).then((s) => statuses(s, 60)),
    ]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.some((x) => x === 429 || x >= 500)).toBe(true);
    expect(a.every((x) => x === 200 || x === 429 || x >= 500)).toBe(true);
  });

  it('chaos: webhooks arrive duplicated and reordered, the same way for the same seed', async () => {
    const { duplicateWebhookRate, reorderWebhookRate } = FAULT_PROFILES.chaos;
    expect(duplicateWebhookRate).toBeGreaterThan(0);
    expect(reorderWebhookRate).toBeGreaterThan(0);
    const deliveries = async (randomSeed: number) => {
      // The chaos webhook faults alone, so every PATCH lands and the stream shows what faults did.
      const s = await launch({
        faults: { duplicateWebhookRate, reorderWebhookRate, reorderHoldMs: 5000 },
        randomSeed,
      });
      const stream = await openEvents(`${s.url}/events`, { authorization: `Bearer ${TOKEN}` });
      for (let i = 0; i < 30; i += 1)
        await s.api('PATCH', '/spend_controls/sc_1', { body: { name: `v${i}` } });
      const published = s.service.inspect().webhooks.delivered;
      const events = await stream.until((e) => e.length >= published);
      stream.close();
      return events.map((e) => [e.id, JSON.parse(e.data).data.version as number] as const);
    };
    const first = await deliveries(7);
    expect(await deliveries(7)).toEqual(first);
    expect(await deliveries(8)).not.toEqual(first);
    const versions = first.map(([, v]) => v);
    expect(new Set(versions).size).toBeLessThan(versions.length);
    expect(versions.some((v, i) => i > 0 && v < (versions[i - 1] ?? 0))).toBe(true);
    // Every version arrives, except at most the last one, which may still be held back.
    expect(versions.every((v) => v >= 2 && v <= 31)).toBe(true);
    expect(new Set(versions).size).toBeGreaterThanOrEqual(29);
  });

  it('chaos at the demo pace: held and repeated webhooks arrive after newer state', async () => {
    // The demo's service: a 300 ms write window, writes one after another, under the chaos profile.
    const s = await launch({ faults: 'chaos', randomSeed: 5, writeDelayMs: 300 });
    const stream = await openEvents(`${s.url}/events`, { authorization: `Bearer ${TOKEN}` });
    const versionsOf = (events: { data: string }[]) =>
      events.flatMap((e) => {
        const payload = JSON.parse(e.data) as { event_type: string; data: { version: number } };
        return payload.event_type === 'spend_control.updated' ? [payload.data.version] : [];
      });
    /** Arrivals older than something already delivered: a reordered one (first seen) or a late duplicate. */
    const stale = (events: { data: string }[]) => {
      const seen = new Set<number>();
      let newest = 0;
      let reordered = 0;
      let duplicated = 0;
      for (const v of versionsOf(events)) {
        if (v < newest) {
          if (seen.has(v)) duplicated += 1;
          else reordered += 1;
        }
        seen.add(v);
        newest = Math.max(newest, v);
      }
      return { reordered, duplicated };
    };
    try {
      for (let i = 0; i < 16; i += 1)
        await s.api('PATCH', '/spend_controls/sc_1', { body: { name: `w${i}` } });
      const events = await stream.until((list) => {
        const { reordered, duplicated } = stale(list);
        return reordered > 0 && duplicated > 0;
      }, 8000);
      expect(stale(events).reordered).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('chaos: creates retried with their Idempotency-Key happen exactly once each (the service counts)', async () => {
    const s = await launch({ faults: 'chaos', randomSeed: 11 });
    for (let k = 0; k < 8; k += 1) {
      const headers = { 'idempotency-key': `soak-${k}` };
      let status = 0;
      // Retried at once: fault bursts do not enforce their Retry-After, and the loop is bounded.
      for (let attempt = 0; attempt < 30 && status !== 201; attempt += 1) {
        status = (
          await s.api('POST', '/spend_controls', { body: { ...newControl, name: `soak ${k}` }, headers })
        ).status;
      }
      expect(status).toBe(201);
    }
    const { creates, requests } = s.service.inspect();
    expect(creates.total).toBe(8);
    expect(Object.values(creates.byIdempotencyKey)).toEqual(Array(8).fill(1));
    expect(Object.keys(requests.byStatus).some((code) => Number(code) >= 500)).toBe(true);
  });

  it('the chaos switch: POST /__admin/faults changes the profile at run time, with an accepted token', async () => {
    const s = await launch({});
    const set = await s.api('POST', '/__admin/faults', { body: { profile: 'chaos' } });
    expect(set).toMatchObject({ status: 200, body: { profile: 'chaos' } });
    expect((await s.api('GET', '/__admin/state')).body.faults).toBe('chaos');
    await s.api('POST', '/__admin/faults', { body: { profile: 'none' } });
    expect((await s.api('GET', '/__admin/faults')).body).toEqual({ profile: 'none' });
  });
});
