import type { Subscription } from 'rxjs';
import type { Client } from '../client/createClient';
import type { LockManagerLike } from '../crossTab/channelLocks';
import type { ChannelConstructor, ChannelLike } from '../crossTab/crossTab';
import { defaultLockManager } from '../crossTab/lockManager';
import { EditConflictError } from '../errors/editConflictError';
import { InvalidUpdateError } from '../errors/invalidUpdateError';
import { createIdempotencyKey } from '../http/idempotency';
import { contextOf, linkOf } from '../reads/readContext';
import type { ResourceOps } from '../resources/resourceOps';
import type { ErrorRecord } from '../ssr/clientSnapshot';
import { fromErrorRecord, toErrorRecord } from '../ssr/errorRecord';
import type { Task } from '../wire/task';
import {
  byMadeAt,
  entryKey,
  fromStored,
  isEntryKey,
  laneOf,
  type OutboxEntry,
  toStored,
} from './outboxEntry';
import { createOutboxOverlay } from './outboxOverlay';
import type { OutboxStorage } from './outboxStorage';
import { OutboxStorageError } from './outboxStorageError';
import { type SendContext, type SendOutcome, sendEntry } from './sendEntry';

/** What `createOutbox` takes: where entries are kept, and how conflicts, retries and tabs go. */
export interface OutboxOptions {
  /** Where entries are kept across reloads: `indexedDbStorage(name)` in a browser, `memoryStorage()` in tests. */
  storage: OutboxStorage;
  /**
   * When another writer changed a field an update also changes: `'abort'` holds the entry as a
   * `conflict` for a person to resolve; `'rebase'` sends it over theirs. @default 'abort'
   */
  onConflict?: 'abort' | 'rebase';
  /** Waits between sends that did not land (offline, 5xx, 429), growing from the first to the cap. @default { baseDelayMs: 1000, maxDelayMs: 30000 } */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number };
  /**
   * Resource clients whose entries an earlier page may have left (`client.resource(invoices)`); the
   * built-ins and every resource this outbox writes are known anyway.
   */
  resources?: readonly object[];
  /** Who sends when several tabs share the storage. `false`: this outbox always sends. @default Web Locks */
  locks?: LockManagerLike | false;
  /** Tells other tabs of changes. `false`: none. @default globalThis.BroadcastChannel */
  BroadcastChannel?: ChannelConstructor | false;
  /** Tabs with the same name share one sender and see each other's entries. @default 'default' */
  name?: string;
  /** Whether the page is online. @default navigator.onLine, true where there is none */
  isOnline?: () => boolean;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
}

/** Writes that survive a bad network and a reload, each landing exactly once; see `createOutbox`. */
export interface Outbox {
  /** Resolves once what an earlier page left is restored (and, in the sending tab, on its way). */
  readonly ready: Promise<void>;
  /** Stores a create with its `Idempotency-Key` before the first send; resolves with the created entity. */
  create<T extends object>(resource: OutboxResource<T>, input: unknown): Promise<T>;
  /** Stores an update with its base (the state the view shows); resolves with the entity once it landed. */
  update<T extends object>(
    resource: OutboxResource<T>,
    id: string,
    patch: Readonly<Record<string, unknown>>,
  ): Promise<T>;
  /** Stores a deletion (the account client's); resolves once the task that runs it completed and the entity is removed. */
  delete(resource: OutboxResource<object> & { delete(id: string): Promise<Task> }, id: string): Promise<void>;
  /** Every entry, oldest first; a new array on every change. */
  readonly entries: readonly OutboxEntry[];
  subscribe(listener: () => void): () => void;
  /** A conflict: `'mine'` sends the change over theirs (the promise follows that send), `'theirs'` drops it. */
  resolve(entryId: string, choice: 'mine' | 'theirs'): Promise<void>;
  /** Drops an entry: its promise rejects with an `AbortError`, and nothing more is sent for it. */
  discard(entryId: string): Promise<void>;
  /** Stops sending and lets go of storage, lock and channel (a page that closes); entries stay stored. */
  close(): Promise<void>;
}

/** What the outbox writes to: a resource client (`client.spendControls`, `client.resource(def)`). */
export interface OutboxResource<T extends object> {
  readonly definition: { readonly type: string; readonly updatable: readonly string[] };
  /** Typed by the resource; unused by the outbox, which sends through the client's operations. */
  get?(id: string): Promise<T>;
}

