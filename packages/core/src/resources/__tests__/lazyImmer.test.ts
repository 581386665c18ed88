import { describe, expect, it, vi } from 'vitest';
import { reply, spendControl } from '../../client/__tests__/scripted';

// immer is needed only where a recipe runs: a client that reads and updates never loads it.

describe('immer, loaded when a recipe first runs', () => {
  it('is not loaded by creating a client, reading or updating; the first edit loads it', async () => {
    vi.resetModules();
    let loaded = 0;
    let bodyLoaded = 0;
    vi.doMock('../immerRecipe', async () => {
      loaded++;
      return vi.importActual<typeof import('../immerRecipe')>('../immerRecipe');
    });
    // The body of `edit` (three-way merge, conflict retries) comes with immer, not before.
    vi.doMock('../editRun', async () => {
      bodyLoaded++;
      return vi.importActual<typeof import('../editRun')>('../editRun');
    });
    try {
      const { scriptedClient } = await import('../../client/__tests__/scripted');
      let version = 1;
      const { client } = scriptedClient((q) =>
        q.method === 'GET'
          ? reply(200, spendControl(version))
          : reply(200, spendControl(++version, { name: 'Trips' })),
      );
      await client.spendControls.get('sc_1');
      await client.spendControls.update('sc_1', { name: 'Trips' });
      expect(loaded).toBe(0);
      expect(bodyLoaded).toBe(0);
      const edited = await client.spendControls.edit('sc_1', (draft) => {
        draft.status = 'paused';
      });
      expect(edited.version).toBe(3);
      expect(loaded).toBe(1);
      expect(bodyLoaded).toBe(1);
    } finally {
      vi.doUnmock('../immerRecipe');
      vi.doUnmock('../editRun');
      vi.resetModules();
    }
  });
});
