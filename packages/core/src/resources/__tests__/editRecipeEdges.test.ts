// `edit` where a recipe or its options are out of the ordinary: a recipe that returns a new object,
// one that deletes a field, a resource without versions under 'abort', and a bad baseVersion.
import { beforeAll, describe, expect, it } from 'vitest';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import { EditConflictError } from '../../errors/editConflictError';
import { loadEdit } from '../editResource';
import { notes } from './notes';
import { versionedService } from './versionedService';

beforeAll(() => loadEdit());

const patches = (requests: readonly { method: string; json?: unknown }[]) =>
  requests.filter((q) => q.method === 'PATCH').map((q) => q.json);

describe('edit: recipes', () => {
  it('sends the changes of a recipe that returns a new object rather than mutating the draft', async () => {
    const { client, requests } = scriptedClient(versionedService().script);
    const saved = await client.spendControls.edit('sc_1', (draft) => ({ ...draft, name: 'Trips' }));
    expect(patches(requests)).toEqual([{ name: 'Trips' }]);
    expect(saved).toMatchObject({ name: 'Trips', version: 2 });
  });

  it('refuses a recipe that deletes a field with a TypeError, sending nothing', async () => {
    const { client, requests } = scriptedClient(versionedService().script);
    const removing = (draft: { name?: unknown }) => {
      delete draft.name;
    };
    await expect(client.spendControls.edit('sc_1', removing)).rejects.toThrow(/removed name/);
    expect(patches(requests)).toEqual([]);
    const shown = await client.spendControls.get('sc_1');
    const { recipePatch } = await loadEdit();
    expect(() => recipePatch(client.spendControls.definition, shown, removing)).toThrow(TypeError);
  });
});

describe('edit: options', () => {
  it("with 'abort', finds another writer's change on a resource without versions", async () => {
    let text = 'v1';
    const { client, requests } = scriptedClient((q) => {
      if (q.method === 'GET') return reply(200, { note_id: 'n1', text });
      text = (JSON.parse(q.body ?? '{}') as { text: string }).text;
      return reply(200, { note_id: 'n1', text });
    });
    const api = client.resource(notes);
    await api.get('n1');
    text = 'theirs'; // another writer saves; no event reaches this client
    const mine = (draft: { text: string }) => {
      draft.text = 'mine';
    };
    await expect(api.edit('n1', mine, { onConflict: 'abort' })).rejects.toBeInstanceOf(EditConflictError);
    expect(patches(requests)).toEqual([]);
    expect(text).toBe('theirs');
  });

  it.each([0, -1, 1.5, Number.NaN])(
    'refuses baseVersion %s with a RangeError before any request',
    async (bad) => {
      const { client, requests } = scriptedClient(versionedService().script);
      const naming = (draft: { name: string | null }) => {
        draft.name = 'Trips';
      };
      await expect(client.spendControls.edit('sc_1', naming, { baseVersion: bad })).rejects.toBeInstanceOf(
        RangeError,
      );
      expect(requests).toEqual([]);
    },
  );
});