type Message =
  | { readonly kind: 'changed' }
  | {
      readonly kind: 'settled';
      readonly id: string;
      readonly entity?: unknown;
      readonly error?: ErrorRecord;
    };

interface Settler {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const abortError = (why: string) => new DOMException(why, 'AbortError');
const fullJitter = (ceiling: number, random: () => number) => ceiling / 2 + (random() * ceiling) / 2;

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
  const { storage } = options;
  const onConflict = options.onConflict ?? 'abort';
  const baseDelayMs = options.backoff?.baseDelayMs ?? 1000;
  const maxDelayMs = Math.max(baseDelayMs, options.backoff?.maxDelayMs ?? 30_000);
  const random = options.random ?? Math.random;
  const isOnline =
    options.isOnline ??
    (() => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false);
  const name = `vstore:outbox:${options.name ?? 'default'}`;

  let entries: readonly OutboxEntry[] = Object.freeze([]);
  const listeners = new Set<() => void>();
  const settlers = new Map<string, Settler>();
  const inFlight = new Set<string>();
  const retryAt = new Map<string, number>();
  const failures = new Map<string, number>();
  const resources = new Map<string, object>();
  let leading = options.locks === false;
  let closed = false;
  let wake: Subscription | undefined;
  let releaseLock: (() => void) | undefined;
  const lockRequest = new AbortController();

  const overlay = createOutboxOverlay(store);
  const detachOverlay = ctx.view.attach(overlay);
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

