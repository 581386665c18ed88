import { type Observable, type Subscription, throwError } from 'rxjs';
import type { VStoreError } from '../errors/vstoreError';
import { methodObserver } from '../http/methodObserver';
import { ListenerList } from '../store/listenerList';
import { reportUnhandled } from '../store/reportUnhandled';
import { IDLE_STATE, type ReadAction, type ReadState, readReducer } from './readState';

/** What an entry tells its cache: when it may have become idle or busy, and the clock. */
export interface EntryHost {
  now(): number;
  /** The entry's flight, readers or listeners changed: the cache files it as busy or idle. */
  changed(entry: ReadEntry): void;
  /** The entry's state changed by `action` (for tools that watch every read). */
  /** Tells the cache's watchers (devtools), each isolated: returns what they threw, for the entry to report. */
  dispatched(entry: ReadEntry, action: ReadAction): unknown[] | undefined;
}

/**
 * One read in flight, and who waits for it; also the observer of its source (a class, not three
 * closures: thousands of reads may be in flight at once).
 */
class Flight {
  subscription: Subscription | undefined = undefined;
  /** Made by the first caller: an observer's read has none. */
  waiters: Set<Waiter> | undefined = undefined;
  /** Callers (`get`, `load`, a suspended render) that keep it going; observers keep it by retaining the entry. */
  holders = 0;
  private last: unknown = undefined;
  private hasValue = false;

  constructor(
    private readonly entry: ReadEntry,
    private readonly done: (value: unknown) => ReadAction,
  ) {}

  next(value: unknown): void {
    this.last = value;
    this.hasValue = true;
  }

  error(error: unknown): void {
    this.entry.settle(
      this,
      { type: 'failed', at: this.entry.now(), error: error as VStoreError },
      error,
      false,
    );
  }

  complete(): void {
    if (this.hasValue) {
      this.entry.settle(this, this.done(this.last), this.last, true);
      return;
    }
    const error = noResult();
    this.entry.settle(this, { type: 'failed', at: this.entry.now(), error }, error, false);
  }
}

interface Waiter {
  flight: Flight;
  readonly holds: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Options of one caller of `ReadEntry.fetch`. */
export interface FetchOptions {
  /** Leaves the read: this caller's promise rejects with the signal's reason; the read goes on for others. */
  signal?: AbortSignal | undefined;
  /** Aborts a read in flight and starts afresh; its callers get the new read's outcome. @default false */
  replace?: boolean | undefined;
  /** A list's next page rather than a read of the whole. @default false */
  nextPage?: boolean | undefined;
  /**
   * Whether this caller keeps the read going by itself. An observer's own calls (`refetch`, a next
   * page) do not: the read lasts while the observer is subscribed, and is aborted when nobody is.
   * @default true
   */
  hold?: boolean | undefined;
}

const noop = () => {};

/**
 * The owner of one read key (TanStack Query's `Query` is the model): its state, changed only by
 * `dispatch` through `readReducer`; the one read in flight, which every caller and observer of the
 * key shares; and who is interested. A read nobody wants any more (no caller waiting, no observer
 * retaining the key) is aborted a microtask after the last one leaves, so a remount keeps it.
 */
export class ReadEntry {
  state: ReadState = IDLE_STATE;
  /** The cache's bookkeeping: filed among the idle entries, counted among the reads in flight. */
  idle = false;
  counted = false;
  private flight: Flight | undefined;
  private retainers = 0;
  private readonly listeners = new ListenerList();

  constructor(
    readonly key: string,
    private readonly host: EntryHost,
  ) {}

  /** In flight, retained or listened to: the cache never drops a busy entry. */
  get busy(): boolean {
    return this.flight !== undefined || this.retainers > 0 || this.listeners.size > 0;
  }

  /**
   * Applies `action` through the reducer; listeners hear of a change, not of a no-op, nor of the
   * bookkeeping that no result shows (when the copy was confirmed, which reply is held).
   */
  dispatch(action: ReadAction): void {
    const next = readReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    // Watchers first, so a log of actions keeps their order. What one (devtools) throws is reported,
    // never thrown into the read: the read's listeners still hear, and its observer is not left half made.
    const errors = this.host.dispatched(this, action);
    if (errors) reportUnhandled(new AggregateError(errors, 'read watchers threw'));
    if (action.type !== 'confirmed') this.notify();
  }

  /**
   * Tells listeners that what they show may have changed with the state as it is: a pending change
   * laid over the store's copy (see `EntityView`). Read state itself changes only by `dispatch`.
   */
  notify(): void {
    if (this.listeners.size > 0) this.listeners.notify('read listeners threw');
  }

