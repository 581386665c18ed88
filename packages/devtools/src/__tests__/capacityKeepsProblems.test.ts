// @vitest-environment happy-dom
// Found by review 37 (failed before its fix): setting `capacity` built a fresh panel state, so besides
// the timeline it emptied the list to look at (problem writes, failing reads), the counts and the entity open.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  control,
  flush,
  mountClient,
  notFound,
  rows,
  scriptedClient,
  summary,
  unmounts,
  writes,
} from './support';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

it('starts only the timeline over at a new capacity: a stale write and a failing read stay to look at', async () => {
  const client = scriptedClient((url) =>
    url.pathname.endsWith('/sc_9') ? notFound('sc_9') : { status: 200, body: control('sc_1', 2) },
  );
  const { root, element } = mountClient(client);
  await client.spendControls.get('sc_1');
  client.store.apply('spend_control', 'sc_1', control('sc_1', 1), 'event'); // stale: to look at
  await client.spendControls.get('sc_9').catch(() => undefined); // fails, and keeps failing
  await flush();
  root.querySelector<HTMLButtonElement>('button[data-key="spend_control/sc_1"]')?.click();
  await flush();
  const shown = () => ({
    summary: summary(root),
    problems: writes(root, 'problems'),
    failures: rows(root, 'failures'),
    entity: root.getElementById('entity-h')?.textContent,
  });
  const before = shown();
  expect(before.problems).toHaveLength(1);
  expect(before.failures).toHaveLength(1);
  expect(before.summary).toContain('2 to look at');
  expect(before.entity).toBe('spend_control/sc_1 v2');
  expect(writes(root)).toHaveLength(2);

  element.capacity = 50;
  await flush();
  expect(shown()).toEqual(before);
  expect(writes(root)).toEqual([]);
  expect(element.capacity).toBe(50);
});
