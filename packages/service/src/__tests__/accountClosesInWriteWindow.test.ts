// Found by review 35 (failed before its fix): business rules were checked when a write read the
// account, not when it committed, so a create or patch still committed on an account closed inside its window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { call, newControl } from './request';

describe('a write whose account closes inside its write window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers 422 AccountNotActive and commits nothing', async () => {
    const service = createService({ writeDelayMs: 400, taskDurationMs: 40 });
    const create = call(service, '/spend_controls', { method: 'POST', body: newControl });
    const patch = call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'Late' } });
    await vi.advanceTimersByTimeAsync(1);
    expect(service.inspect().pendingWrites).toBe(2);
    expect((await call(service, '/accounts/acc_1', { method: 'DELETE' })).status).toBe(202);
    await vi.advanceTimersByTimeAsync(40);
    expect(service.inspect().accounts.acc_1?.status).toBe('closed');
    expect(service.inspect().pendingWrites).toBe(2);

    await vi.advanceTimersByTimeAsync(400);
    const refused = { status: 422, body: { type: 'AccountNotActive' } };
    expect(await create).toMatchObject(refused);
    expect(await patch).toMatchObject(refused);
    expect(service.inspect().creates.total).toBe(0);
    expect(service.inspect().spendControls.sc_1).toBe(1);
  });
});
