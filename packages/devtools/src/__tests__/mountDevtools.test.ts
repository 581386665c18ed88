// @vitest-environment happy-dom
import { createEntityStore, type EntityStore } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVTOOLS_TAG, defineDevtoolsElement, mountDevtools } from '../index';
import { button, choose, flush, mount, rows, summary, unmounts, writes } from './support';

let store: EntityStore;

beforeEach(() => {
  store = createEntityStore();
  localStorage.clear();
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

describe('mountDevtools', () => {
  it('lists each store key with its version and origin, including keys held before mounting', async () => {
    store.apply('spend_control', 'sc_1', { version: 3 }, 'response');
    const { root } = mount(store);
    store.apply('spend_control', 'sc_2', { version: 1 }, 'event');
    store.remove('spend_control', 'sc_1', 'broadcast');
    await flush();
    expect(rows(root, 'keys')).toEqual([
      ['spend_control/sc_1', 'removed', 'other tab'],
      ['spend_control/sc_2', 'v1', 'event'],
    ]);
  });

  it('shows applied and refused writes, newest first, with outcome, origin, held and offered version', async () => {
    const { root } = mount(store);
    store.apply('spend_control', 'sc_1', { version: 2 }, 'response');
    store.apply('spend_control', 'sc_1', { version: 1 }, 'event');
    store.apply('spend_control', 'sc_1', { version: 2 }, 'broadcast');
    store.applyHistorical('spend_control', 'sc_1', { version: 1 });
    store.apply('task', 't_1', { task_id: 't_1', status: 'queued' }, 'hydrate');
    store.remove('spend_control', 'sc_1');
    store.apply('spend_control', 'sc_1', { version: 9 }, 'optimistic');
    await flush();
    expect(writes(root)).toEqual([
      ['spend_control/sc_1', 'refused: deleted', 'optimistic', '—', 'v9'],
      ['spend_control/sc_1', 'removed', 'response', 'v2', '—'],
      ['task/t_1', 'applied', 'hydrate', '—', '—'],
      ['spend_control/sc_1', 'applied', 'history (cache)', 'v2', 'v1'],
      ['spend_control/sc_1', 'refused: duplicate', 'other tab', 'v2', 'v2'],
      ['spend_control/sc_1', 'refused: stale', 'event', 'v2', 'v1'],
      ['spend_control/sc_1', 'applied', 'response', '—', 'v2'],
    ]);
  });

  it('counts stale writes, removals and writes to removed keys as problems, apart from routine duplicates', async () => {
    const { root } = mount(store);
    store.apply('spend_control', 'sc_1', { version: 2 });
    // A history read: the versions it brings that are held already, and the newest again.
    for (let round = 0; round < 3; round++) {
      store.applyHistorical('spend_control', 'sc_1', { version: 1 });
      store.apply('spend_control', 'sc_1', { version: 2 }, 'history');
    }
    await flush();
    expect(summary(root)).toBe(
      '1 keys · 2 applied · 0 to look at (0 stale, 0 deleted, 0 removed, 0 failed) · 5 routine',
    );
    expect(rows(root, 'problems')).toEqual([]);
    expect(root.getElementById('problems-note')?.textContent).toBe('Nothing to look at.');

    store.apply('spend_control', 'sc_1', { version: 1 }, 'event');
    store.remove('spend_control', 'sc_1', 'event');
    store.apply('spend_control', 'sc_1', { version: 3 }, 'response');
    await flush();
    expect(summary(root)).toBe(
      '1 keys · 2 applied · 3 to look at (1 stale, 1 deleted, 1 removed, 0 failed) · 5 routine',
    );
    expect(writes(root, 'problems')).toEqual([
      ['spend_control/sc_1', 'refused: deleted', 'response', '—', 'v3'],
      ['spend_control/sc_1', 'removed', 'event', 'v2', '—'],
      ['spend_control/sc_1', 'refused: stale', 'event', 'v2', 'v1'],
    ]);
    // The collapsed rail says so too.
    expect(button(root, /vstore devtools/).textContent).toBe('vstore devtools · 3 to look at');
  });

  it('counts a version too old for the history cache as routine, not as a stale write', async () => {
    const small = createEntityStore({ historySize: 1 });
    const { root } = mount(small);
    small.apply('a', '1', { version: 5 });
    small.applyHistorical('a', '1', { version: 4 });
    expect(small.applyHistorical('a', '1', { version: 3 })).toBe('stale');
    await flush();
    expect(summary(root)).toContain('0 to look at (0 stale, 0 deleted, 0 removed, 0 failed) · 1 routine');
    choose(root, 'outcome', 'routine');
    await flush();
    expect(writes(root)).toEqual([['a/1', 'refused: stale', 'history (cache)', 'v5', 'v3']]);
  });

  it('keeps problems when routine writes push them out of the timeline', async () => {
    const { root } = mount(store, { capacity: 5 });
    store.apply('a', '1', { version: 2 });
    store.apply('a', '1', { version: 1 }, 'event');
    for (let i = 0; i < 10; i++) store.apply('a', '1', { version: 2 });
    await flush();
    expect(writes(root).map((r) => r[1])).toEqual(Array(5).fill('refused: duplicate'));
    expect(writes(root, 'problems')).toEqual([['a/1', 'refused: stale', 'event', 'v2', 'v1']]);
  });

  it('stamps each row with the time the write was seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 0, 2, 14, 3, 7, 215));
      const { root } = mount(store);
      store.apply('a', '1', { version: 1 });
      await flush();
      expect(rows(root, 'timeline')[0]?.[0]).toBe('14:03:07.215');
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters the timeline by key and by outcome or weight', async () => {
    const { root } = mount(store);
    store.apply('spend_control', 'sc_1', { version: 2 });
    store.apply('spend_control', 'sc_1', { version: 1 }, 'event');
    store.apply('spend_control', 'sc_22', { version: 1 });
    store.apply('spend_control', 'sc_22', { version: 1 });
    await flush();

    choose(root, 'outcome', 'problem');
    await flush();
    expect(writes(root).map((r) => r[1])).toEqual(['refused: stale']);
    choose(root, 'outcome', 'routine');
    await flush();
    expect(writes(root).map((r) => r[1])).toEqual(['refused: duplicate']);

    choose(root, 'outcome', 'all');
    const input = root.getElementById('filter') as HTMLInputElement;
    input.value = 'SC_2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(writes(root)).toEqual([
      ['spend_control/sc_22', 'refused: duplicate', 'response', 'v1', 'v1'],
      ['spend_control/sc_22', 'applied', 'response', '—', 'v1'],
    ]);

    choose(root, 'outcome', 'stale');
    await flush();
    expect(writes(root)).toEqual([]);
    expect(root.getElementById('timeline-note')?.textContent).toBe('No writes match. ');
  });

  it('draws only what changed: a new write adds its row, and the rows already drawn keep their elements', async () => {
    const { root } = mount(store, { capacity: 3 });
    store.apply('a', '1', { version: 1 });
    store.apply('a', '2', { version: 1 });
    await flush();
    const before = [...root.querySelectorAll('table.timeline tbody tr')];
    const keyRows = [...root.querySelectorAll('table.keys tbody tr')];
    store.apply('a', '1', { version: 2 });
    await flush();
    const after = [...root.querySelectorAll('table.timeline tbody tr')];
    expect(after).toHaveLength(3);
    expect(after.slice(1)).toEqual(before);
    expect(after[1]).toBe(before[0]);
    // The key whose version changed has a new row; the other keeps its own.
    const keyRowsAfter = [...root.querySelectorAll('table.keys tbody tr')];
    expect(keyRowsAfter[0]).not.toBe(keyRows[0]);
    expect(keyRowsAfter[1]).toBe(keyRows[1]);
    expect(rows(root, 'keys')).toEqual([
      ['a/1', 'v2', 'response'],
      ['a/2', 'v1', 'response'],
    ]);
    // Full, the oldest row leaves and the others stay.
    store.apply('a', '2', { version: 2 });
    await flush();
    const full = [...root.querySelectorAll('table.timeline tbody tr')];
    expect(full.slice(1)).toEqual(after.slice(0, 2));
    expect(writes(root).map((r) => `${r[0]} ${r[4]}`)).toEqual(['a/2 v2', 'a/1 v2', 'a/2 v1']);
  });

  it('keeps only the last `capacity` writes, and says how many it dropped', async () => {
    const { root } = mount(store, { capacity: 5 });
    for (let v = 1; v <= 12; v++) store.apply('a', '1', { version: v });
    await flush();
    expect(writes(root).map((r) => r[4])).toEqual(['v12', 'v11', 'v10', 'v9', 'v8']);
    expect(root.textContent).toContain('Keeps the last 5 writes; 7 older dropped.');
    expect(summary(root)).toContain('12 applied');
  });

  it('pause stops the timeline but not the key table or the counts; clear empties timeline, problems and counts', async () => {
    const { root } = mount(store);
    store.apply('a', '1', { version: 1 });
    await flush();
    const pause = button(root, /^Pause timeline$/);
    pause.click();
    await flush();
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(pause.textContent).toBe('Resume timeline');
    store.apply('a', '1', { version: 2 });
    store.apply('a', '1', { version: 1 }, 'event');
    await flush();
    expect(writes(root).map((r) => r[4])).toEqual(['v1']);
    expect(rows(root, 'keys')).toEqual([['a/1', 'v2', 'response']]);
    expect(summary(root)).toContain('2 applied · 1 to look at');
    expect(summary(root)).toContain('· paused');

    pause.click();
    store.apply('a', '1', { version: 3 });
    await flush();
    expect(writes(root).map((r) => r[4])).toEqual(['v3', 'v1']);

    button(root, /^Clear timeline$/).click();
    await flush();
    expect(writes(root)).toEqual([]);
    expect(rows(root, 'problems')).toEqual([]);
    expect(summary(root)).toContain('0 applied · 0 to look at');
    expect(rows(root, 'keys')).toEqual([['a/1', 'v3', 'response']]);
  });

  it('collapses and expands from its toggle button, which reports its state', async () => {
    const { root, element } = mount(store, { open: false });
    await flush();
    const toggle = button(root, /vstore devtools/);
    const body = root.getElementById('body') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
    toggle.click();
    await flush();
    expect(element.open).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
  });

  it('names every button, form control and resize handle', async () => {
    const { root } = mount(store);
    store.apply('a', '1', { version: 1 });
    await flush();
    for (const b of root.querySelectorAll('button')) expect(b.textContent?.trim()).not.toBe('');
    for (const control of root.querySelectorAll('input, select')) {
      expect(control.closest('label')?.textContent?.trim()).not.toBe('');
    }
    const grip = root.querySelector('[role=separator]');
    expect(grip?.getAttribute('aria-label')).toBe('Resize vstore devtools');
    expect(grip?.getAttribute('tabindex')).toBe('0');
  });

  it('never parses store data as HTML', async () => {
    const { root } = mount(store);
    const id = '<img src=x onerror=alert(1)>"&';
    store.apply('x', id, { version: 2, [id]: id }, id);
    store.apply('x', id, { version: 1 }, id);
    await flush();
    button(root, /^x\/</).click();
    await flush();
    expect(root.querySelector('img')).toBeNull();
    expect(rows(root, 'keys')[0]).toEqual([`x/${id}`, 'v2', id]);
    expect(writes(root)[0]?.slice(0, 3)).toEqual([`x/${id}`, 'refused: stale', id]);
    expect(rows(root, 'fields')).toContainEqual([id, id]);
  });

  it('puts nothing in the light DOM and keeps host styles out', async () => {
    const style = document.createElement('style');
    style.textContent = 'button { display: none } td { color: red }';
    document.head.append(style);
    try {
      const { element, root } = mount(store);
      await flush();
      expect(element.childNodes.length).toBe(0);
      expect(document.querySelectorAll('button, table').length).toBe(0);
      expect(root.querySelector('style')?.textContent).toContain(':host');
    } finally {
      style.remove();
    }
  });

  it('unmount removes the element and unsubscribes from store.changes', async () => {
    const subscribe = vi.spyOn(store.changes, 'subscribe');
    const { unmount, element, root } = mount(store);
    expect(subscribe).toHaveBeenCalledTimes(1);
    const subscription = subscribe.mock.results[0]?.value as { closed: boolean };
    expect(subscription.closed).toBe(false);
    unmount();
    expect(document.querySelector(DEVTOOLS_TAG)).toBeNull();
    expect(element.isConnected).toBe(false);
    expect(subscription.closed).toBe(true);
    expect(document.body.childNodes.length).toBe(0);
    // A write after unmount reaches nothing.
    store.apply('a', '1', { version: 1 });
    await flush();
    expect(summary(root)).toContain('0 applied');
  });

  it('mounts into a given target', () => {
    const target = document.createElement('div');
    document.body.append(target);
    const unmount = mountDevtools({ store }, { target });
    expect(target.querySelector(DEVTOOLS_TAG)).not.toBeNull();
    unmount();
    expect(target.childNodes.length).toBe(0);
    target.remove();
  });
});

