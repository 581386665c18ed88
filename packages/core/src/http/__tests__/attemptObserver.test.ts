import { config, Observable, type SchedulerAction, type SchedulerLike, Subscription } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NetworkError } from '../../errors/apiError';
import { control, manualService } from '../../observers/__tests__/manualService';
import type { RawResponse, Send } from '../request';
import { resolveRetryOptions } from '../retryPolicy';
import { createTokenProvider } from '../tokenProvider';
import { createTransport } from '../transport';

// An attempt observes its own send and is its own deadline (methods, not closures). These are the
// cases where that could differ from closures made per send.

/** A clock the test moves by hand, and the timers due on it. */
function manualScheduler() {
  let clock = 0;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const scheduler = {
    now: () => clock,
    schedule(work: (this: SchedulerAction<unknown>, state?: unknown) => void, delay = 0): Subscription {
      const timer = {
        at: clock + delay,
        run: () => work.call({} as SchedulerAction<unknown>),
        cancelled: false,
      };
      timers.push(timer);
      return new Subscription(() => {
        timer.cancelled = true;
      });
    },
  } as SchedulerLike;
  return {
    scheduler,
    advance(ms: number) {
      clock += ms;
    },
    /** Runs every timer due by `to`, in time order, moving the clock to each. */
    runUntil(to: number) {
      for (;;) {
        const due = timers.filter((t) => !t.cancelled && t.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        due.cancelled = true;
        clock = due.at;
        due.run();
      }
      clock = to;
    },
  };
}

describe('an attempt as its own observer and deadline', () => {
  it('times out a send made from within another (a 401 refresh) from its own start, and aborts that send', () => {
    const time = manualScheduler();
    const sentAt: number[] = [];
    const left: number[] = [];
    const send: Send = () =>
      new Observable<RawResponse>((subscriber) => {
        const n = sentAt.push(time.scheduler.now());
        // The first send is refused at once by the gateway (and not completed); the second never answers.
        if (n === 1) subscriber.next({ status: 401, headers: new Headers(), text: '{"message":"expired"}' });
        return () => left.push(n);
      });
    const transport = createTransport({
      baseUrl: 'https://api.test',
      send,
      scheduler: time.scheduler,
      // A synchronous getToken that takes 5 ms.
      tokens: createTokenProvider(() => {
        time.advance(5);
        return `token-${time.scheduler.now()}`;
      }),
      retry: resolveRetryOptions({ maxAttempts: 1, timeoutMs: 1000 }),
    });
    let failure: unknown;
    transport
      .request({ method: 'GET', path: '/things/t1', schema: z.object({ id: z.string() }) })
      .subscribe({ error: (error: unknown) => (failure = error) });
    expect(sentAt).toEqual([5, 10]);
    time.runUntil(1009);
    expect(failure).toBeUndefined();
    expect(left).not.toContain(2);
    time.runUntil(1010);
    expect(failure).toBeInstanceOf(NetworkError);
    // The send that timed out is the one left (its request aborted).
    expect(left).toContain(2);
    expect((failure as NetworkError).message).toContain('within 1000 ms');
  });

  describe("under rxjs's deprecated config.useDeprecatedNextContext", () => {
    afterEach(() => {
      config.useDeprecatedNextContext = false;
      vi.useRealTimers();
    });

    it('still settles reads and attempts (rxjs calls observer methods on a copy then)', async () => {
      vi.useFakeTimers();
      config.useDeprecatedNextContext = true;
      const { client, held } = manualService();
      let got: unknown;
      void client.spendControls.get('sc_1').then((value) => (got = value));
      await vi.advanceTimersByTimeAsync(0);
      held[0]?.answer(200, control(1));
      await vi.advanceTimersByTimeAsync(0);
      expect(got).toMatchObject({ spend_control_id: 'sc_1', version: 1 });
    });
  });
});
