// @vitest-environment happy-dom
import { type Client, createEntityStore, observeList } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  button,
  choose,
  control,
  flush,
  mountClient,
  notFound,
  rows,
  scriptedClient,
  summary,
  TOKEN,
  unmounts,
} from './support';

/**
 * The scripted service: `ids` hold version 2 (history v1 and v2) on acc_1, in order; a read of an id
 * in `missing` gets 404; every answer takes `delayMs`. Lists page with the cursor `at:<index>`.
 */
function service(ids = ['sc_1', 'sc_2', 'sc_3', 'sc_4', 'sc_5']) {
  const config = { missing: new Set<string>(), delayMs: 0 };
  const answer = (url: URL): Answer => {
    const [, , id, history] = url.pathname.split('/');
    const delayMs = config.delayMs;
    if (id === undefined) {
      const limit = Number(url.searchParams.get('limit'));
      const from = Number(url.searchParams.get('cursor')?.slice(3) ?? 0);
      const page = ids.slice(from, from + limit);
      const next = from + limit < ids.length ? { next_cursor: `at:${from + limit}` } : {};
      return { status: 200, body: { data: page.map((i) => control(i, 2)), ...next }, delayMs };
    }
    if (config.missing.has(id) || !ids.includes(id)) return { ...notFound(id), delayMs };
    if (history) return { status: 200, body: { data: [control(id, 1), control(id, 2)] }, delayMs };
    return { status: 200, body: control(id, Number(url.searchParams.get('version') ?? 2)), delayMs };
  };
  return { config, client: scriptedClient(answer) };
}

/** Reads a spend control; a failure is what the panel should show, not the test's. */
const read = (client: Client, id: string, version?: number) =>
  client.spendControls.get(id, version ? { version } : {}).catch(() => undefined);

/** Lets fake time pass (replies, retries) and the panel redraw. */
async function pass(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

const T0 = new Date(2026, 0, 2, 14, 3, 7, 215);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.useRealTimers();
});

const readsNote = (root: ShadowRoot) => root.getElementById('reads-note')?.textContent;

describe('failed reads under "To look at"', () => {
  it('lists a failed read with its read, time, error name and message, and marks it recovered when the read next succeeds', async () => {
    const { client, config } = service();
    config.missing.add('sc_1');
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    await pass();
    const [failure] = rows(root, 'failures');
    expect(failure?.slice(0, 2)).toEqual(['14:03:07.215', 'spend_control/sc_1 latest']);
    expect(failure?.[2]).toMatch(/^ApiError: .*No spend control sc_1/);
    expect(failure?.[3]).toBe('failing');
    expect(rows(root, 'failures')).toHaveLength(1);
    expect(summary(root)).toContain('· 1 to look at (0 stale, 0 deleted, 0 removed, 1 failed)');
    expect(button(root, /vstore devtools/).textContent).toBe('vstore devtools · 1 to look at');
    expect(root.getElementById('problems-note')?.textContent).toBe('');
    expect(root.getElementById('failures-t')?.hidden).toBe(false);
    // Core scrubbed the echoed token; the panel prints no header either.
    expect(root.textContent).not.toContain(TOKEN);
    expect(root.textContent).not.toMatch(/bearer|authorization/i);

    config.missing.delete('sc_1');
    await pass(2000);
    await read(client, 'sc_1');
    await pass();
    expect(rows(root, 'failures')[0]?.[3]).toBe('recovered 14:03:09.215');
    // Still counted: it happened, and the row says how it ended.
    expect(summary(root)).toContain('· 1 to look at (0 stale, 0 deleted, 0 removed, 1 failed)');
  });

  it('counts a read that keeps failing once, with its failures, and a failure after a recovery anew', async () => {
    const { client, config } = service();
    config.missing.add('sc_1');
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    await pass(1000);
    await read(client, 'sc_1');
    await pass();
    expect(rows(root, 'failures').map((r) => r.slice(1, 2).concat(r.slice(3)))).toEqual([
      ['spend_control/sc_1 latest', 'failing · 2 failures'],
    ]);
    expect(summary(root)).toContain('1 to look at');

    config.missing.delete('sc_1');
    await read(client, 'sc_1');
    config.missing.add('sc_1');
    await pass(1000);
    await read(client, 'sc_1');
    await pass();
    expect(rows(root, 'failures').map((r) => [r[0], r[3]])).toEqual([
      ['14:03:09.215', 'failing'],
      ['14:03:07.215', 'recovered 14:03:08.215 · 2 failures'],
    ]);
    expect(summary(root)).toContain('· 2 to look at (0 stale, 0 deleted, 0 removed, 2 failed)');
  });

  it('lists the reads already failing when it mounts, at the time they failed', async () => {
    const { client, config } = service();
    config.missing.add('sc_9');
    await read(client, 'sc_9');
    await read(client, 'sc_1');
    await pass(5000);
    const { root } = mountClient(client);
    await pass();
    expect(rows(root, 'failures').map((r) => r.slice(0, 2))).toEqual([
      ['14:03:07.215', 'spend_control/sc_9 latest'],
    ]);
    expect(summary(root)).toContain('1 failed');
  });

  it('clear empties the failed reads; a read still failing is not counted again when it starts again', async () => {
    const { client, config } = service();
    config.missing.add('sc_1');
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    await pass();
    button(root, /^Clear timeline$/).click();
    await pass();
    expect(rows(root, 'failures')).toEqual([]);
    expect(root.getElementById('failures-t')?.hidden).toBe(true);
    expect(root.getElementById('problems-note')?.textContent).toBe('Nothing to look at.');
    // The next read starts while the old error stands, then fails anew: that failure counts.
    config.delayMs = 100;
    const again = read(client, 'sc_1');
    await pass();
    expect(summary(root)).toContain('0 to look at');
    await pass(100);
    await again;
    await pass();
    expect(rows(root, 'failures').map((r) => r[3])).toEqual(['failing']);
    expect(summary(root)).toContain('1 failed');
  });

  it('leaves out a 404 for a key the store holds as removed: the removal is listed already', async () => {
    const { client, config } = service();
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    // Deleted elsewhere: the store removes it, and the next read of it answers 404.
    client.store.remove('spend_control', 'sc_1', 'event');
    config.missing.add('sc_1');
    await read(client, 'sc_1');
    // A key the store still holds is a failure to look at.
    config.missing.add('sc_2');
    await read(client, 'sc_2');
    await pass();
    expect(rows(root, 'failures').map((r) => r[1])).toEqual(['spend_control/sc_2 latest']);
    expect(summary(root)).toContain('· 2 to look at (0 stale, 0 deleted, 1 removed, 1 failed)');
    // The Reads view still shows the read as it is.
    expect(rows(root, 'reads')[0]?.slice(0, 3)).toEqual(['latest', 'spend_control/sc_1', 'failed']);
  });

  it('stops following reads once unmounted', async () => {
    const { client, config } = service();
    config.missing.add('sc_1');
    const { root, unmount } = mountClient(client);
    unmount();
    await read(client, 'sc_1');
    await pass();
    expect(summary(root)).toContain('0 to look at');
  });
});

