import type { SchedulerLike, Subscription } from 'rxjs';
import { RateLimitError } from '../errors/apiError';
import { MAX_TIMER_MS } from '../http/maxTimerMs';
import type { EntryList } from './entryList';
import { laneOf, type OutboxEntry } from './outboxEntry';
import type { OutboxOverlay } from './outboxOverlay';
import type { OutboxRecords } from './outboxRecords';
import { type SendContext, type SendOutcome, sendEntry } from './sendEntry';

/** What the sender works with: the outbox's entries, storage and view, and how to reach the rest. */
export interface SenderHost {
  readonly list: EntryList;
  readonly records: OutboxRecords;
  readonly overlay: OutboxOverlay;
  readonly scheduler: SchedulerLike;
  isOnline(): boolean;
  random(): number;
  /** How to send an entry; `undefined` while its resource is not known (restored before the app defined it). */
  context(entry: OutboxEntry, signal: AbortSignal): Omit<SendContext, 'markSent'> | undefined;
  /** An entry's write ended: its promise settles, here and in the other tabs. */
  settle(entryId: string, outcome: unknown, ok: boolean): void;
  /** Storage changed: the other tabs read it again. */
  changed(): void;
}

/** The sender's waits, in ms: the backoff between sends that did not land, and the grace of a restored send. */
export interface SenderTiming {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly landingGraceMs: number;
}

const fullJitter = (ceiling: number, random: () => number) => ceiling / 2 + (random() * ceiling) / 2;

/**
 * Sends an outbox's entries: per entity (lane) the oldest that is neither failed nor held, one at a
 * time, storing each as sent before it goes and each outcome once it is back; waits out a backoff
 * between sends that did not land, and sends nothing while offline, stopped, or not the tab that leads.
 */
export class OutboxSender {
  /** Whether this tab sends: it holds the outbox's lock, or needs none. */
  leading = false;
  private stopped = false;
  // Sends in flight, each with what aborts it when the outbox closes.
  private readonly inFlight = new Map<string, AbortController>();
  private readonly retryAt = new Map<string, number>();
  // Until when the service asked an entry to wait (a Retry-After): coming back online does not cut it short.
  private readonly asked = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  // Lanes held while an entry of theirs is being deleted: a delete that fails puts the entry back,
  // and what was made after it must not have gone first.
  private readonly held = new Map<string, number>();
  private wake: Subscription | undefined;

  constructor(
    private readonly host: SenderHost,
    private readonly timing: SenderTiming,
  ) {}

  isSending(entryId: string): boolean {
    return this.inFlight.has(entryId);
  }

  /** Entries an earlier page left: one sent when that page went away is given time to land before it is looked at. */
  restored(entries: readonly OutboxEntry[]): void {
    const until = this.host.scheduler.now() + this.timing.landingGraceMs;
    for (const entry of entries) if (entry.sentAt !== undefined) this.retryAt.set(entry.id, until);
  }

  /** Back online: whatever waits out a backoff goes now. */
  online(): void {
    const now = this.host.scheduler.now();
    for (const id of this.retryAt.keys()) if (!((this.asked.get(id) ?? 0) > now)) this.retryAt.delete(id);
    this.pump();
  }

  /** Sends what may go now: per lane the first entry that is neither failed nor done, unless held or waiting. */
  pump(): void {
    if (this.stopped || !this.leading) return;
    const { scheduler } = this.host;
    const now = scheduler.now();
    const lanes = new Set<string>();
    let soonest = Number.POSITIVE_INFINITY;
    for (const entry of this.host.list.entries) {
      // A failed entry is done for sending; a later one of its entity goes after it.
      if (entry.status === 'failed') continue;
      const lane = laneOf(entry);
      if (lanes.has(lane)) continue;
      lanes.add(lane);
      if (this.held.has(lane)) continue;
      if (entry.status === 'conflict' || this.inFlight.has(entry.id)) continue;
      const at = this.retryAt.get(entry.id) ?? 0;
      if (at > now) soonest = Math.min(soonest, at);
      else if (this.host.isOnline()) void this.send(entry);
      // Offline: the `online` event sends at once where there is one; a cheap look now and then where not.
      else soonest = Math.min(soonest, now + this.timing.baseDelayMs);
    }
    this.wake?.unsubscribe();
    // Capped: a longer timer fires at once (a Retry-After of weeks would wake the outbox every ms).
    this.wake =
      soonest === Number.POSITIVE_INFINITY
        ? undefined
        : scheduler.schedule(() => this.pump(), Math.min(soonest - now, MAX_TIMER_MS));
  }

  /** Sends nothing more; what is in flight goes on until `abort`. */
  stop(): void {
    this.stopped = true;
    this.wake?.unsubscribe();
  }

  /** Aborts the sends in flight: each entry stays stored, marked as sent, for the next outbox. */
  abort(reason: unknown): void {
    for (const controller of this.inFlight.values()) controller.abort(reason);
  }

