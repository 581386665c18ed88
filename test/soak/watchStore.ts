import { type Entity, type EntityStore, taskStatusRank } from '@vstore/core';
import type { Violation } from './recordingFetch';

export interface StoreWatch {
  /** Every state a subscriber of a versioned key was shown, by `type:id`, then version. */
  readonly seen: ReadonlyMap<string, ReadonlyMap<number, Entity>>;
  readonly checks: () => number;
  readonly stop: () => void;
}

/**
 * Subscribes to every key the store ever accepts (found through `store.changes`) and checks, at each
 * notification, what a UI would see: versions strictly increasing, task statuses never moving back
 * or leaving a terminal state, and nothing coming back after a removal.
 */
export function watchStore(client: number, store: EntityStore, violate: (v: Violation) => void): StoreWatch {
  const seen = new Map<string, Map<number, Entity>>();
  const unsubscribers: (() => void)[] = [];
  const watched = new Set<string>();
  let checks = 0;

  const attach = (type: string, id: string) => {
    const key = `${type}:${id}`;
    watched.add(key);
    const versions = new Map<number, Entity>();
    if (type !== 'task') seen.set(key, versions);
    let last: Entity | undefined;
    let removed = false;
    const fail = (detail: string) =>
      violate({
        invariant: 'subscribers see only newer states',
        detail: `client ${client} ${key}: ${detail}`,
      });
    unsubscribers.push(
      store.subscribe(type, id, () => {
        checks++;
        const entity = store.get(type, id);
        if (removed) return fail('notified again after removal');
        if (entity === undefined) {
          removed = true;
          return;
        }
        if (type === 'task') {
          const before = last === undefined ? -1 : taskStatusRank(last.status);
          if (taskStatusRank(entity.status) <= before)
            fail(`status ${String(last?.status)} → ${String(entity.status)}`);
        } else {
          const version = entity.version as number;
          const before = (last?.version as number | undefined) ?? 0;
          if (version <= before) fail(`version ${before} → ${version}`);
          versions.set(version, entity);
        }
        last = entity;
      }),
    );
  };

  const changes = store.changes.subscribe((change) => {
    if (!change.historical && !watched.has(`${change.type}:${change.id}`)) attach(change.type, change.id);
  });
  return {
    seen,
    checks: () => checks,
    stop: () => {
      changes.unsubscribe();
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
    },
  };
}