  /**
   * Joins the read in flight, or starts one from `start` (with `replace`, always starts one, aborting
   * the old and taking over its callers). `done` turns the read's last value into the action that
   * records it. Resolves with that value; rejects with the read's error, or with `signal`'s reason
   * when this caller leaves first.
   */
  fetch<T>(
    start: () => Observable<T>,
    done: (value: T) => ReadAction,
    options: FetchOptions = {},
  ): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        flight: undefined as unknown as Flight,
        holds: options.hold !== false,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      if (signal) {
        const leave = () => {
          const current = waiter.flight;
          if (!current.waiters?.delete(waiter)) return;
          if (waiter.holds) current.holders--;
          reject(signal.reason);
          // A caller that leaves is gone for good (unlike an observer, which a remount brings back).
          this.abandonIfUnwanted(current);
        };
        signal.addEventListener('abort', leave, { once: true });
        waiter.resolve = (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value as T);
        };
        waiter.reject = (error) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        };
      }
      // The waiter joins before a new read is subscribed to: a read may settle while subscribing.
      if (this.flight && !options.replace) this.join(this.flight, waiter);
      else this.launch(start, done as never, options.nextPage, waiter);
    });
  }

  /** `fetch` for observers: starts unless a read is in flight; nobody waits on a promise. */
  run<T>(start: () => Observable<T>, done: (value: T) => ReadAction, replace = false): void {
    if (!this.flight || replace) this.launch(start, done as never, false);
  }

  /** Whether a read of this key is in flight. */
  get isFetching(): boolean {
    return this.flight !== undefined;
  }

  /** Marks the key as read by an observer; the returned release lets it go (once). */
  retain(): () => void {
    this.retainers++;
    this.host.changed(this);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.retainers--;
      this.host.changed(this);
      const flight = this.flight;
      if (this.retainers === 0 && flight) queueMicrotask(() => this.abandonIfUnwanted(flight));
    };
  }

  /** Called after each change of `state`. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.host.changed(this);
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.host.changed(this);
    };
  }

  private join(flight: Flight, waiter: Waiter): void {
    waiter.flight = flight;
    flight.waiters ??= new Set();
    flight.waiters.add(waiter);
    if (waiter.holds) flight.holders++;
  }

  private launch(
    start: () => Observable<unknown>,
    done: (value: unknown) => ReadAction,
    nextPage: boolean | undefined,
    waiter?: Waiter,
  ) {
    const old = this.flight;
    const flight = new Flight(this, done);
    this.flight = flight;
    if (old) {
      // A replaced read ends silently; whoever waited for it waits for this one.
      old.subscription?.unsubscribe();
      for (const moved of old.waiters ?? []) {
        moved.flight = flight;
        flight.waiters ??= new Set();
        flight.waiters.add(moved);
      }
      flight.holders = old.holders;
    }
    if (waiter) this.join(flight, waiter);
    try {
      this.dispatch({ type: 'started', nextPage });
    } finally {
      // A listener that throws on 'started' surfaces to this caller, after the read is under way:
      // left unsubscribed, the flight would never settle, and every later read of the key would join it.
      if (!old) this.host.changed(this);
      this.subscribeTo(flight, start);
    }
    return flight;
  }

  private subscribeTo(flight: Flight, start: () => Observable<unknown>): void {
    let source: Observable<unknown>;
    try {
      source = start();
    } catch (error) {
      source = throwError(() => error);
    }
    const subscription = source.subscribe(methodObserver(flight));
    // A source that settled while subscribing (a cached copy) has nothing left to cancel.
    if (this.flight === flight) flight.subscription = subscription;
  }

  /** The host's clock. */
  now(): number {
    return this.host.now();
  }

  /** Ends `flight` with `action`, if it is still this entry's read (for `Flight`). */
  settle(flight: Flight, action: ReadAction, outcome: unknown, ok: boolean): void {
    if (this.flight !== flight) return;
    this.flight = undefined;
    try {
      this.dispatch(action);
    } finally {
      for (const waiter of flight.waiters ?? []) (ok ? waiter.resolve : waiter.reject)(outcome);
      this.host.changed(this);
    }
  }

  private abandonIfUnwanted(flight: Flight): void {
    if (this.flight !== flight || flight.holders > 0 || this.retainers > 0) return;
    this.flight = undefined;
    flight.subscription?.unsubscribe();
    try {
      this.dispatch({ type: 'abandoned' });
    } finally {
      // Only callers that do not hold a read can still be waiting for one nobody wants.
      for (const waiter of flight.waiters ?? [])
        waiter.reject(new DOMException('The read was abandoned', 'AbortError'));
      this.host.changed(this);
    }
  }
}

const noResult = () => new Error('The read completed without a result') as VStoreError;

/** A promise that never rejects, for observers' `refetch` and `load`. */
export const settled = (promise: Promise<unknown>): Promise<void> => promise.then(noop, noop);