  // Storage, each failure an OutboxStorageError.
  const guard = async <T>(operation: OutboxStorageError['operation'], run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new OutboxStorageError(operation, error);
    }
  };
  const save = (entry: OutboxEntry) => guard('write', () => storage.set(entryKey(entry.id), toStored(entry)));
  const drop = (id: string) => guard('delete', () => storage.delete(entryKey(id)));
  const readAll = () =>
    guard('read', async () => {
      const found: OutboxEntry[] = [];
      for (const key of await storage.keys()) {
        if (!isEntryKey(key)) continue;
        const entry = fromStored(await storage.get(key));
        if (entry) found.push(entry);
      }
      return found;
    });

  // Other tabs: what changed in storage, and which of their writes settled here.
  const Channel =
    options.BroadcastChannel === false
      ? undefined
      : (options.BroadcastChannel ?? (globalThis.BroadcastChannel as ChannelConstructor | undefined));
  const channel: ChannelLike | undefined = Channel ? new Channel(name) : undefined;
  const post = (message: Message) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A value that cannot be cloned stays in this tab; the other tabs read storage on their next change.
    }
  };
  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<Message> | null;
    if (message?.kind === 'changed') void reload();
    else if (message?.kind === 'settled' && typeof message.id === 'string') {
      if (message.error) settle(message.id, fromErrorRecord(message.error), false);
      else settle(message.id, message.entity, true);
    }
  };
  channel?.addEventListener('message', onMessage);

  const publish = (next: readonly OutboxEntry[]) => {
    entries = Object.freeze([...next].sort(byMadeAt));
    overlay.sync(entries);
    for (const listener of [...listeners]) listener();
  };
  const replace = (entry: OutboxEntry) =>
    publish(
      entries.some((e) => e.id === entry.id)
        ? entries.map((e) => (e.id === entry.id ? entry : e))
        : [...entries, entry],
    );
  const without = (id: string) => publish(entries.filter((e) => e.id !== id));
  const find = (id: string) => entries.find((e) => e.id === id);

  /** Settles this tab's promise of an entry; tells the other tabs, whose promise it may be, unless told by one. */
  function settle(id: string, outcome: unknown, ok: boolean, tell = false) {
    const settler = settlers.get(id);
    settlers.delete(id);
    if (settler) (ok ? settler.resolve : settler.reject)(outcome);
    if (tell)
      post(
        ok
          ? { kind: 'settled', id, entity: outcome }
          : { kind: 'settled', id, error: toErrorRecord(outcome) },
      );
  }

  /** Entries as storage holds them now, with this tab's sends still shown as sending. */
  async function reload(): Promise<void> {
    if (closed) return;
    const stored = await readAll().catch(() => undefined);
    if (!stored || closed) return;
    publish(
      stored.map((entry) => (inFlight.has(entry.id) ? { ...entry, status: 'sending' as const } : entry)),
    );
    pump();
  }

  const ready = (async () => {
    try {
      publish(await readAll());
    } catch (error) {
      // Unusable without its storage: it lets go of the client's view, so another outbox may try.
      closed = true;
      detachOverlay();
      channel?.close();
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
            leading = true;
            void reload();
          }),
      )
      .catch(() => {});
    pump();
  })();
  // A storage that cannot open rejects `ready` for whoever awaits it; nothing else waits on it unhandled.
  ready.catch(() => {});

  const onlineAgain = () => {
    retryAt.clear();
    pump();
  };
  const target = globalThis as {
    addEventListener?: EventTarget['addEventListener'];
    removeEventListener?: EventTarget['removeEventListener'];
  };
  target.addEventListener?.('online', onlineAgain);

  /** Sends what may go now: per lane the first entry that is neither failed nor done, unless held or waiting. */
  function pump(): void {
    if (closed || !leading) return;
    const now = scheduler.now();
    const lanes = new Set<string>();
    let soonest = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      // A failed entry is done for sending; a later one of its entity goes after it.
      if (entry.status === 'failed') continue;
      const lane = laneOf(entry);
      if (lanes.has(lane)) continue;
      lanes.add(lane);
      if (entry.status === 'conflict' || inFlight.has(entry.id)) continue;
      const at = retryAt.get(entry.id) ?? 0;
      if (at > now) soonest = Math.min(soonest, at);
      else if (isOnline()) void send(entry);
      // Offline: the `online` event sends at once where there is one; a cheap look now and then where not.
      else soonest = Math.min(soonest, now + baseDelayMs);
    }
    wake?.unsubscribe();
    wake = soonest === Number.POSITIVE_INFINITY ? undefined : scheduler.schedule(pump, soonest - now);
  }

  function sendContext(entry: OutboxEntry): SendContext | undefined {
    const resource = resources.get(entry.type) ?? definedResource(entry.type);
    const ops = resource && linkOf(resource).ops;
    if (!ops) return undefined;
    const remove = (resource as { delete?: (id: string) => Promise<Task> }).delete;
    return {
      ops: ops as ResourceOps<object, string, unknown>,
      store,
      onConflict,
      remove: remove?.bind(resource),
      waitTask: (taskId) => client.tasks.wait(taskId),
    };
  }
  /** A type the client has a definition of (`client.resource(def)` made somewhere), if not yet known here. */
  function definedResource(type: string): object | undefined {
    const definition = ctx.definitions.get(type);
    return definition ? client.resource(definition) : undefined;
  }

  async function send(entry: OutboxEntry): Promise<void> {
    const sendWith = sendContext(entry);
    if (!sendWith) {
      // Restored before the app defined its resource: kept, and tried again later.
      return backOff(
        entry,
        new TypeError(`no resource of type ${entry.type} is known: pass it in createOutbox({ resources })`),
      );
    }
    inFlight.add(entry.id);
    replace({ ...entry, status: 'sending' });
    const outcome = await sendEntry(entry, sendWith);
    inFlight.delete(entry.id);
    const current = find(entry.id);
    // Discarded or resolved as theirs meanwhile: what came back changes nothing more here.
    if (!current) return pump();
    await settleOutcome(current, outcome).catch(() => {
      // Storage refused the outcome: the entry stays as storage has it and is settled on a later send.
    });
    pump();
  }

  async function settleOutcome(entry: OutboxEntry, outcome: SendOutcome): Promise<void> {
    switch (outcome.kind) {
      case 'landed': {
        failures.delete(entry.id);
        retryAt.delete(entry.id);
        overlay.landed(entry.id, outcome.entity);
        without(entry.id);
        settle(entry.id, entry.kind === 'delete' ? undefined : outcome.entity, true, true);
        await drop(entry.id);
        post({ kind: 'changed' });
        return;
      }
      case 'accepted': {
        const next = { ...entry, status: 'pending' as const, taskId: outcome.taskId, error: undefined };
        replace(next);
        await save(next);
        post({ kind: 'changed' });
        return;
      }
      case 'retry':
        return backOff(entry, outcome.error);
      case 'conflict': {
        const next = { ...entry, status: 'conflict' as const, conflict: outcome.conflict, error: undefined };
        replace(next);
        await save(next);
        post({ kind: 'changed' });
        return;
      }
      case 'failed': {
        const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
        const next = { ...entry, status: 'failed' as const, error };
        replace(next);
        settle(entry.id, error, false, true);
        await save(next);
        post({ kind: 'changed' });
        return;
      }
    }
  }

  function backOff(entry: OutboxEntry, error: unknown) {
    const n = (failures.get(entry.id) ?? 0) + 1;
    failures.set(entry.id, n);
    retryAt.set(
      entry.id,
      scheduler.now() + fullJitter(Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1)), random),
    );
    replace({ ...entry, status: 'pending', error: error instanceof Error ? error : undefined });
  }

  // Entries being stored: later updates of the same entity take their change into their base.
  const storing = new Set<OutboxEntry>();

  /** Stores `entry` before anything is sent, then sends; the promise follows the entry to its end. */
  async function enqueue<T>(entry: OutboxEntry): Promise<T> {
    storing.add(entry);
    try {
      await ready;
      if (closed) throw abortError('The outbox is closed');
      await save(entry);
    } finally {
      storing.delete(entry);
    }
    const done = new Promise<T>((resolve, reject) =>
      settlers.set(entry.id, { resolve: resolve as Settler['resolve'], reject }),
    );
    replace(entry);
    post({ kind: 'changed' });
    pump();
    return done;
  }

  // Strictly increasing within a tab, so two writes in the same millisecond keep their order.
  let lastMade = 0;
  const made = () => {
    lastMade = Math.max(Date.now(), lastMade + 1);
    return lastMade;
  };

  return {
    ready,
    get entries() {
      return entries;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    create<T extends object>(resource: OutboxResource<T>, input: unknown) {
      const type = know(resource);
      return enqueue<T>(
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'create',
          type,
          input,
          idempotencyKey: createIdempotencyKey(),
          status: 'pending',
          madeAt: made(),
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
      // The base is what the view shows now: the held version with this entity's pending changes over
      // it, those still being stored included.
      const held = store.get<{ version?: number }>(type, id);
      let shown = ctx.view.get<Record<string, unknown>>(type, id);
      for (const earlier of storing)
        if (shown && earlier.kind === 'update' && earlier.type === type && earlier.entityId === id)
          shown = { ...shown, ...earlier.patch };
      return enqueue<T>(
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'update',
          type,
          entityId: id,
          patch: { ...patch },
          baseVersion: held?.version,
          base: shown ? { ...shown } : undefined,
          status: 'pending',
          madeAt: made(),
        }),
      );
    },
    delete(resource, id) {
      const type = know(resource);
      return enqueue<void>(
        Object.freeze({
          id: createIdempotencyKey(),
          kind: 'delete',
          type,
          entityId: id,
          status: 'pending',
          madeAt: made(),
        }),
      );
    },
    async resolve(entryId, choice) {
      const entry = find(entryId);
      if (entry?.status !== 'conflict' || !entry.conflict)
        throw new TypeError(`outbox entry ${entryId} is not a conflict to resolve`);
      if (choice === 'mine') {
        const next = {
          ...entry,
          status: 'pending' as const,
          resolution: 'mine' as const,
          conflict: undefined,
        };
        await save(next);
        replace(next);
        post({ kind: 'changed' });
        pump();
        return;
      }
      const { fields, base, mine, theirs } = entry.conflict;
      await drop(entryId);
      without(entryId);
      settle(
        entryId,
        new EditConflictError(entry.type, entry.entityId as string, [...fields], { base, mine, theirs }),
        false,
        true,
      );
      post({ kind: 'changed' });
    },
    async discard(entryId) {
      if (!find(entryId)) return;
      await drop(entryId);
      without(entryId);
      settle(entryId, abortError('The outbox entry was discarded'), false, true);
      post({ kind: 'changed' });
    },
    async close() {
      if (closed) return;
      closed = true;
      wake?.unsubscribe();
      lockRequest.abort();
      releaseLock?.();
      target.removeEventListener?.('online', onlineAgain);
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      detachOverlay();
      for (const id of [...settlers.keys()])
        settle(
          id,
          abortError('The outbox closed: the write stays stored and the next outbox sends it'),
          false,
        );
      await ready.catch(() => {});
    },
  };
}
