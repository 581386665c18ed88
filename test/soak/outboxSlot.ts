import { type Client, type Entity, getClientEvents } from '@vstore/core';
import {
  createOutbox,
  memoryStorage,
  type Outbox,
  type OutboxEntry,
  persistStore,
} from '@vstore/core/offline';
import type { OfflineNetwork } from './offlineNetwork';
import { createWriteTracker, type OutboxWrite } from './outboxWrites';
import type { OfflinePlan, OfflineSpell } from './planOffline';
import type { Violation } from './recordingFetch';
import { seededRandom } from './seededRandom';
import type { SoakPage } from './soakPage';
import { watchDeliveries } from './watchDeliveries';
import { watchStore } from './watchStore';

/** One page of an outbox client: its client, outbox and event stream, until the next reload. */
export interface OutboxPage extends SoakPage {
  readonly outbox: Outbox;
}

/** What a new page is made with (the client's options, over the slot's network). */
export interface PageParts {
  readonly client: (fetchImpl: typeof fetch) => Client;
  readonly onGap: () => void;
  readonly violate: (violation: Violation) => void;
}

/**
 * Longest wait for a write to be stored. Storing takes microtasks (memory storage), but an edit whose
 * entity the page has not yet read reads it first, and under chaos that read may wait out a 429's
 * Retry-After (up to 5 s) before each of its 5 attempts, the first behind a cooldown another request
 * began: about 25 s by the client's own bounds. The 10 s this wait once had was missed in one CI run;
 * CI runs measure 4 s for such a write, against 0.2 s at most on a quiet machine. A reload may sit
 * between. A miss says whether the edit read first.
 */
const STORED_WITHIN_MS = 35_000;
/** The outbox's waits between sends that did not land; the cap keeps a late send inside the run. */
const BACKOFF = { baseDelayMs: 100, maxDelayMs: 2000 };

/**
 * An outbox client across its pages: one storage (the browser's IndexedDB) and one network outlive
 * every page; a reload closes the page's outbox, event stream and persisted store, and opens a new
 * client with a new outbox over the same storage, its store restored by `persistStore` and its stream
 * resumed from the last event id the old page had (kept by the application, as a page keeps it in
 * storage). Waits are on the slot's changes: an outbox change, the network going or coming, a store
 * change, a new page.
 */
