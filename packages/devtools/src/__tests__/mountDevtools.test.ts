// @vitest-environment happy-dom
import { createEntityStore, type EntityStore } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVTOOLS_TAG, defineDevtoolsElement, mountDevtools, type VstoreDevtoolsElement } from '../index';

let store: EntityStore;
const unmounts: Array<() => void> = [];

function mount(options: Parameters<typeof mountDevtools>[1] = {}) {
  const unmount = mountDevtools({ store }, { open: true, ...options });
  unmounts.push(unmount);
  const element = document.querySelector(DEVTOOLS_TAG) as VstoreDevtoolsElement;
  return { unmount, element, root: element.shadowRoot as ShadowRoot };
}

/** Renders are coalesced into one microtask. */
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function timeline(root: ShadowRoot): string[][] {
  const tables = root.querySelectorAll('table');
  return [...(tables[1]?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
    [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? ''),
  );
}

function keyRows(root: ShadowRoot): string[][] {
  const tables = root.querySelectorAll('table');
  return [...(tables[0]?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

function button(root: ShadowRoot, name: RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

beforeEach(() => {
  store = createEntityStore();
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

describe('mountDevtools', () => {
  it('lists each store key with its version and origin, including keys held before mounting', async () => {
    store.apply('spend_control', 'sc_1', { version: 3 }, 'response');
    const { root } = mount();
    store.apply('spend_control', 'sc_2', { version: 1 }, 'event');
    store.remove('spend_control', 'sc_1', 'broadcast');
    await flush();
    expect(keyRows(root)).toEqual([
      ['spend_control/sc_1', 'removed', 'other tab'],
      ['spend_control/sc_2', 'v1', 'event'],
    ]);
  });

  it('shows applied and refused writes, newest first, with outcome, origin, held and offered version', async () => {
    const { root } = mount();
    store.apply('spend_control', 'sc_1', { version: 2 }, 'response');
    store.apply('spend_control', 'sc_1', { version: 1 }, 'event');
    store.apply('spend_control', 'sc_1', { version: 2 }, 'broadcast');
    store.applyHistorical('spend_control', 'sc_1', { version: 1 });
    store.apply('task', 't_1', { task_id: 't_1', status: 'queued' }, 'hydrate');
    store.remove('spend_control', 'sc_1');
    store.apply('spend_control', 'sc_1', { version: 9 }, 'optimistic');
    await flush();
    expect(timeline(root)).toEqual([
      ['spend_control/sc_1', 'refused: deleted', 'optimistic', '—', 'v9'],
      ['spend_control/sc_1', 'removed', 'response', 'v2', '—'],
      ['task/t_1', 'applied', 'hydrate', '—', '—'],
      ['spend_control/sc_1', 'applied', 'history (cache)', 'v2', 'v1'],
      ['spend_control/sc_1', 'refused: duplicate', 'other tab', 'v2', 'v2'],
      ['spend_control/sc_1', 'refused: stale', 'event', 'v2', 'v1'],
      ['spend_control/sc_1', 'applied', 'response', '—', 'v2'],
    ]);
    const summary = root.querySelector('.summary')?.textContent;
    expect(summary).toContain('3 refused (1 stale)');
  });

  it('stamps each row with the time the write was seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 0, 2, 14, 3, 7, 215));
      const { root } = mount();
      store.apply('a', '1', { version: 1 });
      await flush();
      expect(root.querySelector('tbody tr[data-outcome] td')?.textContent).toBe('14:03:07.215');
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by key and by outcome', async () => {
    const { root } = mount();
    store.apply('spend_control', 'sc_1', { version: 2 });
    store.apply('spend_control', 'sc_1', { version: 1 }, 'event');
    store.apply('spend_control', 'sc_22', { version: 1 });
    store.apply('spend_control', 'sc_22', { version: 1 });
    await flush();

    const select = root.querySelector('select') as HTMLSelectElement;
    select.value = 'refused';
    select.dispatchEvent(new Event('change'));
    await flush();
    expect(timeline(root).map((r) => r[1])).toEqual(['refused: duplicate', 'refused: stale']);

    const input = root.querySelector('input[type=search]') as HTMLInputElement;
    input.value = 'SC_2';
    input.dispatchEvent(new Event('input'));
    await flush();
    expect(timeline(root)).toEqual([['spend_control/sc_22', 'refused: duplicate', 'response', 'v1', 'v1']]);

    select.value = 'stale';
    select.dispatchEvent(new Event('change'));
    await flush();
    expect(timeline(root)).toEqual([]);
    expect(root.textContent).toContain('No writes match.');
  });

  it('keeps only the last `capacity` writes', async () => {
    const { root } = mount({ capacity: 5 });
    for (let v = 1; v <= 12; v++) store.apply('a', '1', { version: v });
    await flush();
    expect(timeline(root).map((r) => r[4])).toEqual(['v12', 'v11', 'v10', 'v9', 'v8']);
    expect(root.textContent).toContain('Keeps the last 5 writes; 7 older dropped.');
    expect(root.querySelector('.summary')?.textContent).toContain('12 applied');
  });

  it('pause stops the timeline but not the key table; clear empties the timeline', async () => {
    const { root } = mount();
    store.apply('a', '1', { version: 1 });
    await flush();
    const pause = button(root, /^Pause timeline$/);
    pause.click();
    await flush();
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(pause.textContent).toBe('Resume timeline');
    store.apply('a', '1', { version: 2 });
    await flush();
    expect(timeline(root).map((r) => r[4])).toEqual(['v1']);
    expect(keyRows(root)).toEqual([['a/1', 'v2', 'response']]);

    pause.click();
    store.apply('a', '1', { version: 3 });
    await flush();
    expect(timeline(root).map((r) => r[4])).toEqual(['v3', 'v1']);

    button(root, /^Clear timeline$/).click();
    await flush();
    expect(timeline(root)).toEqual([]);
    expect(keyRows(root)).toEqual([['a/1', 'v3', 'response']]);
  });

  it('collapses and expands from its toggle button, which reports its state', async () => {
    const { root, element } = mount({ open: false });
    await flush();
    const toggle = button(root, /vstore devtools/);
    const body = root.querySelector('.body') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
    toggle.click();
    await flush();
    expect(element.open).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
  });

  it('names every button and form control', async () => {
    const { root } = mount();
    await flush();
    for (const b of root.querySelectorAll('button')) expect(b.textContent?.trim()).not.toBe('');
    for (const control of root.querySelectorAll('input, select')) {
      expect(control.closest('label')?.textContent?.trim()).not.toBe('');
    }
  });

  it('never parses store data as HTML', async () => {
    const { root } = mount();
    store.apply('x', '<img src=x onerror=alert(1)>', { version: 1 });
    await flush();
    expect(root.querySelector('img')).toBeNull();
    expect(keyRows(root)[0]?.[0]).toBe('x/<img src=x onerror=alert(1)>');
  });

  it('puts nothing in the light DOM and keeps host styles out', async () => {
    const style = document.createElement('style');
    style.textContent = 'button { display: none } td { color: red }';
    document.head.append(style);
    try {
      const { element, root } = mount();
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
    const { unmount, element } = mount();
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
    expect(element.shadowRoot?.querySelector('.summary')?.textContent).toContain('0 applied');
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
    expect(timeline(root).map((r) => r[4])).toEqual(['v3', 'v2']);
    element.capacity = 10;
    store.apply('a', '1', { version: 4 });
    await flush();
    expect(timeline(root).map((r) => r[4])).toEqual(['v4']);
    expect(keyRows(root)).toEqual([['a/1', 'v4', 'response']]);
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
    expect(keyRows(root)).toEqual([['b/2', 'v4', 'response']]);
    expect(timeline(root)).toEqual([['b/2', 'applied', 'response', '—', 'v4']]);
    element.remove();
  });
});
