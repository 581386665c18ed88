import type { Client } from '../client/createClient';
import type { ChannelConstructor } from '../crossTab/crossTab';
import { defaultLockManager } from '../crossTab/lockManager';
import { EditConflictError } from '../errors/editConflictError';
import { InvalidUpdateError } from '../errors/invalidUpdateError';
import { createIdempotencyKey } from '../http/idempotency';
import { contextOf, linkOf } from '../reads/readContext';
import type { ResourceOps } from '../resources/resourceOps';
import type { Task } from '../wire/task';
import { applyLanded } from './applyLanded';
import { EntryList } from './entryList';
import type { Outbox, OutboxOptions, OutboxResource } from './outbox';
import { createOutboxChannel } from './outboxChannel';
import type { OutboxEntry } from './outboxEntry';
import { createOutboxOverlay } from './outboxOverlay';
import { outboxRecords } from './outboxRecords';
import { OutboxSender } from './outboxSender';
import type { SendContext } from './sendEntry';
import { storedCopy } from './storedCopy';
import { updateBase } from './updateBase';

interface Settler {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const abortError = (why: string) => new DOMException(why, 'AbortError');

/**
 * An outbox over `client`: writes kept in `storage` until they land, each exactly once. A create is
 * sent only with its stored `Idempotency-Key` and body, so the service replays the first result; an
 * update's base is compared with the latest before it is sent, so another writer's change to the
 * same field becomes a `conflict` (base, mine, theirs) rather than being lost, and an update whose
 * answer was lost is settled by reading the latest, never sent blindly. While an entry is pending,
 * every reader of its entity shows it (the client's view), and any answer still passes the version
 * gate, so a refetch never reverts a pending change. Entries of one entity go in the order made,
 * one at a time. Offline, a timeout or a 5xx leaves an entry pending; it goes again on `online` or
 * after a bounded backoff. In a browser one tab sends (a Web Lock); the others see the same entries.
 *
 * @example
 * ```ts
 * import { createClient } from '@vstore/core';
 * import { createOutbox, indexedDbStorage } from '@vstore/core/offline';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * const outbox = createOutbox(client, { storage: indexedDbStorage('my-app') });
 * await outbox.ready;
 * await outbox.update(client.spendControls, 'sc_1', { status: 'paused' });
 * ```
 */
export function createOutbox(client: Client, options: OutboxOptions): Outbox {
  const ctx = contextOf(client);
  const { store, scheduler } = ctx;
  const onConflict = options.onConflict ?? 'abort';
  const baseDelayMs = options.backoff?.baseDelayMs ?? 1000;
  const name = `vstore:outbox:${options.name ?? 'default'}`;

  const settlers = new Map<string, Settler>();
  const resources = new Map<string, object>();
  let closed = false;
  let releaseLock: (() => void) | undefined;
  const lockRequest = new AbortController();

  const records = outboxRecords(options.storage);
  const overlay = createOutboxOverlay(store);
  const detachOverlay = ctx.view.attach(overlay);
  const list = new EntryList((entries) => overlay.sync(entries));
  for (const resource of [client.spendControls, client.accounts, ...(options.resources ?? [])])
    know(resource);

  function know(resource: object): string {
    const { ops } = linkOf(resource);
    if (!ops)
      throw new TypeError(
        'the outbox writes through a resource client (client.spendControls, client.resource(…))',
      );
    resources.set(ops.definition.type, resource);
    return ops.definition.type;
  }

  // Other tabs: what changed in storage, and which of their writes settled here.
  const channel = createOutboxChannel(
    name,
    options.BroadcastChannel === false
      ? undefined
      : (options.BroadcastChannel ?? (globalThis.BroadcastChannel as ChannelConstructor | undefined)),
    {
      changed: () => void reload(),
      settled(id, outcome, ok) {
        // Another tab ended an entry (discarded, resolved as theirs) that this one sends or may send
        // before its reload: the send stops, and the entry leaves the list before a send could store
        // it again. (Only the tab that leads sends, so a refusal told by another is never a failure.)
        if (!ok && (sender.isSending(id) || sender.leading)) {
          sender.cancel(id, outcome);
          list.remove(id);
        }
        if (ok) applyLanded(ctx, list.find(id), outcome);
        settle(id, outcome, ok);
      },
    },
  );

  /** Settles this tab's promise of an entry; tells the other tabs, whose promise it may be, unless told by one. */
  function settle(id: string, outcome: unknown, ok: boolean, tell = false) {
    const settler = settlers.get(id);
    settlers.delete(id);
    if (settler) (ok ? settler.resolve : settler.reject)(outcome);
    if (tell) channel.settled(id, outcome, ok);
  }

  const sender = new OutboxSender(
    {
      list,
      records,
      overlay,
      scheduler,
      isOnline:
        options.isOnline ??
        (() => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false),
      random: options.random ?? Math.random,
      context: sendContext,
      settle: (id, outcome, ok) => settle(id, outcome, ok, true),
      changed: () => channel.changed(),
    },
    {
      baseDelayMs,
      maxDelayMs: Math.max(baseDelayMs, options.backoff?.maxDelayMs ?? 30_000),
      landingGraceMs: options.landingGraceMs ?? 2000,
    },
  );
  sender.leading = options.locks === false;

  function sendContext(entry: OutboxEntry, signal: AbortSignal): Omit<SendContext, 'markSent'> | undefined {
    const resource = resources.get(entry.type) ?? definedResource(entry.type);
    const ops = resource && linkOf(resource).ops;
    if (!ops) return undefined;
    const remove = (resource as { delete?: (id: string, options: { signal: AbortSignal }) => Promise<Task> })
      .delete;
    return {
      ops: ops as ResourceOps<object, string, unknown>,
      store,
      onConflict,
      remove: remove && ((id, signal) => remove.call(resource, id, { signal })),
      waitTask: (taskId, signal) => client.tasks.wait(taskId, { signal }),
      signal,
    };
  }
  /** A type the client has a definition of (`client.resource(def)` made somewhere), if not yet known here. */
  function definedResource(type: string): object | undefined {
    const definition = ctx.definitions.get(type);
    return definition ? client.resource(definition) : undefined;
  }

  /**
   * Entries as storage holds them now, with this tab's sends still shown as sending. A tab that has
   * just taken the lead gives what the tab before it was sending time to land, as a reload does.
   */
  async function reload(leadTaken = false): Promise<void> {
    if (closed) return;
    const touched = new Set<string>();
    const read = await records.readAll(touched).catch(() => undefined);
    if (!read || closed) return;
    // What this tab stored or dropped while storage was being read, it knows better than the read: an
    // entry made meanwhile stays, one that landed meanwhile does not come back.
    const stored = read.filter((entry) => !touched.has(entry.id));
    for (const entryId of touched) {
      const mine = list.find(entryId);
      if (mine) stored.push(mine);
    }
    if (leadTaken) sender.restored(stored);
    list.publish(
      stored.map((entry) => (sender.isSending(entry.id) ? { ...entry, status: 'sending' as const } : entry)),
    );
    sender.pump();
  }

  const ready = (async () => {
    try {
      const restored = await records.readAll();
      sender.restored(restored);
      list.publish(restored);
    } catch (error) {
      // Unusable without its storage: it lets go of the client's view, so another outbox may try.
      closed = true;
      sender.stop();
      detachOverlay();
      channel.close();
      throw error;
    }
    const locks = options.locks === false ? undefined : (options.locks ?? defaultLockManager());
    // Waits in line behind another tab that sends; leads from the moment it is granted until close.
    locks
      ?.request(
        name,
        { signal: lockRequest.signal },
        () =>
          new Promise<void>((release) => {
            releaseLock = release;
            if (closed) return release();
            sender.leading = true;
            void reload(true);
          }),
      )
      .catch(() => {});
    sender.pump();
  })();
  // A storage that cannot open rejects `ready` for whoever awaits it; nothing else waits on it unhandled.
  ready.catch(() => {});

  const onlineAgain = () => sender.online();
  const target = globalThis as {
    addEventListener?: EventTarget['addEventListener'];
    removeEventListener?: EventTarget['removeEventListener'];
  };
  target.addEventListener?.('online', onlineAgain);

  // Entries being stored: later updates of the same entity take their change into their base, and
  // close waits for their storage.
  const storing = new Set<OutboxEntry>();
  const saving = new Set<Promise<void>>();

  /**
   * Stores `entry` before anything is sent, then sends; the promise follows the entry to its end. A
   * write made before `close` is still stored (close waits for it), and the next outbox sends it.
   */
  async function enqueue<T>(make: () => OutboxEntry): Promise<T> {
    if (closed) throw abortError('The outbox is closed');
    // Made here, so what cannot be stored (see `storedCopy`) rejects the write instead of throwing.
    const entry = make();
    storing.add(entry);
    const saved = (async () => {
      await ready;
      await records.save(entry);
    })();
    saving.add(saved);
    try {
      await saved;
    } finally {
      storing.delete(entry);
      saving.delete(saved);
    }
    if (closed) throw abortError('The outbox closed: the write is stored and the next outbox sends it');
    const done = new Promise<T>((resolve, reject) =>
      settlers.set(entry.id, { resolve: resolve as Settler['resolve'], reject }),
    );
    list.replace(entry);
    channel.changed();
    sender.pump();
    return done;
  }

  /**
   * An entry leaves for good (resolved as theirs, discarded): its promise rejects with `error`. Its
   * send stops and it leaves the list first, so nothing that send does next can store it again;
   * storage that refuses the delete puts it back.
   */
  async function end(entryId: string, error: Error): Promise<void> {
    const entry = list.find(entryId);
    // Its entity's later writes wait for the delete: one that fails puts this entry back, first.
    const release = entry && sender.hold(entry);
    try {
      // Inside the try: a list listener that throws must not leave the lane held for good.
      sender.cancel(entryId, error);
      list.remove(entryId);
      await records.drop(entryId);
    } catch (failure) {
      if (entry && !closed) list.replace(entry);
      throw failure;
    } finally {
      release?.();
    }
    settle(entryId, error, false, true);
    channel.changed();
    // What waited behind it in its entity's lane goes now.
    sender.pump();
  }

  return {
    ready,
    get entries() {
      return list.entries;
    },
    subscribe: (listener) => list.subscribe(listener),
    create<T extends object>(resource: OutboxResource<T>, input: unknown) {
      const type = know(resource);
      return enqueue<T>(() =>
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'create',
          type,
          input: storedCopy(input, 'input'),
          idempotencyKey: createIdempotencyKey(),
          status: 'pending',
          madeAt: list.made(),
        }),
      );
    },
    update<T extends object>(
      resource: OutboxResource<T>,
      id: string,
      patch: Readonly<Record<string, unknown>>,
    ) {
      const type = know(resource);
      const { updatable } = resource.definition;
      const invalid = Object.keys(patch).filter((field) => !updatable.includes(field));
      if (invalid.length > 0) return Promise.reject(new InvalidUpdateError(type, invalid, updatable));
      const held = store.get<{ version?: number }>(type, id);
      const shown = updateBase(ctx.view, storing, type, id);
      return enqueue<T>(() =>
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'update',
          type,
          entityId: id,
          patch: storedCopy(patch, 'patch') as Record<string, unknown>,
          baseVersion: held?.version,
          base: shown ? { ...shown } : undefined,
          status: 'pending',
          madeAt: list.made(),
        }),
      );
    },
    baseOf: (type, id) => updateBase(ctx.view, storing, type, id),
    delete(resource, id) {
      const type = know(resource);
      return enqueue<void>(() =>
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'delete',
          type,
          entityId: id,
          status: 'pending',
          madeAt: list.made(),
        }),
      );
    },
    async resolve(entryId, choice) {
      const entry = list.find(entryId);
      if (entry?.status !== 'conflict' || !entry.conflict)
        throw new TypeError(`outbox entry ${entryId} is not a conflict to resolve`);
      if (choice === 'theirs') {
        const { fields, base, mine, theirs } = entry.conflict;
        const error = new EditConflictError(entry.type, entry.entityId as string, [...fields], {
          base,
          mine,
          theirs,
        });
        return end(entryId, error);
      }
      const next: OutboxEntry = { ...entry, status: 'pending', resolution: 'mine', conflict: undefined };
      await records.save(next);
      // Discarded while that was stored: it stays gone, its record too. Replaced meanwhile (this very
      // choice made twice, or the other): the first one stands, and its record is left alone.
      const now = list.find(entryId);
      if (!now) return records.drop(entryId);
      if (now !== entry) return;
      list.replace(next);
      channel.changed();
      sender.pump();
    },
    async discard(entryId) {
      if (list.find(entryId)) await end(entryId, abortError('The outbox entry was discarded'));
    },
    async close() {
      if (closed) return;
      closed = true;
      sender.stop();
      await Promise.allSettled([...saving]);
      // What is in flight stops: the entry stays stored, marked as sent, for the next outbox.
      sender.abort(abortError('The outbox closed'));
      lockRequest.abort();
      releaseLock?.();
      target.removeEventListener?.('online', onlineAgain);
      channel.close();
      // Its pending changes leave the view, and every reader of them is told (what one throws is
      // reported by the overlay, and the outbox closes all the same).
      overlay.sync([]);
      detachOverlay();
      for (const id of [...settlers.keys()])
        settle(
          id,
          abortError('The outbox closed: the write stays stored and the next outbox sends it'),
          false,
        );
      await ready.catch(() => {});
      await options.storage.close?.().catch(() => {});
    },
  };
}