export function createOutboxSlot(
  plan: OfflinePlan,
  network: OfflineNetwork,
  parts: PageParts,
  pages: SoakPage[],
) {
  const storage = memoryStorage();
  const random = seededRandom(plan.seed);
  const choices = seededRandom(plan.seed ^ 0x5f3759df);
  const tracker = createWriteTracker();
  const writes: OutboxWrite[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let page: OutboxPage | undefined;
  let teardown: (() => Promise<void>) | undefined;
  let reloading: Promise<void> | undefined;
  let making = 0;
  let made = 0;
  let reloads = 0;
  let spell = 0;
  // The write that took longest to be stored, told in the report so a slow run says what waited.
  let slowestStore = { ms: 0, what: '' };
  let faultsOn = true;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onSpell = new Set<(control: string) => Promise<unknown>>();
  // Controls whose name a lane of this client is still writing.
  const naming = new Set<string>();
  const rivalRandom = seededRandom(plan.seed ^ 0x2545f491);
  // Where the current page's stream began: the id handed on if it took no event since.
  let resumedFrom = '0';

  async function open(lastEventId: string): Promise<void> {
    resumedFrom = lastEventId;
    const wire = network.page(pages.length);
    const client = parts.client(wire.fetch);
    const index = plan.client;
    const watch = watchStore(index, client.store, parts.violate);
    const stopPersist = await persistStore(client, {
      storage,
      throttleMs: 200,
      onError: (error) =>
        parts.violate({ invariant: 'the store persists', detail: `client ${index}: ${error.message}` }),
    });
    const outbox = createOutbox(client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: network.isOnline,
      backoff: BACKOFF,
      random,
    });
    await outbox.ready;
    const events = getClientEvents(client);
    const deliveries = watchDeliveries(events);
    const disconnect = events.connect('/events', {
      lastEventId,
      onGap: parts.onGap,
    });
    const offOutbox = outbox.subscribe(() => {
      tracker.refresh(outbox.entries);
      notify();
    });
    const offStore = client.store.changes.subscribe(notify);
    tracker.refresh(outbox.entries);
    page = { client, watch, deliveries, outbox };
    pages.push(page);
    teardown = async () => {
      // The stream first, so the id kept is that of the last event this page took in.
      disconnect();
      offOutbox();
      offStore.unsubscribe();
      await outbox.close();
      await stopPersist();
      // The page is gone: whatever its client would still send (a read's retry) never leaves.
      wire.close();
    };
    notify();
  }

  const current = (): OutboxPage => {
    if (!page) throw new Error(`client ${plan.client} has no page open`);
    return page;
  };

  /** Resolves true once `done()` holds, checked at every change of the slot; false after `timeoutMs`. */
  function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const end = (ok: boolean) => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(ok);
      };
      const check = () => {
        if (done()) end(true);
      };
      const timer = setTimeout(() => end(false), timeoutMs);
      waiters.add(check);
    });
  }

  async function reload(): Promise<void> {
    if (reloading || !faultsOn) return reloading;
    reloading = (async () => {
      // A write being stored finishes first: the page goes between two of the person's actions.
      await until(() => making === 0, STORED_WITHIN_MS);
      const lastEventId = getClientEvents(current().client).getLastEventId() ?? resumedFrom;
      await teardown?.();
      reloads++;
      await open(lastEventId);
    })();
    try {
      await reloading;
    } finally {
      reloading = undefined;
      notify();
    }
  }

  function startSpell({ durationMs, rival }: OfflineSpell): void {
    if (!faultsOn || !network.isOnline()) return;
    spell++;
    network.goOffline();
    notify();
    // The other writer renames a control whose name this client is still writing, picked in a stable
    // order from a stream of its own.
    const running = [...naming].sort();
    const renames: Promise<unknown>[] = [];
    if (rival && running.length > 0) {
      const control = running[Math.floor(rivalRandom() * running.length)] as string;
      for (const listener of onSpell) renames.push(listener(control));
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      // Back online once the other writer's rename has settled too (bounded by its client's retry
      // bounds): under load it could land after this client's writes were sent, and the conflict
      // the spell exists to make would not happen.
      void Promise.allSettled(renames).then(() => {
        if (!faultsOn) return;
        network.goOnline();
        notify();
      });
    }, durationMs);
    timers.add(timer);
  }

  /** Counts a write made; begins the spells and reloads planned at this count. */
  function afterWrite(): void {
    made++;
    for (const s of plan.spells) if (s.afterWrites === made) startSpell(s);
    if (plan.reloads.includes(made)) void reload();
  }

  /**
   * Makes one write (`start` with the current page) and follows its entry: resolves true once the
   * entry is stored and tracked, false when the write made no entry (it failed before it was stored,
   * or changed nothing), with what it failed with.
   */
  async function make(
    write: OutboxWrite,
    start: (page: OutboxPage) => Promise<unknown>,
    match: (entry: OutboxEntry) => boolean,
  ): Promise<{ made: boolean; error?: unknown }> {
    while (reloading) await reloading;
    making++;
    const began = Date.now();
    let settled: { error?: unknown } | undefined;
    const promise = start(current());
    promise.then(
      (entity) => {
        if (entity && write.entity === undefined) write.entity = entity as Entity;
        settled = {};
        notify();
      },
      (error: unknown) => {
        settled = { error };
        notify();
      },
    );
    const find = () => {
      if (write.entryId !== undefined) return true;
      const entry = page?.outbox.entries.find((e) => !tracker.byEntry.has(e.id) && match(e));
      if (entry) tracker.attach(write, entry);
      return entry !== undefined;
    };
    // A write stored while the outbox closed rejects with an AbortError, and the next page restores it.
    const stored = await until(
      () => find() || (settled !== undefined && !(settled.error instanceof DOMException)),
      STORED_WITHIN_MS,
    );
    making--;
    notify();
    const took = Date.now() - began;
    if (write.entryId !== undefined && took > slowestStore.ms)
      slowestStore = { ms: took, what: describeWrite(write) };
    if (write.entryId === undefined)
      return { made: false, error: stored ? settled?.error : notStored(write, settled) };
    writes.push(write);
    afterWrite();
    return { made: true };
  }

  /** A stored write for the report: which it is, the network as it was stored, whether it read first. */
  function describeWrite(write: OutboxWrite): string {
    const online = network.isOnline() ? 'online' : 'offline';
    const read = write.readFirst ? ', its entity read first' : '';
    return `client ${write.client} ${write.kind} ${write.target ?? write.name}, ${online}${read}`;
  }

  /** Why a write made no entry within the bound: still running (e.g. its read), or aborted by a reload. */
  function notStored(write: OutboxWrite, settled: { error?: unknown } | undefined): Error {
    const state = settled === undefined ? 'the write had not settled' : 'the write was aborted by a reload';
    const read = write.readFirst ? ', after a read of its entity, which the store lacked' : '';
    return new Error(`not stored within ${STORED_WITHIN_MS} ms: ${state}${read}`);
  }

  return {
    plan,
    network,
    writes: writes as readonly OutboxWrite[],
    tracker,
    // The first page resumes from before the first event, so a page that reloads before it took any
    // still has an id to hand on: the application keeps '0' until its stream names another.
    open: () => open('0'),
    page: current,
    until,
    make,
    /** Calls `listener` with the control the plan's rival renames as an offline spell begins; the spell lasts until the promise it returns settles. */
    onSpell: (listener: (control: string) => Promise<unknown>) => onSpell.add(listener),
    /** A lane writing `control`'s name begins (true) or ends (false). */
    naming(control: string, running: boolean): void {
      if (running) naming.add(control);
      else naming.delete(control);
    },
    /** The number of the current offline spell, or 0 while online. */
    spell: () => (network.isOnline() ? 0 : spell),
    counts: () => ({
      made,
      reloads,
      spells: network.spells(),
      conflicts: tracker.conflicts(),
      slowestStore,
    }),
    /** A person's choice for a conflict, from a stream of its own. */
    choose: (): 'mine' | 'theirs' => (choices() < 0.5 ? 'mine' : 'theirs'),
    /** The end of the run's faults: online for good, no answer lost, no spell or reload begins. */
    async stopFaults(): Promise<void> {
      faultsOn = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      network.goOnline();
      network.stopLosing();
      notify();
      while (reloading) await reloading;
    },
    async close(): Promise<void> {
      faultsOn = false;
      while (reloading) await reloading;
      await teardown?.();
      teardown = undefined;
    },
  };
}

export type OutboxSlot = ReturnType<typeof createOutboxSlot>;