describe('the Reads view', () => {
  it('lists every read with its kind, state, last success and last error, following changes live', async () => {
    const { client, config } = service();
    config.missing.add('sc_9');
    const { root } = mountClient(client);
    expect(readsNote(root)).toBe('0 reads: 0 in flight, 0 failed.');
    config.delayMs = 500;
    const latest = read(client, 'sc_1');
    await pass();
    expect(rows(root, 'reads')).toEqual([
      ['latest', 'spend_control/sc_1', 'in flight', '—', '—', '—', '—', '—'],
    ]);
    expect(readsNote(root)).toBe('1 reads: 1 in flight, 0 failed.');
    await pass(500);
    await latest;
    config.delayMs = 0;
    await read(client, 'sc_1', 1);
    await client.spendControls.history('sc_1');
    await read(client, 'sc_9');
    await pass();
    const failed = rows(root, 'reads')[3];
    expect(rows(root, 'reads').slice(0, 3)).toEqual([
      ['latest', 'spend_control/sc_1', 'ok', '14:03:07.715', '—', '—', '—', '—'],
      ['v1', 'spend_control/sc_1', 'ok', '14:03:07.715', '—', '—', '—', '—'],
      ['history', 'spend_control/sc_1', 'ok', '14:03:07.715', '—', '—', '—', '—'],
    ]);
    expect(failed?.slice(0, 4)).toEqual(['latest', 'spend_control/sc_9', 'failed', '—']);
    expect(failed?.[4]).toMatch(/^14:03:07\.715 ApiError: .*No spend control sc_9/);
    expect(readsNote(root)).toBe('4 reads: 0 in flight, 1 failed.');
    expect(root.textContent).not.toContain(TOKEN);
  });

  it('shows a list read with its params, pages loaded, rows, and whether a next page exists', async () => {
    const { client, config } = service();
    const { root } = mountClient(client);
    const list = observeList(client.spendControls, { account_id: 'acc_1' }, { pageSize: 2 });
    const stop = list.subscribe(() => {});
    await pass();
    const listRow = () => rows(root, 'reads').find((r) => r[0] === 'list');
    expect(listRow()).toEqual([
      'list',
      'spend_control?account_id=acc_1',
      'ok',
      '14:03:07.215',
      '—',
      '1',
      '2',
      'yes',
    ]);
    config.delayMs = 300;
    const next = list.fetchNextPage();
    await pass();
    expect(listRow()?.slice(2)).toEqual(['next page', '14:03:07.215', '—', '1', '2', 'yes']);
    await pass(300);
    await next;
    await pass();
    expect(listRow()?.slice(2)).toEqual(['ok', '14:03:07.515', '—', '2', '4', 'yes']);
    config.delayMs = 0;
    await list.fetchNextPage();
    await pass();
    expect(listRow()?.slice(2)).toEqual(['ok', '14:03:07.515', '—', '3', '5', 'no']);
    // A list is no entity: its name is text, not a button.
    expect(root.querySelector('table.reads button[data-read^="spend_control?"]')).toBeNull();
    stop();
  });

  it('filters reads by name and by kind, and says when none match', async () => {
    const { client, config } = service();
    config.missing.add('sc_4');
    const { root } = mountClient(client);
    for (const id of ['sc_1', 'sc_2', 'sc_4']) await read(client, id);
    await client.spendControls.history('sc_2');
    await pass();
    const shown = () => rows(root, 'reads').map((r) => `${r[0]} ${r[1]}`);
    const input = root.getElementById('read-filter') as HTMLInputElement;
    input.value = 'SC_2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await pass();
    expect(shown()).toEqual(['latest spend_control/sc_2', 'history spend_control/sc_2']);
    choose(root, 'read-show', 'history');
    await pass();
    expect(shown()).toEqual(['history spend_control/sc_2']);
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    choose(root, 'read-show', 'failing');
    await pass();
    expect(shown()).toEqual(['latest spend_control/sc_4']);
    choose(root, 'read-show', 'in flight');
    await pass();
    expect(shown()).toEqual([]);
    expect(readsNote(root)).toBe('4 reads: 0 in flight, 1 failed. No reads match.');
  });

  it('draws at most 200 reads, and says how many more there are', async () => {
    const ids = Array.from({ length: 260 }, (_, i) => `sc_${i + 1}`);
    const { client } = service(ids);
    const { root } = mountClient(client);
    await Promise.all(ids.map((id) => read(client, id)));
    await pass();
    expect(rows(root, 'reads')).toHaveLength(200);
    expect(rows(root, 'reads')[199]?.[1]).toBe('spend_control/sc_200');
    expect(readsNote(root)).toBe(
      '260 reads: 0 in flight, 0 failed. 60 more not shown: filter by read or kind.',
    );
  });

  it('opens the entity of a read from its button, and gives focus back to that button when it closes', async () => {
    const { client, config } = service();
    config.missing.add('sc_9');
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    await read(client, 'sc_9');
    await pass();
    const readButton = (label: string) =>
      root.querySelector(`table.reads button[data-read="${label}"]`) as HTMLButtonElement;
    readButton('spend_control/sc_9 latest').click();
    await pass();
    expect(root.getElementById('entity-h')?.textContent).toBe('spend_control/sc_9 not held');
    expect(root.activeElement).toBe(root.getElementById('entity-h'));
    button(root, /^Close$/).click();
    await pass();
    expect(root.activeElement).toBe(readButton('spend_control/sc_9 latest'));

    readButton('spend_control/sc_1 latest').click();
    await pass();
    expect(root.getElementById('entity-h')?.textContent).toBe('spend_control/sc_1 v2');
  });

  it("keeps focus on a read's button when its table is redrawn, and on the table's heading when its row goes", async () => {
    const { client } = service();
    const { root } = mountClient(client);
    await read(client, 'sc_1');
    await pass();
    const first = root.querySelector('table.reads button') as HTMLButtonElement;
    first.focus();
    // Another read: a row of its own; the focused one is left as it is.
    await read(client, 'sc_2');
    await pass();
    expect(rows(root, 'reads')).toHaveLength(2);
    expect(root.activeElement).toBe(first);
    // The read itself again, later: its row is drawn anew, and its new button takes the focus.
    await pass(1000);
    await read(client, 'sc_1');
    await pass();
    expect(rows(root, 'reads')[0]?.[3]).toBe('14:03:08.215');
    expect(first.isConnected).toBe(false);
    const focused = root.activeElement as HTMLElement;
    expect(focused.dataset.read).toBe('spend_control/sc_1 latest');
    expect(focused.isConnected).toBe(true);
    // Filtered away under it (a filter set by script, so the focus stays on the button).
    const input = root.getElementById('read-filter') as HTMLInputElement;
    input.value = 'sc_2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await pass();
    expect(root.activeElement).toBe(root.getElementById('reads-h'));
  });

  it('is reached from the Sections buttons, as every section is: its heading takes the focus', async () => {
    const { root } = mountClient(service().client);
    await pass();
    const nav = root.querySelector('nav[aria-label=Sections]') as HTMLElement;
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'To look at',
      'Store',
      'Reads',
      'Writes',
    ]);
    for (const [name, heading] of [
      ['Reads', 'reads-h'],
      ['Writes', 'timeline-h'],
      ['Store', 'keys-h'],
      ['To look at', 'problems-h'],
    ]) {
      button(root, new RegExp(`^${name}$`)).click();
      expect(root.activeElement).toBe(root.getElementById(heading as string));
    }
  });

  it('says that reads show for a client made by createClient when given a store alone', async () => {
    const { root } = mountClient({ store: createEntityStore() });
    await pass();
    expect(rows(root, 'reads')).toEqual([]);
    expect(readsNote(root)).toBe('Reads show for a client made by createClient.');
  });
});
