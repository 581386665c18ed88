import fc from 'fast-check';
import { type MonoTypeOperatorFunction, Observable, type SchedulerLike, throwError, timeout } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { attemptTimeout } from '../attemptTimeout';

// `attemptTimeout` stands in for rxjs's `timeout({ first, with })` in the transport, to keep that
// operator's general forms out of the bundle. It must behave the same for every source: same
// values, same end, same time, and the source unsubscribed at the same moment and in the same order
// relative to the error (first unsubscribed, which aborts the request, then the error).

type Step = { readonly at: number; readonly kind: 'next' | 'complete' | 'error' };

interface SourceScript {
  /** Emitted while subscribing, before `subscribe` returns (a scripted `Send` answers so). */
  readonly sync: 'none' | 'next' | 'next+complete' | 'complete' | 'error';
  /** Later events at virtual times; anything after the first end is never delivered. */
  readonly steps: readonly Step[];
}

/** What one run shows: every event downstream and every subscription change upstream, with times. */
function trace(script: SourceScript, ms: number, operator: 'rxjs' | 'attemptTimeout'): string[] {
  const log: string[] = [];
  const scheduler = new TestScheduler(() => {});
  scheduler.run(() => {
    const source = new Observable<number>((subscriber) => {
      log.push(`subscribe@${scheduler.now()}`);
      if (script.sync.startsWith('next')) subscriber.next(0);
      if (script.sync.endsWith('complete')) subscriber.complete();
      if (script.sync === 'error') subscriber.error(new Error('sync failure'));
      const actions = script.steps.map((step, i) =>
        scheduler.schedule(() => {
          if (step.kind === 'next') subscriber.next(i + 1);
          else if (step.kind === 'complete') subscriber.complete();
          else subscriber.error(new Error(`failure ${i}`));
        }, step.at),
      );
      return () => {
        log.push(`unsubscribe@${scheduler.now()}`);
        for (const action of actions) action.unsubscribe();
      };
    });
    const timedOut = () => new Error('timed out');
    const op: MonoTypeOperatorFunction<number> =
      operator === 'rxjs'
        ? timeout({ first: ms, scheduler: scheduler as SchedulerLike, with: () => throwError(timedOut) })
        : attemptTimeout(ms, scheduler, timedOut);
    source.pipe(op).subscribe({
      next: (value) => log.push(`next ${value}@${scheduler.now()}`),
      error: (error: Error) => log.push(`error ${error.message}@${scheduler.now()}`),
      complete: () => log.push(`complete@${scheduler.now()}`),
    });
  });
  return log;
}

const scripts = fc.record({
  sync: fc.constantFrom('none', 'next', 'next+complete', 'complete', 'error'),
  steps: fc.array(
    fc.record({ at: fc.integer({ min: 0, max: 40 }), kind: fc.constantFrom('next', 'complete', 'error') }),
    { maxLength: 4 },
  ),
}) as fc.Arbitrary<SourceScript>;

describe('attemptTimeout', () => {
  it("behaves as rxjs's timeout({ first, with }) for any source and any timeout", () => {
    fc.assert(
      fc.property(scripts, fc.integer({ min: 0, max: 40 }), (script, ms) => {
        expect(trace(script, ms, 'attemptTimeout')).toEqual(trace(script, ms, 'rxjs'));
      }),
      { numRuns: 1000 },
    );
  });

  it('unsubscribes the attempt before erroring when nothing came in time', () => {
    const never: SourceScript = { sync: 'none', steps: [{ at: 30, kind: 'next' }] };
    expect(trace(never, 20, 'attemptTimeout')).toEqual([
      'subscribe@0',
      'unsubscribe@20',
      'error timed out@20',
    ]);
  });

  it('stops the clock at the first value: a later silence is not a timeout', () => {
    const slowEnd: SourceScript = {
      sync: 'none',
      steps: [
        { at: 5, kind: 'next' },
        { at: 30, kind: 'complete' },
      ],
    };
    expect(trace(slowEnd, 10, 'attemptTimeout')).toEqual([
      'subscribe@0',
      'next 1@5',
      'complete@30',
      'unsubscribe@30',
    ]);
  });

  it('schedules nothing for an attempt answered while subscribing', () => {
    const scheduler = new TestScheduler(() => {});
    const schedule = vi.spyOn(scheduler, 'schedule');
    const answered = new Observable<number>((subscriber) => {
      subscriber.next(1);
      subscriber.complete();
    });
    const values: number[] = [];
    answered
      .pipe(attemptTimeout(1000, scheduler, () => new Error('timed out')))
      .subscribe((v) => values.push(v));
    expect(values).toEqual([1]);
    expect(schedule).not.toHaveBeenCalled();
  });
});
