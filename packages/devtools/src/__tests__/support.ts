import type { EntityStore } from '@vstore/core';
import { DEVTOOLS_TAG, mountDevtools, type VstoreDevtoolsElement } from '../index';

/** Panels mounted by a test, for its afterEach to unmount. */
export const unmounts: Array<() => void> = [];

export function mount(store: EntityStore, options: Parameters<typeof mountDevtools>[1] = {}) {
  const unmount = mountDevtools({ store }, { open: true, ...options });
  unmounts.push(unmount);
  const element = document.querySelector(DEVTOOLS_TAG) as VstoreDevtoolsElement;
  return { unmount, element, root: element.shadowRoot as ShadowRoot };
}

/** Renders are coalesced into one microtask. */
export const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** A table's body rows as cell texts (`th` and `td`), the table found by its class. */
export function rows(root: ShadowRoot, table: string): string[][] {
  return [...root.querySelectorAll(`table.${table} tbody tr`)].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

/** Timeline or problem rows without the time column. */
export const writes = (root: ShadowRoot, table: 'timeline' | 'problems' = 'timeline') =>
  rows(root, table).map((cells) => cells.slice(1));

export function button(root: ShadowRoot, name: RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

export function choose(root: ShadowRoot, id: string, value: string): void {
  const select = root.getElementById(id) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export const summary = (root: ShadowRoot) => root.getElementById('summary')?.textContent ?? '';
