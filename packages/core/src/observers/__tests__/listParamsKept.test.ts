// Found by review 36 (failed before its fix): a list read its params object at every page and
// every reply, so a caller that changed that object in place (a Vue `reactive` filter form) turned
// the rest of the list's reads, and its check of each reply, to the new filters. A list another
// reader shared went into error; a direct `resource.list` call checked its reply against filters it
// never asked for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, type Held, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const row = (id: string, status: string) => ({ ...control(1, id), status });
const listGets = (s: ReturnType<typeof manualService>) =>
  s.open().filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');
const statusOf = (h: Held) => new URL(h.request.url).searchParams.get('status');

describe('a list keeps the params it was made with', () => {
  it('reads its next page and checks its replies by them, whatever the caller does to its object', async () => {
    const service = manualService();
    const params: { status: string } = { status: 'active' };
    const list = observeList(service.client.spendControls, params, { pageSize: 1 });
    const off = list.subscribe(() => {});
    await flush();
    params.status = 'paused';
    listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active')], next_cursor: 'c1' });
    await flush();
    const next = list.fetchNextPage();
    await flush();
    expect(listGets(service).map(statusOf)).toEqual(['active']);
    listGets(service)[0]?.answer(200, { data: [row('sc_2', 'active')] });
    await next;
    const { status, error, data } = list.getResult();
    expect({ status, error, ids: data.map((r) => r.spend_control_id) }).toEqual({
      status: 'success',
      error: undefined,
      ids: ['sc_1', 'sc_2'],
    });
    off();
  });

  it('as resource.list does for the page it asked for', async () => {
    const service = manualService();
    const params: { status: string } = { status: 'active' };
    const page = service.client.spendControls.list(params);
    await flush();
    params.status = 'paused';
    listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active')] });
    await expect(page).resolves.toMatchObject({ items: [{ spend_control_id: 'sc_1' }] });
  });
});
