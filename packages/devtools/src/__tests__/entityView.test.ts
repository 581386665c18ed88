// @vitest-environment happy-dom
import { createEntityStore, type EntityStore } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { button, choose, flush, mount, rows, unmounts } from './support';

let store: EntityStore;

const control = (version: number, amount: number, name = 'Travel') => ({
  spend_control_id: 'sc_1',
  version,
  name,
  limit: { amount, currency: 'USD' },
});

beforeEach(() => {
  store = createEntityStore();
  localStorage.clear();
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

/** Opens `key` from the store table as a person does, by its button. */
async function open(root: ShadowRoot, key: string): Promise<void> {
  button(root, new RegExp(`^${key}$`)).click();
  await flush();
}

const heading = (root: ShadowRoot) => root.getElementById('entity-h');

describe('the entity view', () => {
  it('shows the fields of the latest state when a key is opened, and moves focus to its heading', async () => {
    store.apply('spend_control', 'sc_1', control(3, 5000));
    const { root } = mount(store);
    await flush();
    expect(root.getElementById('entity')?.hidden).toBe(true);
    await open(root, 'spend_control/sc_1');
    expect(root.getElementById('entity')?.hidden).toBe(false);
    expect(heading(root)?.textContent).toBe('spend_control/sc_1 v3');
    expect(root.activeElement).toBe(heading(root));
    expect(rows(root, 'fields')).toEqual([
      ['spend_control_id', 'sc_1'],
      ['version', '3'],
      ['name', 'Travel'],
      ['limit', '{"amount":5000,"currency":"USD"}'],
    ]);
    // One version held: nothing to compare, and it says how to get more.
    expect(root.getElementById('pickers')?.hidden).toBe(true);
    expect(root.getElementById('entity-note')?.textContent).toBe(
      'Only v3 is held: reading the history, or an older version, adds versions to compare.',
    );
  });

  it('follows the entity as newer versions are applied', async () => {
    store.apply('spend_control', 'sc_1', control(1, 5000));
    const { root } = mount(store);
    await open(root, 'spend_control/sc_1');
    store.apply('spend_control', 'sc_1', control(2, 6000), 'event');
    await flush();
    expect(heading(root)?.textContent).toBe('spend_control/sc_1 v2');
    expect(rows(root, 'fields')).toContainEqual(['limit', '{"amount":6000,"currency":"USD"}']);
  });

  it('compares the two newest versions in the history cache, marking changed fields in words', async () => {
    store.apply('spend_control', 'sc_1', control(3, 7000, 'Travel (ops)'));
    store.applyHistorical('spend_control', 'sc_1', control(1, 5000));
    store.applyHistorical('spend_control', 'sc_1', control(2, 5000, 'Travel (ops)'));
    const { root } = mount(store);
    await open(root, 'spend_control/sc_1');
    expect(root.getElementById('pickers')?.hidden).toBe(false);
    const from = root.getElementById('from') as HTMLSelectElement;
    const to = root.getElementById('to') as HTMLSelectElement;
    expect([...from.options].map((o) => o.textContent)).toEqual(['v3', 'v2', 'v1']);
    expect([from.value, to.value]).toEqual(['2', '3']);
    expect([...root.querySelectorAll('table.fields thead th')].map((th) => th.textContent)).toEqual([
      'Field',
      'v2',
      'v3',
    ]);
    expect(rows(root, 'fields')).toEqual([
      ['spend_control_id', 'sc_1', 'sc_1'],
      ['version changed', '2', '3'],
      ['name', 'Travel (ops)', 'Travel (ops)'],
      ['limit changed', '{"amount":5000,"currency":"USD"}', '{"amount":7000,"currency":"USD"}'],
    ]);
    expect(
      [...root.querySelectorAll('table.fields tr[data-changed=true] th')].map((th) => th.textContent),
    ).toEqual(['version changed', 'limit changed']);

    choose(root, 'from', '1');
    await flush();
    expect(rows(root, 'fields').filter((r) => r[0]?.endsWith('changed'))).toEqual([
      ['version changed', '1', '3'],
      ['name changed', 'Travel', 'Travel (ops)'],
      ['limit changed', '{"amount":5000,"currency":"USD"}', '{"amount":7000,"currency":"USD"}'],
    ]);
    choose(root, 'to', '2');
    await flush();
    expect([...root.querySelectorAll('table.fields thead th')].map((th) => th.textContent)).toEqual([
      'Field',
      'v1',
      'v2',
    ]);
    // A write elsewhere redraws the view but keeps what the person picked.
    store.apply('spend_control', 'sc_2', control(1, 1));
    await flush();
    expect([from.value, to.value]).toEqual(['1', '2']);
  });

  it('keeps a version picked from the keyboard, whose `input` event comes before `change`', async () => {
    store.apply('a', '1', { version: 3 });
    store.applyHistorical('a', '1', { version: 1 });
    store.applyHistorical('a', '1', { version: 2 });
    const { root } = mount(store);
    await open(root, 'a/1');
    const from = root.getElementById('from') as HTMLSelectElement;
    from.value = '1';
    // As a browser dispatches them: microtasks (a redraw) run between the two events.
    from.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    from.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
    expect(from.value).toBe('1');
    expect(rows(root, 'fields')[0]).toEqual(['version changed', '1', '3']);
  });

  it('lists a field that only one version has against an em dash', async () => {
    store.apply('a', '1', { version: 2, added: true });
    store.applyHistorical('a', '1', { version: 1, dropped: 'x' });
    const { root } = mount(store);
    await open(root, 'a/1');
    expect(rows(root, 'fields')).toEqual([
      ['version changed', '1', '2'],
      ['dropped changed', 'x', '—'],
      ['added changed', '—', 'true'],
    ]);
  });

  it('says a removed key holds no fields', async () => {
    store.apply('account', 'acc_2', { account_id: 'acc_2', version: 1 });
    const { root } = mount(store);
    await open(root, 'account/acc_2');
    store.remove('account', 'acc_2');
    await flush();
    expect(heading(root)?.textContent).toBe('account/acc_2 removed');
    expect(root.querySelector('table.fields')).toBeNull();
    expect(root.getElementById('entity-note')?.textContent).toBe('The store holds no fields for this key.');
  });

  it('shows an unversioned entity (a task) with its fields and nothing to compare', async () => {
    store.apply('task', 't_1', { task_id: 't_1', status: 'running' });
    const { root } = mount(store);
    await open(root, 'task/t_1');
    expect(heading(root)?.textContent).toBe('task/t_1 —');
    expect([...root.querySelectorAll('table.fields thead th')].map((th) => th.textContent)).toEqual([
      'Field',
      'Value',
    ]);
    expect(rows(root, 'fields')).toEqual([
      ['task_id', 't_1'],
      ['status', 'running'],
    ]);
    expect(root.getElementById('pickers')?.hidden).toBe(true);
  });

  it('closes with its button and gives focus back to the key it was opened from', async () => {
    store.apply('a', '1', { version: 1 });
    store.apply('a', '2', { version: 1 });
    const { root } = mount(store);
    await open(root, 'a/2');
    button(root, /^Close$/).click();
    await flush();
    expect(root.getElementById('entity')?.hidden).toBe(true);
    expect((root.activeElement as HTMLElement | null)?.dataset.key).toBe('a/2');
  });

  it('keeps focus on a key button while writes redraw the store table', async () => {
    store.apply('a', '1', { version: 1 });
    const { root } = mount(store);
    await flush();
    const first = button(root, /^a\/1$/);
    first.focus();
    store.apply('a', '1', { version: 2 });
    store.apply('b', '1', { version: 1 });
    await flush();
    expect(first.isConnected).toBe(false);
    expect(root.activeElement).toBe(button(root, /^a\/1$/));
  });
});
