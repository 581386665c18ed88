import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('versions and history over HTTP', () => {
  it('lists every version, caches historical reads and never lets one replace the latest', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    await client.spendControls.update('sc_2', { name: 'Software v2' });
    const latest = await client.spendControls.update('sc_2', { status: 'paused' });
    expect(latest.version).toBe(3);

    const versions = await client.spendControls.history('sc_2');
    expect(versions.map((v) => [v.version, v.name, v.status])).toEqual([
      [1, 'Software', 'active'],
      [2, 'Software v2', 'active'],
      [3, 'Software v2', 'paused'],
    ]);
    expect(client.store.get('spend_control', 'sc_2')).toBe(latest);

    const fresh = harness.client();
    const first = await fresh.spendControls.get('sc_2', { version: 1 });
    expect(first.name).toBe('Software');
    expect(fresh.store.get('spend_control', 'sc_2')).toBeUndefined();
    const requests = harness.sent.length;
    expect(await fresh.spendControls.get('sc_2', { version: 1 })).toBe(first);
    expect(harness.sent).toHaveLength(requests);
    const current = await fresh.spendControls.get('sc_2', { version: 0 });
    expect(current.version).toBe(3);
    expect(harness.sent.at(-1)?.url).toBe('/spend_controls/sc_2');
  });

  it('rejects an invalid version before any request', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    await expect(client.spendControls.get('sc_1', { version: -2 })).rejects.toBeInstanceOf(RangeError);
    expect(harness.sent).toHaveLength(0);
  });
});
