// @vitest-environment happy-dom
// Found by review 37 (failed before its fix): opening an entity with a BigInt field (a schema's
// `z.string().transform(BigInt)`) threw JSON.stringify's TypeError from the panel's render microtask
// into the app, at every later write, and the panel stopped drawing.
import { createEntityStore, type EntityStore } from '@vstore/core';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { button, flush, mount, rows, unmounts } from './support';

let store: EntityStore;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeEach(() => {
  store = createEntityStore();
  localStorage.clear();
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
  for (const unmount of unmounts.splice(0)) unmount();
  vi.restoreAllMocks();
});

/** Opens `key` from the store table as a person does, by its button. */
async function open(root: ShadowRoot, key: string): Promise<void> {
  button(root, new RegExp(`^${key}$`)).click();
  await flush();
}

const keys = (root: ShadowRoot) => rows(root, 'keys').map((cells) => cells[0]);

it('shows a BigInt field as its digits, and keeps following the store', async () => {
  // Money in minor units, as a schema's transform outputs it: the store holds what the schema made.
  store.apply('invoice', 'inv_1', { invoice_id: 'inv_1', version: 1, total_minor: 12345678901234567890n });
  const { root } = mount(store);
  await open(root, 'invoice/inv_1');
  store.apply('invoice', 'inv_2', { invoice_id: 'inv_2', version: 1, nested: { minor: 5n } });
  await flush();
  expect(uncaught).toEqual([]);
  expect(keys(root)).toEqual(['invoice/inv_1', 'invoice/inv_2']);
  expect(rows(root, 'fields')).toContainEqual(['total_minor', '12345678901234567890']);
  await open(root, 'invoice/inv_2');
  expect(rows(root, 'fields')).toContainEqual(['nested', '{"minor":"5"}']);
});

it('tells a fault of its own drawing once on the console, never throwing it into the app', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // A class value no text can be made of: the entity view cannot draw it.
  class Opaque {
    toJSON(): never {
      throw new Error('no JSON');
    }
    toString(): never {
      throw new Error('no text');
    }
  }
  store.apply('odd', 'o_1', { version: 1, value: new Opaque() });
  const { root } = mount(store);
  await open(root, 'odd/o_1');
  store.apply('odd', 'o_2', { version: 1 });
  await flush();
  expect(uncaught).toEqual([]);
  expect(logged).toHaveBeenCalledTimes(1);
  expect(logged.mock.calls[0]?.[1]).toBeInstanceOf(Error);
  // Closed, the entity no longer draws, and the panel catches up with the store.
  button(root, /^Close$/).click();
  await flush();
  expect(keys(root)).toEqual(['odd/o_1', 'odd/o_2']);
  expect(uncaught).toEqual([]);
});
