import { createOptimisticLayer, type OptimisticHandle } from '../optimistic/optimisticLayer';
import type { Overlay } from '../reads/entityView';
import { reportUnhandled } from '../store/reportUnhandled';
import type { EntityStore } from '../store/types';
import type { OutboxEntry } from './outboxEntry';

/** The outbox's pending updates as an overlay of the store: what every reader shows. */
export interface OutboxOverlay extends Overlay {
  /** Shows every update entry that has not failed, and stops showing those that are gone. */
  sync(entries: readonly OutboxEntry[]): void;
  /** An entry's write landed: it stays shown until the store holds that version, so nothing flickers. */
  landed(entryId: string, entity: object): void;
}

/**
 * Pending updates over the store through the optimistic layer: each update entry is a change laid
 * over its entity, rebased over every newer version the store accepts, and gone from the view when
 * its write lands (the store then holds it) or fails. `store.get` stays the confirmed state.
 */
export function createOutboxOverlay(store: EntityStore): OutboxOverlay {
  const layer = createOptimisticLayer(store);
  const shown = new Map<string, { readonly entry: OutboxEntry; readonly handle: OptimisticHandle }>();
  const listeners = new Set<(type: string, id: string) => void>();
  // Every listener is told of every change, whatever one of them throws: what it throws is reported,
  // never thrown into the outbox step that changed the view (a write settling, a close), which must
  // finish.
  const changed = (entry: OutboxEntry) => {
    for (const listener of listeners)
      try {
        listener(entry.type, entry.entityId as string);
      } catch (error) {
        reportUnhandled(error);
      }
  };

  return {
    view: (type, id) => (layer.isPending(type, id) ? layer.get(type, id) : undefined),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync(entries) {
      const live = new Set<string>();
      for (const entry of entries) {
        if (entry.kind !== 'update' || entry.status === 'failed') continue;
        live.add(entry.id);
        if (shown.has(entry.id)) continue;
        const handle = layer.apply(entry.type, entry.entityId as string, entry.patch ?? {}, {
          ...(entry.baseVersion === undefined ? {} : { baseVersion: entry.baseVersion }),
        });
        shown.set(entry.id, { entry, handle });
        changed(entry);
      }
      for (const [id, { entry, handle }] of shown) {
        if (live.has(id)) continue;
        shown.delete(id);
        // Landed ones were confirmed already; this takes failed, discarded and dropped ones out.
        if (handle.status === 'pending') {
          handle.fail();
          changed(entry);
        }
      }
    },
    landed(entryId, entity) {
      const found = shown.get(entryId);
      if (!found) return;
      shown.delete(entryId);
      found.handle.confirm(entity);
      changed(found.entry);
    },
  };
}
