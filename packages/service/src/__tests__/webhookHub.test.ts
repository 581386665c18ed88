import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveFaults } from '../faults';
import { createRandom } from '../random';
import { createTimers } from '../timers';
import { createWebhookHub, type Delivery } from '../webhookHub';

const hubWith = (faults: Parameters<typeof resolveFaults>[0], bufferSize = 100) => {
  const timers = createTimers();
  const hub = createWebhookHub({
    schemaVersion: '1.0',
    bufferSize,
    timers,
    faults: () => resolveFaults(faults),
    random: createRandom(1),
  });
  const seen: Delivery[] = [];
  hub.subscribe((d) => seen.push(d));
  return { hub, seen, timers };
};
const versions = (seen: Delivery[]) => seen.map((d) => (d.payload.data as { version: number }).version);

describe('createWebhookHub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wraps every change as { schema_version, event_type, data } with increasing delivery ids', () => {
    const { hub, seen } = hubWith('none');
    hub.publish('spend_control.updated', { version: 2, gone: null });
    hub.publish('spend_control.updated', { version: 3 });
    expect(seen.map((d) => d.id)).toEqual([1, 2]);
    expect(seen[0]?.payload).toEqual({
      schema_version: '1.0',
      event_type: 'spend_control.updated',
      data: { version: 2 },
    });
    expect(seen[0]?.text).toBe(JSON.stringify(seen[0]?.payload));
  });

  it('delivers a duplicate as the same payload under a new id', () => {
    const { hub, seen } = hubWith({ duplicateWebhookRate: 1 });
    hub.publish('x', { version: 1 });
    expect(seen.map((d) => d.id)).toEqual([1, 2]);
    expect(seen[1]?.text).toBe(seen[0]?.text);
  });

  it('holds a payload back and sends it after the next one', () => {
    const { hub, seen } = hubWith({ reorderWebhookRate: 1 });
    hub.publish('x', { version: 1 });
    expect(seen).toEqual([]);
    hub.publish('x', { version: 2 });
    expect(versions(seen)).toEqual([2, 1]);
  });

  it('sends a held payload after reorderHoldMs when nothing follows it', async () => {
    const { hub, seen } = hubWith({ reorderWebhookRate: 1, reorderHoldMs: 100 });
    hub.publish('x', { version: 1 });
    await vi.advanceTimersByTimeAsync(99);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(versions(seen)).toEqual([1]);
  });

  it('replays from the buffer after an id and flags a gap once the buffer dropped some', () => {
    const { hub } = hubWith('none', 3);
    for (let v = 1; v <= 5; v += 1) hub.publish('x', { version: v });
    expect(hub.since(3)).toMatchObject({ gap: false, deliveries: [{ id: 4 }, { id: 5 }] });
    expect(hub.since(1).gap).toBe(true);
    expect(hub.since(1).deliveries.map((d) => d.id)).toEqual([3, 4, 5]);
    expect(hub.stats()).toEqual({ published: 5, delivered: 5, lastEventId: 5, subscribers: 1 });
  });

  it('flags a gap and replays the whole buffer for an id it never issued (an earlier run of the service)', () => {
    const { hub } = hubWith('none', 3);
    for (let v = 1; v <= 2; v += 1) hub.publish('x', { version: v });
    expect(hub.since(2)).toEqual({ gap: false, deliveries: [] });
    const ahead = hub.since(40);
    expect(ahead.gap).toBe(true);
    expect(ahead.deliveries.map((d) => d.id)).toEqual([1, 2]);
  });

  it('keeps delivering to other subscribers when one throws', () => {
    const { hub, seen } = hubWith('none');
    hub.subscribe(() => {
      throw new Error('broken stream');
    });
    hub.publish('x', { version: 1 });
    hub.publish('x', { version: 2 });
    expect(versions(seen)).toEqual([1, 2]);
    expect(hub.stats().subscribers).toBe(1);
  });
});
