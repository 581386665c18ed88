import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemovalWatch } from '../../resources/removalWatch';
import { createEntityStore } from '../../store/entityStore';
import { createCrossTab } from '../crossTab';
import { createChannelHub } from './channelHub';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cross-tab: a removal derived from another tab’s write', () => {
  it('shares the removal of an account whose deletion task completed in the other tab', async () => {
    const hub = createChannelHub();
    const a = createEntityStore();
    const b = createEntityStore();
    createCrossTab(a, { BroadcastChannel: hub.Channel });
    createCrossTab(b, { BroadcastChannel: hub.Channel });
    // Tab A deleted acc_1: it holds the account and the 202's pending task, and watches the task.
    a.apply('account', 'acc_1', { account_id: 'acc_1', version: 1 });
    a.apply('task', 't_1', { task_id: 't_1', status: 'pending' });
    createRemovalWatch(a).watch('t_1', 'account', 'acc_1');
    await vi.advanceTimersByTimeAsync(10);
    expect(b.get('account', 'acc_1')).toBeDefined();
    // Tab B leads the shared poll (pollTaskShared) and reads the task's end.
    b.apply('task', 't_1', { task_id: 't_1', status: 'completed' }, 'response');
    await vi.advanceTimersByTimeAsync(10);
    expect(a.isRemoved('account', 'acc_1')).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    // A removed the account with origin 'broadcast' (the task's), so crossTab never posts it to B.
    expect(b.isRemoved('account', 'acc_1')).toBe(true);
  });
});
