import type { ServiceContext } from './context';
import { notFoundError, type RuleFailure } from './errors';
import { createListIndex } from './listIndex';
import type { ListFilter } from './listQuery';
import type { ListSpec } from './listRoute';
import type { Versioned } from './types';
import type { Checked } from './validation';

/**
 * A collection of versioned resources: how its bodies are checked and its versions built. The
 * routes of `collectionRoutes` serve spend controls and declared resources alike from one of these.
 * `C` is a checked create body, `P` a checked patch.
 */
export interface VersionedCollection<C, P, T extends Versioned> {
  /** Store type: `object_type` of a 409 and the prefix of `<type>.created` / `<type>.updated` events. */
  readonly type: string;
  /** First path segment, e.g. `spend_controls`. */
  readonly path: string;
  /** Name in messages, e.g. `Spend control`. */
  readonly label: string;
  /** Serves `/{path}/{id}/history`. */
  readonly history: boolean;
  /** Every version of every resource, oldest first; the last is the latest. Written by `recordVersion` only. */
  readonly versions: Map<string, T[]>;
  /** `GET /{path}`: its filters and the index of latest versions in creation order. */
  readonly list: ListSpec<T>;
  /** The next free id; seeded ids are never reused. */
  newId(): string;
  checkCreate(input: Record<string, unknown>): Checked<C>;
  checkPatch(input: Record<string, unknown>): Checked<P>;
  /** Business rules (422), every failing one in a fixed order. */
  createRules(ctx: ServiceContext, input: C): RuleFailure[];
  patchRules(ctx: ServiceContext, patch: P, current: T): RuleFailure[];
  /** Version 1 of a new resource. */
  build(input: C, id: string, time: string): T;
  /** Version n+1 from the latest version and a checked patch. */
  apply(current: T, patch: P, version: number, time: string): T;
}

/**
 * `newId` for a collection: `${prefix}1`, `${prefix}2`, … skipping ids already held (seeded ones),
 * so none is ever reused.
 */
export function sequentialIds(prefix: string, held: ReadonlyMap<string, unknown>): () => string {
  let next = 1;
  return () => {
    let id: string;
    do {
      id = `${prefix}${next}`;
      next += 1;
    } while (held.has(id));
    return id;
  };
}

/** `apply` for a collection whose patch fields replace the latest version's. */
export const applyPatch = <T extends Versioned, P>(
  current: T,
  patch: P,
  version: number,
  time: string,
): T => ({
  ...current,
  ...patch,
  version,
  version_time: time,
});

/**
 * The list of a collection whose `versions` are already seeded: the seeds in the order given, each
 * at its latest version. Later writes go through `recordVersion`.
 */
export function listOf<T extends Versioned>(
  path: string,
  filters: readonly ListFilter[],
  versions: ReadonlyMap<string, readonly T[]>,
): ListSpec<T> {
  const index = createListIndex<T>(filters.map((f) => f.field));
  for (const [id, all] of versions) {
    const latest = all.at(-1);
    if (latest) index.track(id, latest);
  }
  return { path, filters, index };
}

/** Commits a new version (version 1 creates the resource) and keeps the list in step with it. */
export function recordVersion<C, P, T extends Versioned>(
  collection: VersionedCollection<C, P, T>,
  id: string,
  item: T,
): void {
  const versions = collection.versions.get(id);
  if (versions) versions.push(item);
  else collection.versions.set(id, [item]);
  collection.list.index.track(id, item);
}

export const missingResource = (ctx: ServiceContext, label: string, id: string): Response =>
  notFoundError(ctx.traceId(), 'ResourceNotFound', `${label} ${id} does not exist.`);

/** The time between a write's read and its commit; counted so tests can see a write inside it. */
export async function writeWindow(ctx: ServiceContext): Promise<void> {
  if (ctx.options.writeDelayMs <= 0) return;
  ctx.data.pendingWrites += 1;
  try {
    await ctx.timers.sleep(ctx.options.writeDelayMs);
  } finally {
    ctx.data.pendingWrites -= 1;
  }
}
