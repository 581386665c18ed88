import { asyncScheduler, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { reply } from '../../client/__tests__/scripted';
import { createCooldown } from '../cooldown';
import { getSpec, outcome, setup, virtual } from './transportHarness';

const sentAt = (requests: { url: string; at: number }[], path: string) =>
  requests.filter((q) => q.url.endsWith(path)).map((q) => q.at);

describe('createCooldown', () => {
  it('passes at once when nothing blocks', () => {
    virtual(() => {
      expect(outcome(createCooldown(asyncScheduler).wait()).done).toBe(true);
    });
  });

  it('keeps a waiter waiting when a longer block arrives while it waits', () => {
    virtual((flush) => {
      const cooldown = createCooldown(asyncScheduler);
      cooldown.block(1000);
      let passedAt: number | undefined;
      cooldown.wait().subscribe(() => {
        passedAt = asyncScheduler.now();
      });
      timer(500).subscribe(() => cooldown.block(5000));
      flush();
      expect(passedAt).toBe(5000);
    });
  });
});

describe('transport: the shared cooldown', () => {
  it('holds a waiting request back for a longer Retry-After that arrives while it waits', () => {
    virtual((flush) => {
      const t = setup((q, i) => {
        if (i === 0) return { ...reply(429, {}, { 'retry-after': '1' }), latencyMs: 10 };
        // Sent before the first 429 came back; its own, longer 429 arrives during the cooldown.
        if (i === 1) return { ...reply(429, {}, { 'retry-after': '5' }), latencyMs: 100 };
        return reply(200, { id: q.url.slice(-2) });
      });
      outcome(t.transport.request(getSpec));
      outcome(t.transport.request({ ...getSpec, path: '/things/t3' }));
      timer(50).subscribe(() => outcome(t.transport.request({ ...getSpec, path: '/things/t2' })));
      flush();
      expect(sentAt(t.requests, '/t2')).toEqual([5100]);
    });
  });

  it('holds other requests back for defaultRetryAfterMs after a 429 without Retry-After', () => {
    virtual((flush) => {
      const t = setup((q, i) => (i === 0 ? reply(429, {}) : reply(200, { id: q.url.slice(-2) })), {
        retry: { defaultRetryAfterMs: 2000 },
      });
      outcome(t.transport.request(getSpec));
      timer(500).subscribe(() => outcome(t.transport.request({ ...getSpec, path: '/things/t2' })));
      flush();
      expect(sentAt(t.requests, '/t2')).toEqual([2000]);
      expect(sentAt(t.requests, '/t1')).toEqual([0, 2000]);
    });
  });
});
