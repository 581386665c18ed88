import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualService } from '../../observers/__tests__/manualService';
import { notes } from '../../resources/__tests__/notes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('replies without versions', () => {
  it('keep request-start order after the read cache let the entity’s idle read entry go', async () => {
    const { client, held } = manualService();
    const api = client.resource(notes);
    // A write starts, then a read; the read's reply (to the later request) lands first.
    const write = api.update('n_1', { text: 'older' });
    const read = api.get('n_1');
    await flush();
    held[1]?.answer(200, { note_id: 'n_1', text: 'newer' });
    await read;
    // The app reads 1,000 other notes: the read cache's bound, so the idle entry of n_1 is dropped.
    for (let i = 0; i < 1000; i++) {
      const other = api.get(`other_${i}`);
      await flush();
      held.at(-1)?.answer(200, { note_id: `other_${i}`, text: 'x' });
      await other;
    }
    // The reply to the request that started first lands last: it is not the latest.
    held[0]?.answer(200, { note_id: 'n_1', text: 'older' });
    await write.catch(() => {});
    expect(client.store.get('note', 'n_1')).toMatchObject({ text: 'newer' });
  });
});
