import { describe, expect, it } from 'vitest';
import { checkFaultOptions, createFaultInjector, FAULT_PROFILES, resolveFaults } from '../faults';

const run = (seed: number, profile: 'none' | 'flaky' | 'chaos', n = 300) => {
  const injector = createFaultInjector(resolveFaults(profile), seed);
  return Array.from({ length: n }, () => injector.decide());
};

describe('createFaultInjector', () => {
  it('decides the same faults for the same seed and different ones for another seed', () => {
    expect(run(7, 'chaos')).toEqual(run(7, 'chaos'));
    expect(run(7, 'chaos')).not.toEqual(run(8, 'chaos'));
  });

  it('injects nothing under the none profile', () => {
    expect(run(1, 'none').every((d) => d.kind === 'pass' && d.latencyMs === 0)).toBe(true);
  });

  it('mixes 429 bursts, 5xx before and after commit, and latency under chaos', () => {
    const decisions = run(3, 'chaos', 2000);
    const kinds = new Set(
      decisions.map((d) => (d.kind === 'server_error' ? `${d.status}:${d.after}` : d.kind)),
    );
    expect(kinds).toEqual(
      new Set([
        'pass',
        'rate_limit',
        '500:true',
        '500:false',
        '502:true',
        '502:false',
        '503:true',
        '503:false',
      ]),
    );
    const delayed = decisions.filter((d) => d.latencyMs > 0);
    expect(delayed.length / decisions.length).toBeGreaterThan(0.4);
    const [min, max] = FAULT_PROFILES.chaos.latencyMs;
    expect(delayed.every((d) => d.latencyMs >= min && d.latencyMs <= max)).toBe(true);
  });

  it('makes a burst reject the configured number of consecutive requests', () => {
    const injector = createFaultInjector(
      resolveFaults({ rateLimitBurstRate: 1, rateLimitBurstLength: 3 }),
      1,
    );
    expect(Array.from({ length: 3 }, () => injector.decide().kind)).toEqual([
      'rate_limit',
      'rate_limit',
      'rate_limit',
    ]);
    injector.set(resolveFaults('none'));
    expect(injector.decide().kind).toBe('pass');
    expect(injector.faults.name).toBe('none');
  });

  it('announces a Retry-After drawn per burst from 1 to 5 s under chaos, the same for the same seed', () => {
    const seconds = (seed: number) =>
      run(seed, 'chaos', 5000).flatMap((d) => (d.kind === 'rate_limit' ? [d.retryAfterSeconds] : []));
    const values = seconds(3);
    expect(values.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
    expect(new Set(values).size).toBeGreaterThanOrEqual(4);
    expect(seconds(3)).toEqual(values);
    // The draw has its own stream: the requests' fates are those of a fixed Retry-After.
    const fixed = createFaultInjector(
      resolveFaults({ ...FAULT_PROFILES.chaos, rateLimitBurstRetryAfterSeconds: 1 }),
      3,
    );
    expect(run(3, 'chaos', 500).map((d) => d.kind)).toEqual(
      Array.from({ length: 500 }, () => fixed.decide().kind),
    );
  });

  it('holds chaos webhooks longer than a write at the demo pace (300 ms apart, 300 ms window)', () => {
    expect(FAULT_PROFILES.chaos.reorderHoldMs).toBeGreaterThan(600);
    expect(FAULT_PROFILES.chaos.duplicateDelayMs).toBeGreaterThan(600);
  });

  it('refuses an unknown profile name', () => {
    expect(() => resolveFaults('wild' as 'none')).toThrow(/Unknown fault profile/);
  });
});

describe('checkFaultOptions', () => {
  it('names every bad or unknown key', () => {
    expect(
      checkFaultOptions({
        serverErrorRate: 2,
        latencyMs: [5, 1],
        reorderHoldMs: -1,
        bogus: 1,
        latencyRate: 0.5,
        rateLimitBurstRetryAfterSeconds: [5, 1],
        duplicateDelayMs: 1.5,
      }).map((p) => p.field),
    ).toEqual([
      'serverErrorRate',
      'latencyMs',
      'reorderHoldMs',
      'bogus',
      'rateLimitBurstRetryAfterSeconds',
      'duplicateDelayMs',
    ]);
    expect(checkFaultOptions({ rateLimitBurstRetryAfterSeconds: [1, 5], duplicateDelayMs: 900 })).toEqual([]);
  });
});
