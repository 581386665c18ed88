import type { Client } from '../client/createClient';
import { contextOf, type ReadContext } from '../reads/readContext';
import { readKey } from '../reads/readKey';
import type { ReadState } from '../reads/readState';
import { matchesParams } from '../resources/listParams';
import { entityKey } from '../store/entityKey';
import { freezeEntity } from '../store/freeze';
import type { Entity, StoreSnapshot, Versioned } from '../store/types';
import { checkEntity } from './checkEntity';
import { InvalidSnapshotError } from './clientSnapshot';
import { fromErrorRecord } from './errorRecord';
import { type CheckedRead, type CheckedSnapshot, readClientSnapshot } from './readClientSnapshot';

/**
 * Puts a `dehydrate(client)` snapshot into a client: entities through the store's version gate (a
 * newer copy already held stays), then each read's result, failure, times and a list's pages, so
 * observers show on the first render what the server rendered. A latest read counts as confirmed at
 * its server time (never later than now), but only when the store holds the very version the server
 * confirmed, so `maxAgeMs` can skip the mount's read. The snapshot is untrusted: it is checked whole
 * first, each entity by its resource's schema and the wire's rules (see `checkEntity`), and a bad one
 * throws `InvalidSnapshotError` having changed nothing. Call it before the first render, once the
 * app's own resources have clients (`client.resource(definition)`) so their entities are checked too.
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
  const snapshot = checked(ctx, readClientSnapshot(input));
  // What the store held before: only those can differ from the snapshot once it is in (at a page's
  // start, nothing, so this costs nothing there).
  const before = snapshot.reads.some((read) => read.read === 'list') ? ctx.store.dehydrate().entities : [];
  try {
    ctx.store.hydrate(snapshot.store);
  } catch (error) {
    // The store checks its whole snapshot before applying any of it, and says so with a TypeError.
    if (error instanceof TypeError)
      throw new InvalidSnapshotError('store', 'is not a store snapshot', { cause: error });
    throw error;
  }
  const given = new Map<string, Entity>();
  for (const [type, id, entity] of snapshot.store.entities) given.set(entityKey(type, id), entity);
  for (const read of snapshot.reads) restore(ctx, read, given, before);
}

/** The snapshot with every entity checked, and replaced by what its schema made of it. */
function checked({ definitions }: ReadContext, snapshot: CheckedSnapshot): CheckedSnapshot {
  const { entities, removed } = snapshot.store as { entities?: unknown; removed?: unknown };
  if (!Array.isArray(entities) || !Array.isArray(removed))
    throw new InvalidSnapshotError('store', 'is not a store snapshot');
  const store: StoreSnapshot = {
    ...snapshot.store,
    entities: entities.map((entry: unknown, at) => {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
        throw new InvalidSnapshotError(`store.entities[${at}]`, 'is not a [type, id, entity] entry');
      const [type, id, entity] = entry as [string, string, unknown];
      if (typeof entity !== 'object' || entity === null)
        throw new InvalidSnapshotError(`store.entities[${at}]`, 'has no entity');
      return [
        type,
        id,
        checkEntity(definitions, type, id, entity, `store.entities[${at}]`) as Entity,
      ] as const;
    }),
  };
  const reads = snapshot.reads.map((read, at): CheckedRead => {
    if (read.result === undefined) return read;
    const check = (entity: object, path: string) =>
      checkEntity(definitions, read.type, read.id, entity, path);
    const result = Array.isArray(read.result)
      ? read.result.map((entity: object, n) => check(entity, `reads[${at}].result[${n}]`))
      : check(read.result as object, `reads[${at}].result`);
    return { ...read, result };
  });
  return { store, reads };
}

/** One read's record, as its entry's `restored` action: only what is newer than the client's own. */
function restore(
  ctx: ReadContext,
  read: CheckedRead,
  given: ReadonlyMap<string, Entity>,
  before: readonly (readonly [string, string, Entity])[],
): void {
  const { store, reads } = ctx;
  // Times come from the server's clock; one ahead of this one must not make anything fresh for longer.
  const now = reads.now();
  const notLater = (at: number | undefined) => (at === undefined ? undefined : Math.min(at, now));
  const state: { -readonly [K in keyof ReadState]?: ReadState[K] } = {};
  if (read.confirmedAt !== undefined) {
    const vouches =
      read.read === 'list'
        ? listVouched(ctx, read, given, before)
        : read.read !== 0 ||
          sameState(store.get(read.type, read.id), given.get(entityKey(read.type, read.id)));
    if (vouches) state.confirmedAt = Math.min(read.confirmedAt, now);
  }
  state.settledAt = notLater(read.settledAt);
  state.error = read.error && fromErrorRecord(read.error);
  state.errorAt = read.error && notLater(read.errorAt);
  if (read.result !== undefined) {
    state.result = resultOf(ctx, read);
    if (read.read === 'history') state.resultAt = (read.result as Versioned[]).at(-1)?.version;
  }
  if (read.pages) {
    state.pages = read.pages.map((ids) => ({ ids }));
    state.nextCursor = read.nextCursor;
    state.pageSize = read.pageSize;
    state.joined = read.joined;
  }
  reads.entry(readKey(read.type, read.id, read.read)).dispatch({ type: 'restored', state });
}

// Versioned entities are the same state when their versions are; others (tasks) when their JSON is.
const sameState = (mine: Entity | undefined, theirs: Entity | undefined) =>
  mine !== undefined &&
  theirs !== undefined &&
  (typeof theirs.version === 'number'
    ? mine.version === theirs.version
    : JSON.stringify(mine) === JSON.stringify(theirs));

/** Historical versions go into the store's history cache too; the result holds the stored copies. */
function resultOf({ store }: ReadContext, read: CheckedRead): unknown {
  const keep = (entity: object) => {
    store.applyHistorical(read.type, read.id, entity, 'hydrate');
    const { version } = entity as Versioned;
    return store.getVersion(read.type, read.id, version) ?? freezeEntity(entity);
  };
  return read.read === 'history' ? (read.result as object[]).map(keep) : keep(read.result as object);
}

/**
 * Whether a list's confirmation still holds in this store: each paged entity is held as the snapshot
 * has it, and no entity the store held before (newer than the snapshot, so not replaced by it) matches
 * the list without being on it. Else the list is read at mount, as a live list would read it again.
 */
function listVouched(
  { store }: ReadContext,
  read: CheckedRead,
  given: ReadonlyMap<string, Entity>,
  before: readonly (readonly [string, string, Entity])[],
): boolean {
  const listed = new Set([...(read.pages ?? []).flat(), ...(read.joined ?? [])]);
  for (const id of listed)
    if (!sameState(store.get(read.type, id), given.get(entityKey(read.type, id)))) return false;
  const params = Object.fromEntries(new URLSearchParams(read.id));
  for (const [type, id] of before) {
    if (type !== read.type || listed.has(id)) continue;
    const held = store.get(type, id);
    if (held && matchesParams(held, params)) return false;
  }
  return true;
}
