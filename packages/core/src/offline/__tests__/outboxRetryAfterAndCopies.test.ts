// Found by review 33 of this session's outbox fixes (each case failed before its mend): a
// Retry-After past a timer's limit, and class-instance inputs (a form model) kept by reference.
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { spendControl } from '../../client/__tests__/scripted';
import { createClient } from '../../client/createClient';
import { RateLimitError } from '../../errors/apiError';
import { MAX_TIMER_MS } from '../../http/maxTimerMs';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Spend controls: GET/PATCH sc_1, POST; `tooMany` answers every write 429 with that Retry-After. */
function service() {
  let row: Record<string, unknown> = { ...spendControl(1) };
  const sent: { method: string; body?: unknown }[] = [];
  const state = { tooMany: undefined as string | undefined };
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, body });
    if (method !== 'GET' && state.tooMany !== undefined)
      return json({ message: 'slow down', type: 'RateLimited', trace_id: 't' }, 429, {
        'retry-after': state.tooMany,
      });
    if (method === 'POST') return json({ ...spendControl(1), ...body, spend_control_id: 'sc_new' }, 201);
    if (method === 'PATCH') {
      row = { ...row, ...body, version: (row.version as number) + 1 };
      return json(row);
    }
    return json(row);
  };
  return { sent, fetch, state };
}

describe('Retry-After waits', () => {
  it('a Retry-After longer than a timer can take asks no timer past its limit (which fires at once)', async () => {
    const svc = service();
    // The real scheduler, with every delay the outbox asks of it recorded.
    const delays: number[] = [];
    const scheduler: SchedulerLike = {
      now: () => asyncScheduler.now(),
      schedule: ((work: never, delay?: number, state?: never) => {
        delays.push(delay ?? 0);
        return asyncScheduler.schedule(work, delay, state);
      }) as SchedulerLike['schedule'],
    };
    const client = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'tok',
      fetch: svc.fetch,
      scheduler,
      retry: { maxAttempts: 1 },
    });
    await client.spendControls.get('sc_1');
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    // 3,000,000 s (~35 days; or an HTTP-date years ahead): past a 32-bit timer (2^31-1 ms), which
    // browsers and Node fire after 1 ms, so the outbox would wake every millisecond for 35 days.
    svc.state.tooMany = '3000000';
    void outbox.update(client.spendControls, 'sc_1', { name: 'Later' }).catch(() => {});
    await vi.waitFor(() => expect(outbox.entries[0]?.error).toBeInstanceOf(RateLimitError));
    await outbox.close();
    expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_TIMER_MS);
    expect(svc.sent.filter((s) => s.method === 'PATCH')).toHaveLength(1);
  });
});

describe('storedCopy', () => {
  it('a patch that is a class instance (a form model) is copied at the call, as `{ ...patch }` was', async () => {
    const svc = service();
    const client = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'tok',
      fetch: svc.fetch,
      retry: { maxAttempts: 1 },
    });
    await client.spendControls.get('sc_1');
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    // A class-based form model (MobX `makeAutoObservable(this)`, a hand-written form class).
    class NameForm {
      name = 'Submitted';
    }
    const form = new NameForm();
    const write = outbox.update(client.spendControls, 'sc_1', form as unknown as Record<string, unknown>);
    form.name = ''; // the form resets right after submit
    const landed = await write;
    await outbox.close();
    expect({
      patches: svc.sent.filter((s) => s.method === 'PATCH').map((s) => s.body),
      landed: landed.name,
    }).toEqual({ patches: [{ name: 'Submitted' }], landed: 'Submitted' });
  });

  it('a create input that is a class instance is the value at the call, not at the send', async () => {
    const svc = service();
    const client = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'tok',
      fetch: svc.fetch,
      retry: { maxAttempts: 1 },
    });
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    class NewControl {
      name = 'Submitted';
      limit = { amount: 100, currency: 'USD' };
      interval = 'monthly';
      account_id = 'acc_1';
    }
    const form = new NewControl();
    const made = outbox.create(client.spendControls, form);
    form.name = '';
    form.limit.amount = 0;
    await made.catch(() => {});
    await outbox.close();
    expect(svc.sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      {
        name: 'Submitted',
        limit: { amount: 100, currency: 'USD' },
        interval: 'monthly',
        account_id: 'acc_1',
      },
    ]);
  });
});
