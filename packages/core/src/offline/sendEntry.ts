import {
  ApiError,
  ConcurrentUpdateError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
} from '../errors/apiError';
import { PollTimeoutError } from '../errors/pollTimeoutError';
import { toPromise } from '../http/toPromise';
import type { ResourceOps } from '../resources/resourceOps';
import { threeWay } from '../resources/threeWay';
import { sameContent } from '../store/sameContent';
import type { EntityStore } from '../store/types';
import type { Task } from '../wire/task';
import { carriedFields } from './carriedFields';
import type { OutboxConflict, OutboxEntry } from './outboxEntry';

/** How one send of an entry ended. */
export type SendOutcome =
  /** The write is in: the entity as the store holds it (a deletion: the completed task). */
  | { readonly kind: 'landed'; readonly entity: object }
  /** Not now: offline, a 5xx or 429 past the client's retries, a key still in flight. Sent again later. */
  | { readonly kind: 'retry'; readonly error: unknown }
  /** Another writer changed a field this entry changes: nothing was sent. */
  | { readonly kind: 'conflict'; readonly conflict: OutboxConflict }
  /** Refused for good (400, 403, 404, 422, …): never sent again by itself. */
  | { readonly kind: 'failed'; readonly error: unknown }
  /** Deletions: the service took it; the task it started is recorded, then followed. */
  | { readonly kind: 'accepted'; readonly taskId: string };

/** What sending needs: the resource's operations, the store, how conflicts go, and deletions' parts. */
export interface SendContext {
  readonly ops: ResourceOps<object, string, unknown>;
  readonly store: EntityStore;
  readonly onConflict: 'abort' | 'rebase';
  /** Deletions: starts one (the account client's `delete`). */
  readonly remove?: ((id: string, signal: AbortSignal) => Promise<Task>) | undefined;
  /** Deletions: waits for a task's end (the client's `tasks.wait`). */
  readonly waitTask: (taskId: string, signal: AbortSignal) => Promise<Task>;
  /** Aborts the send (the outbox closed): whatever is in flight is cancelled. */
  readonly signal: AbortSignal;
  /** Updates: stores the entry's `sentFrom` before its first PATCH goes out. */
  readonly markSent: (sentFrom: number) => Promise<void>;
}

// A 409 is checked against the latest again at most this many times in one send; past it, later.
const CONFLICT_CHECKS = 3;

/** Failures a later send may get past: no answer, the service's own trouble, a limit, a key in flight. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof RateLimitError ||
    error instanceof IdempotencyInProgressError ||
    // A task still running past the poll's bounds: it is followed again later.
    error instanceof PollTimeoutError ||
    (error instanceof ApiError && (error.status >= 500 || error.outcomeUnknown))
  );
}

const versionOf = (entity: object | undefined) => (entity as { version?: number } | undefined)?.version;

/** Whether `latest` already holds every field of `patch` as sent. */
const carries = (latest: object, patch: Readonly<Record<string, unknown>>) =>
  Object.keys(patch).every((field) => sameContent((latest as Record<string, unknown>)[field], patch[field]));

/** Sends one entry once (the client's own retries included) and says how it ended. Never rejects. */
export async function sendEntry(entry: OutboxEntry, ctx: SendContext): Promise<SendOutcome> {
  try {
    if (entry.kind === 'create') return await sendCreate(entry, ctx);
    if (entry.kind === 'update') return await sendUpdate(entry, ctx);
    return await sendDelete(entry, ctx);
  } catch (error) {
    return isTransient(error) ? { kind: 'retry', error } : { kind: 'failed', error };
  }
}

/** The stored key and body every time, so however often it is sent, the service makes it once. */
async function sendCreate(entry: OutboxEntry, { ops, signal }: SendContext): Promise<SendOutcome> {
  const entity = await toPromise(
    ops.create$(entry.input, { idempotencyKey: entry.idempotencyKey as string }),
    signal,
  );
  return { kind: 'landed', entity };
}

/**
 * Compares the entry's base with the latest first (the service reports a 409 only for writes that
 * overlap in time): a change of the same field by another writer is a conflict, unless the entry was
 * resolved as `'mine'` or conflicts rebase. An entry whose PATCH went out before (its answer lost,
 * or its page gone mid-send) may have landed already: the latest holding the change at a version
 * after the one read just before that PATCH (`sentFrom`), or, where the resource keeps history, any
 * such version that held it (another writer may have changed it since), means it landed, and
 * nothing is sent again. Versions up to `sentFrom` are never taken for it: an earlier entry of the
 * same entity, made on the same base, may have written the same values.
 */