  /** Aborts the send of one entry, if one is in flight, and forgets its waits: it was discarded or resolved as theirs. */
  cancel(entryId: string, reason: unknown): void {
    this.inFlight.get(entryId)?.abort(reason);
    this.forget(entryId);
  }

  /** Drops what the sender keeps of an entry that left for good (landed, discarded, resolved as theirs, failed). */
  private forget(entryId: string): void {
    this.failures.delete(entryId);
    this.retryAt.delete(entryId);
    this.asked.delete(entryId);
  }

  /** Sends nothing of `entry`'s lane until the returned function is called (then sends what may go). */
  hold(entry: OutboxEntry): () => void {
    const lane = laneOf(entry);
    this.held.set(lane, (this.held.get(lane) ?? 0) + 1);
    return () => {
      const left = (this.held.get(lane) ?? 1) - 1;
      if (left > 0) this.held.set(lane, left);
      else this.held.delete(lane);
      this.pump();
    };
  }

  private async send(entry: OutboxEntry): Promise<void> {
    const { list, records } = this.host;
    const controller = new AbortController();
    const context = this.host.context(entry, controller.signal);
    if (!context) {
      return this.backOff(
        entry,
        new TypeError(`no resource of type ${entry.type} is known: pass it in createOutbox({ resources })`),
      );
    }
    const sendContext: SendContext = {
      ...context,
      markSent: (sentFrom) => this.markSent(entry.id, sentFrom),
    };
    this.inFlight.set(entry.id, controller);
    const sending: OutboxEntry = { ...entry, status: 'sending', sentAt: Date.now() };
    list.replace(sending);
    let outcome: SendOutcome;
    try {
      // Stored as sent before it goes: a page that goes away now leaves a mark the next one honours.
      await records.save(sending);
      // The entry as it was before this send: its `sentFrom`, set when an earlier PATCH went out,
      // says which versions can be that PATCH landing.
      outcome = await sendEntry(entry, sendContext);
    } catch (error) {
      outcome = { kind: 'retry', error };
    } finally {
      this.inFlight.delete(entry.id);
    }
    const current = list.find(entry.id);
    // Closed, discarded or resolved as theirs meanwhile: what came back changes nothing more here.
    if (this.stopped || !current || controller.signal.aborted) return this.pump();
    await this.settleOutcome(current, outcome).catch(() => {
      // Storage refused the outcome: the entry stays as storage has it and is settled on a later send.
    });
    this.pump();
  }

  /** Stores where an update's first PATCH starts from, before it goes (see `OutboxEntry.sentFrom`). */
  private async markSent(entryId: string, sentFrom: number): Promise<void> {
    const current = this.host.list.find(entryId);
    if (!current) return;
    const marked: OutboxEntry = { ...current, sentFrom };
    this.host.list.replace(marked);
    await this.host.records.save(marked);
  }

  private async settleOutcome(entry: OutboxEntry, outcome: SendOutcome): Promise<void> {
    const { host } = this;
    const { list, records } = host;
    const store = async (next: OutboxEntry) => {
      list.replace(next);
      await records.save(next);
      host.changed();
    };
    switch (outcome.kind) {
      case 'landed': {
        this.forget(entry.id);
        host.overlay.landed(entry.id, outcome.entity);
        list.remove(entry.id);
        host.settle(entry.id, entry.kind === 'delete' ? undefined : outcome.entity, true);
        await records.drop(entry.id);
        host.changed();
        return;
      }
      case 'accepted':
        return store({ ...entry, status: 'pending', taskId: outcome.taskId, error: undefined });
      case 'retry':
        return this.backOff(entry, outcome.error);
      case 'conflict':
        return store({ ...entry, status: 'conflict', conflict: outcome.conflict, error: undefined });
      case 'failed': {
        const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
        this.forget(entry.id);
        const next: OutboxEntry = { ...entry, status: 'failed', error };
        list.replace(next);
        host.settle(entry.id, error, false);
        await records.save(next);
        host.changed();
        return;
      }
    }
  }

  private backOff(entry: OutboxEntry, error: unknown): void {
    const { baseDelayMs, maxDelayMs } = this.timing;
    const n = (this.failures.get(entry.id) ?? 0) + 1;
    this.failures.set(entry.id, n);
    const backoff = fullJitter(Math.min(maxDelayMs, baseDelayMs * 2 ** (n - 1)), () => this.host.random());
    // A Retry-After past the client's cap ends the call at once: the entry still waits at least as long
    // as the service asked (spec, Limits), and longer if its backoff says so.
    const asked = error instanceof RateLimitError ? (error.retryAfterMs ?? 0) : 0;
    const now = this.host.scheduler.now();
    if (asked > 0) this.asked.set(entry.id, now + asked);
    this.retryAt.set(entry.id, now + Math.max(backoff, asked));
    this.host.list.replace({
      ...entry,
      status: 'pending',
      error: error instanceof Error ? error : undefined,
    });
  }
}