describe('<vstore-devtools>', () => {
  it('is defined once however often it is asked for', () => {
    const first = customElements.get(DEVTOOLS_TAG);
    expect(first).toBeDefined();
    expect(defineDevtoolsElement()).toBe(true);
    expect(customElements.get(DEVTOOLS_TAG)).toBe(first);
  });

  it('takes open and capacity from its attributes; a new capacity starts the timeline over', async () => {
    const element = document.createElement(DEVTOOLS_TAG);
    element.setAttribute('open', '');
    element.setAttribute('capacity', '2');
    element.client = { store };
    document.body.append(element);
    const root = element.shadowRoot as ShadowRoot;
    for (let v = 1; v <= 3; v++) store.apply('a', '1', { version: v });
    await flush();
    expect(element.open).toBe(true);
    expect(element.capacity).toBe(2);
    expect(writes(root).map((r) => r[4])).toEqual(['v3', 'v2']);
    element.capacity = 10;
    store.apply('a', '1', { version: 4 });
    await flush();
    expect(writes(root).map((r) => r[4])).toEqual(['v4']);
    expect(rows(root, 'keys')).toEqual([['a/1', 'v4', 'response']]);
    element.remove();
  });

  it('follows the client the host sets, dropping the old subscription', async () => {
    const element = document.createElement(DEVTOOLS_TAG);
    element.open = true;
    document.body.append(element);
    const other = createEntityStore();
    element.client = { store };
    store.apply('a', '1', { version: 1 });
    element.client = { store: other };
    other.apply('b', '2', { version: 4 });
    store.apply('a', '1', { version: 2 });
    await flush();
    const root = element.shadowRoot as ShadowRoot;
    expect(rows(root, 'keys')).toEqual([['b/2', 'v4', 'response']]);
    expect(writes(root)).toEqual([['b/2', 'applied', 'response', '—', 'v4']]);
    element.remove();
  });
});
