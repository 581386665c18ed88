import type { ClientContext } from '../client/clientContext';
import type { Client } from '../client/createClient';
import type { ReadState } from '../observers/requestCache';
import { readKey } from '../observers/requestCache';
import { contextOf } from '../observers/resourceLink';
import { entityKey } from '../store/entityKey';
import { freezeEntity } from '../store/freeze';
import type { Entity, Versioned } from '../store/types';
import { InvalidSnapshotError } from './clientSnapshot';
import { fromErrorRecord } from './errorRecord';
import { type CheckedRead, readClientSnapshot } from './readClientSnapshot';

/**
 * Puts a `dehydrate(client)` snapshot into a client: entities through the store's version gate (a
 * newer copy already held stays), then each read's result, failure and times, so observers show on
 * the first render what the server rendered. A latest read counts as confirmed at its server time
 * (never later than now), but only when the store holds the very version the server confirmed, so
 * `maxAgeMs` can skip the mount's read. The snapshot is untrusted: it is checked whole first, and a
 * bad one throws `InvalidSnapshotError` having changed nothing. Call it before the first render.
 * `client` is what `createClient` returned, or an object made from it with `Object.create`; a
 * spread copy (`{ ...client }`) is not a client, and gets a TypeError.
 *
 * @example
 * ```ts
 * import { createClient, hydrate } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080', getToken: () => 'dev-token' });
 * hydrate(client, JSON.parse(document.getElementById('vstore-state')?.textContent ?? 'null'));
 * ```
 */
export function hydrate(client: Client, input: unknown): void {
  const ctx = contextOf(client);
  const { store, requests, scheduler } = ctx;
  const snapshot = readClientSnapshot(input);
  try {
    store.hydrate(snapshot.store);
  } catch (error) {
    // The store checks its whole snapshot before applying any of it, and says so with a TypeError.
    if (error instanceof TypeError)
      throw new InvalidSnapshotError('store', 'is not a store snapshot', { cause: error });
    throw error;
  }
  const given = new Map<string, Entity>();
  for (const [type, id, entity] of snapshot.store.entities) given.set(entityKey(type, id), entity);
  // Times come from the server's clock; one ahead of this one must not make anything fresh for longer.
  const now = scheduler.now();
  const notLater = (at: number | undefined) => (at === undefined ? undefined : Math.min(at, now));

  for (const read of snapshot.reads) {
    const key = readKey(read.type, read.id, read.read);
    const held = requests.get(key);
    const patch: { -readonly [K in keyof ReadState]: ReadState[K] } = {};
    if (read.read === 0 && read.confirmedAt !== undefined) {
      const mine = store.get(read.type, read.id);
      const theirs = given.get(entityKey(read.type, read.id));
      const at = Math.min(read.confirmedAt, now);
      if (
        mine &&
        theirs &&
        sameState(mine, theirs) &&
        !(held?.confirmedAt !== undefined && held.confirmedAt >= at)
      )
        patch.confirmedAt = at;
    }
    // The client's own outcome for this read, if at least as recent, stands.
    if (lastOutcome(held) < lastOutcome(read)) {
      if (read.result !== undefined) {
        patch.result = resultOf(ctx, read);
        if (read.read === 'history') patch.resultAt = (read.result as Versioned[]).at(-1)?.version;
      }
      patch.settledAt = notLater(read.settledAt);
      patch.error = read.error && fromErrorRecord(read.error);
      patch.errorAt = read.error && notLater(read.errorAt);
    }
    if (Object.keys(patch).length > 0) requests.set(key, patch);
  }
}

const lastOutcome = (state: Pick<ReadState, 'settledAt' | 'errorAt'> | undefined) =>
  Math.max(state?.settledAt ?? -1, state?.errorAt ?? -1);

// Versioned entities are the same state when their versions are; others (tasks) when their JSON is.
const sameState = (a: Entity, b: Entity) =>
  typeof b.version === 'number' ? a.version === b.version : JSON.stringify(a) === JSON.stringify(b);

/** Historical versions go into the store's history cache too; the result holds the stored copies. */
function resultOf({ store }: ClientContext, read: CheckedRead): unknown {
  const keep = (entity: object) => {
    store.applyHistorical(read.type, read.id, entity, 'hydrate');
    const { version } = entity as Versioned;
    return store.getVersion(read.type, read.id, version) ?? freezeEntity(entity);
  };
  return read.read === 'history' ? (read.result as object[]).map(keep) : keep(read.result as object);
}