async function sendUpdate(entry: OutboxEntry, ctx: SendContext): Promise<SendOutcome> {
  const { ops, signal } = ctx;
  const id = entry.entityId as string;
  const patch = entry.patch ?? {};
  const { base } = entry;
  let { sentFrom } = entry;
  const after = (latest: object) => (versionOf(latest) ?? 0) > (entry.baseVersion ?? 0);
  const landed = async (latest: object) =>
    sentFrom !== undefined &&
    (versionOf(latest) ?? 0) > sentFrom &&
    (carries(latest, patch) || (await landedSince(entry, sentFrom, ctx)));
  for (let check = 1; ; check++) {
    const latest = await toPromise(ops.latest$(id), signal);
    if (await landed(latest)) return { kind: 'landed', entity: latest };
    // Without a base (nothing was held when the change was made) there is nothing to compare with.
    if (base && ctx.onConflict === 'abort' && entry.resolution !== 'mine') {
      const mine = { ...base, ...patch };
      const theirs = latest as Record<string, unknown>;
      const fields = after(latest)
        ? threeWay(base, mine, theirs, Object.keys(patch)).conflicts
        : versionOf(latest) === undefined
          ? []
          : carriedFields(base, theirs, patch);
      if (fields.length > 0) return { kind: 'conflict', conflict: { fields, base, mine, theirs } };
    }
    if (sentFrom === undefined) {
      sentFrom = versionOf(latest) ?? 0;
      await ctx.markSent(sentFrom);
    }
    try {
      return { kind: 'landed', entity: await toPromise(ops.update$(id, patch as never), signal) };
    } catch (error) {
      // Another write overlapped this one in time: look at the latest again.
      if (error instanceof ConcurrentUpdateError && check < CONFLICT_CHECKS) continue;
      if (error instanceof ConcurrentUpdateError) return { kind: 'retry', error };
      if (!isTransient(error)) throw error;
      // The answer was lost: the latest says whether the write is in. If it is not, it goes again
      // later, and is looked for then too (it may land after this read).
      const now = await toPromise(ops.latest$(id), signal).catch(() => undefined);
      if (now && (await landed(now))) return { kind: 'landed', entity: now };
      return { kind: 'retry', error };
    }
  }
}

/** Whether a version after `sentFrom` held every field of the entry's patch, by the resource's history. */
async function landedSince(
  entry: OutboxEntry,
  sentFrom: number,
  { ops, signal }: SendContext,
): Promise<boolean> {
  if (!ops.definition.paths.history) return false;
  const versions = await toPromise(ops.history$(entry.entityId as string), signal).catch(() => []);
  const patch = entry.patch ?? {};
  return versions.some((version) => (versionOf(version) ?? 0) > sentFrom && carries(version, patch));
}

/**
 * A deletion runs as a task. Once the service took it, the task is recorded and followed to its end,
 * across reloads. Before a first send, or after an answer that was lost, the entity is read: gone
 * means done; no longer active means a deletion is already under way, so it is read again later
 * rather than deleted twice.
 */
async function sendDelete(entry: OutboxEntry, ctx: SendContext): Promise<SendOutcome> {
  const id = entry.entityId as string;
  if (entry.taskId !== undefined) {
    const task = await ctx.waitTask(entry.taskId, ctx.signal);
    ctx.store.remove(entry.type, id, 'response');
    return { kind: 'landed', entity: task };
  }
  if (!ctx.remove) return { kind: 'failed', error: new TypeError(`${entry.type} cannot be deleted here`) };
  let current: object | undefined;
  try {
    current = await toPromise(ctx.ops.latest$(id), ctx.signal);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    ctx.store.remove(entry.type, id, 'response');
    return { kind: 'landed', entity: { task_id: '', status: 'completed' } };
  }
  const status = (current as { status?: unknown }).status;
  if (status !== undefined && status !== 'active')
    return {
      kind: 'retry',
      error: new Error(`${entry.type} ${id} is ${String(status)}: a deletion is under way`),
    };
  const task = await ctx.remove(id, ctx.signal);
  return { kind: 'accepted', taskId: task.task_id };
}
