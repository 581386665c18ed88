import { type ErrorRecord, isErrorRecord } from '../ssr/clientSnapshot';
import { fromErrorRecord, toErrorRecord } from '../ssr/errorRecord';

/** Where an entry stands: waiting to go (or to go again), on its way, held for a person, or refused. */
export type OutboxStatus = 'pending' | 'sending' | 'conflict' | 'failed';

/** Another writer changed a field this entry also changes: the three states a person chooses between. */
export interface OutboxConflict {
  /** The overlapping fields, changed by both to different values. */
  readonly fields: readonly string[];
  /** The state the change was made on (what the view showed). */
  readonly base: Readonly<Record<string, unknown>>;
  /** The base with this entry's change. */
  readonly mine: Readonly<Record<string, unknown>>;
  /** The latest state, with the other writer's change. */
  readonly theirs: Readonly<Record<string, unknown>>;
}

/** One write kept by an outbox until it lands: oldest first in `outbox.entries`. */
export interface OutboxEntry {
  readonly id: string;
  readonly kind: 'create' | 'update' | 'delete';
  /** The store type of the resource written. */
  readonly type: string;
  /** Updates and deletions: the entity written. */
  readonly entityId?: string | undefined;
  /** Creates: the input, sent as the body (with its idempotency key) every time. */
  readonly input?: unknown;
  /** Updates: the fields sent. */
  readonly patch?: Readonly<Record<string, unknown>> | undefined;
  /** Creates: the `Idempotency-Key` every send of this create carries, so the service makes it once. */
  readonly idempotencyKey?: string | undefined;
  /** Updates: the version the change was made on, whose state is `base`. */
  readonly baseVersion?: number | undefined;
  /** Updates: the state the change was made on, as the view showed it (earlier pending changes included). */
  readonly base?: Readonly<Record<string, unknown>> | undefined;
  readonly status: OutboxStatus;
  /** `failed`: the typed error it was refused with. `pending`: why the last send did not land, if it did not. */
  readonly error?: Error | undefined;
  readonly conflict?: OutboxConflict | undefined;
  /** `'mine'` once a person chose to send this change over theirs. */
  readonly resolution?: 'mine' | undefined;
  /** Deletions: the task tracking the deletion, once the service took it. */
  readonly taskId?: string | undefined;
  /** When it was made (epoch ms); entries of one entity go in this order, whichever tab made them. */
  readonly madeAt: number;
  /** When a send of it last began (epoch ms): after a reload it may still be on its way to the service. */
  readonly sentAt?: number | undefined;
  /**
   * Updates: the latest version read just before its first PATCH went out (stored before it went).
   * Only a version after it can be this write landing: earlier entries of the same entity, made on
   * the same base, may have written the same values before it.
   */
  readonly sentFrom?: number | undefined;
}

/** An entry as storage keeps it: its error as a plain record, since an error loses its class in a clone. */
export type StoredEntry = Omit<OutboxEntry, 'error'> & { readonly error?: ErrorRecord | undefined };

/** The storage key of an entry; other keys of the same storage are left alone. */
export const entryKey = (id: string): string => `outbox:${id}`;
export const isEntryKey = (key: string): boolean => key.startsWith('outbox:');

export function toStored(entry: OutboxEntry): StoredEntry {
  const { error, ...rest } = entry;
  return error === undefined ? rest : { ...rest, error: toErrorRecord(error) };
}

const STATUSES: readonly unknown[] = ['pending', 'sending', 'conflict', 'failed'] satisfies OutboxStatus[];

/**
 * An entry read back from storage; undefined for anything that is not one (another app's key, a
 * damaged value). `madeAt` orders every later write after it, so only a safe whole number is one: a
 * huge or non-finite one would give every new write the same place. An error that is not a readable
 * record is dropped, the entry kept (it only said why a send did not land).
 */
export function fromStored(value: unknown): OutboxEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Partial<StoredEntry>;
  if (typeof stored.id !== 'string' || typeof stored.type !== 'string') return undefined;
  if (!Number.isSafeInteger(stored.madeAt) || (stored.madeAt as number) < 0) return undefined;
  if (stored.kind !== 'create' && stored.kind !== 'update' && stored.kind !== 'delete') return undefined;
  if (stored.kind !== 'create' && typeof stored.entityId !== 'string') return undefined;
  // A create goes only with the key it was stored with: with a new key per send, a send whose answer
  // was lost would create it twice.
  if (stored.kind === 'create' && !(typeof stored.idempotencyKey === 'string' && stored.idempotencyKey))
    return undefined;
  if (stored.status !== undefined && !STATUSES.includes(stored.status)) return undefined;
  const { error, ...rest } = stored as StoredEntry;
  // A write in flight when the page went away may or may not have landed: it is sent again as pending,
  // and the send settles which (idempotency key, or a read of the latest).
  const status = rest.status === 'sending' || !rest.status ? 'pending' : rest.status;
  return Object.freeze({
    ...rest,
    status,
    ...(isErrorRecord(error) ? { error: fromErrorRecord(error) } : {}),
  });
}

/** Entries of one lane go one at a time, in order: an entity's writes, or one create alone. */
export const laneOf = (entry: OutboxEntry): string =>
  entry.kind === 'create' ? `create\u0000${entry.id}` : `${entry.type}\u0000${entry.entityId}`;

export const byMadeAt = (a: OutboxEntry, b: OutboxEntry): number =>
  a.madeAt - b.madeAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
