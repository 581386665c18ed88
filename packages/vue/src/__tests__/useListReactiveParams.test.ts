// @vitest-environment happy-dom
// Found by review 36 (failed before its fix): a reactive params object changed in place (a filter
// form's model) while its list's refresh was in flight turned the rest of that read, and the check of
// its reply, to the new filters, and the list another reader shared went into error. Core now keeps a
// copy of the params a list is made with.
import type { SpendControl } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { effectScope, reactive, ref } from 'vue';
import { useList } from '../useList';
import { useSpendControls } from '../useSpendControls';
import {
  held,
  json,
  type ScriptedCall,
  scriptedFetch,
  settle,
  spendControl,
  withFakeTimers,
} from './scriptedFetch';

withFakeTimers();

const rows: SpendControl[] = [
  spendControl('sc_1', 1),
  spendControl('sc_2', 1, { status: 'paused' }),
  spendControl('sc_3', 1),
  spendControl('sc_4', 1, { status: 'paused' }),
  spendControl('sc_5', 1),
];
const list = (call: ScriptedCall): Response => {
  const query = new URLSearchParams(call.search);
  const limit = Number(query.get('limit') ?? 20);
  const from = Number(query.get('cursor') ?? 0);
  const matching = rows.filter((row) =>
    [...query].every(
      ([field, value]) =>
        field === 'limit' || field === 'cursor' || String((row as Record<string, unknown>)[field]) === value,
    ),
  );
  const data = matching.slice(from, from + limit);
  return json(200, from + limit < matching.length ? { data, next_cursor: String(from + limit) } : { data });
};
const ids = (r: readonly SpendControl[]) => r.map((row) => row.spend_control_id);
const query = (call: ScriptedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));

describe('useList over a reactive params object mutated in place', () => {
  it.each([
    [
      'reactive()',
      () => {
        const f = reactive({ account_id: 'acc_1', status: 'active' as 'active' | 'paused' });
        return {
          params: f,
          pause: () => {
            f.status = 'paused';
          },
        };
      },
    ],
    [
      'ref() (README: "params a value, ref or getter")',
      () => {
        const f = ref({ account_id: 'acc_1', status: 'active' as 'active' | 'paused' });
        return {
          params: f,
          pause: () => {
            f.value.status = 'paused';
          },
        };
      },
    ],
  ])(
    'leaves the list another reader shares intact when a %s filter changes during a refresh',
    async (_, make) => {
      let hold: ReturnType<typeof held> | undefined;
      const server = scriptedFetch((call) => (hold ? hold.promise.then(() => list(call)) : list(call)));
      const client = server.client();
      const scope = effectScope();
      // The filter form's model, as <script setup> holds it.
      const filters = make();
      const { shared, form } = scope.run(() => ({
        // Another component showing the active controls (plain params).
        shared: useList(client.spendControls, { account_id: 'acc_1', status: 'active' }),
        form: useSpendControls(filters.params, { client }),
      }))!;
      await settle();
      expect(ids(shared.data.value)).toEqual(['sc_1', 'sc_3', 'sc_5']);
      expect(server.calls).toHaveLength(1);

      // The form's "refresh"; the person changes the filter before its reply lands.
      hold = held();
      void form.refetch();
      await settle();
      filters.pause();
      const release = hold;
      hold = undefined;
      release.resolve(new Response(null));
      await settle();
      await settle();

      const seen = {
        requests: server.calls.map((c) => query(c).status),
        shared: {
          status: shared.status.value,
          error: shared.error.value?.name,
          rows: ids(shared.data.value),
        },
        form: ids(form.data.value),
      };
      scope.stop();
      expect(seen).toEqual({
        requests: ['active', 'active', 'paused'],
        shared: { status: 'success', error: undefined, rows: ['sc_1', 'sc_3', 'sc_5'] },
        form: ['sc_2', 'sc_4'],
      });
    },
  );
});
