// A listener that throws is the app's bug, not a reason for the client to stop working: the read it
// was told about still goes out and settles, and every other listener is still told.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { control, manualService } from '../../observers/__tests__/manualService';
import { observeResource } from '../../observers/observeResource';
import { contextOf } from '../readContext';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

/** A client whose sc_1 (v1) is observed by a listener that throws while `broken.now` is true. */
async function observedWithBrokenListener() {
  const service = manualService();
  const observer = observeResource(service.client.spendControls, 'sc_1');
  const broken = { now: false };
  observer.subscribe(() => {
    if (broken.now) throw new Error('a listener bug');
  });
  await flush();
  service.held[0]?.answer(200, control(1));
  await flush();
  return { ...service, observer, broken };
}

describe('a listener that throws', () => {
  it('as a read starts, leaves that read going: it settles, and the next read of the key goes out', async () => {
    const { client, held, observer, broken } = await observedWithBrokenListener();
    broken.now = true;
    const first = client.spendControls.get('sc_1').catch((error: unknown) => error);
    broken.now = false;
    expect(await first).toBeInstanceOf(AggregateError);
    expect(held).toHaveLength(2);
    held[1]?.answer(200, control(2));
    await flush();
    expect(observer.getResult()).toMatchObject({ isFetching: false, data: { version: 2 } });
    const next = client.spendControls.get('sc_1', { maxAgeMs: 0 });
    await flush();
    held[2]?.answer(200, control(3));
    await expect(next).resolves.toMatchObject({ version: 3 });
  });

  it('when a pending change is shown, leaves the lists listening to the view told of it', async () => {
    const { client, broken } = await observedWithBrokenListener();
    const { view } = contextOf(client.spendControls);
    let shown: object | undefined;
    let emit: ((type: string, id: string) => void) | undefined;
    view.attach({
      view: (type, id) => (type === 'spend_control' && id === 'sc_1' ? shown : undefined),
      subscribe(listener) {
        emit = listener;
        return () => {};
      },
    });
    const heard: string[] = [];
    view.onChange((_type, id) => heard.push(id));
    broken.now = true;
    shown = { ...control(1), name: 'pending' };
    expect(() => emit?.('spend_control', 'sc_1')).toThrow(AggregateError);
    expect(heard).toEqual(['sc_1']);
  });
});
