import type { ReadCache } from '../reads/readCache';
import type { ReadEntry } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import { ListenerList } from '../store/listenerList';
import { reportUnhandled } from '../store/reportUnhandled';

/**
 * The wiring every observer of one read key shares. The result is derived from the entry's state
 * (and whatever else `derive` reads), and listeners hear only of a new result (compared by identity:
 * a change that leaves every field as it was notifies nobody). While anyone listens, the entry is
 * retained and listened to, and `attach` adds what else the observer follows; the entry is looked up
 * at each first subscription, since an idle entry may be dropped and made anew.
 *
 * A class rather than closures: a dashboard keeps thousands of observers alive, and every closure
 * (with its context) is memory the collector walks while they live. Own functions are only what a
 * view layer calls detached (`getResult`, `subscribe`) and the listener handed to the entry.
 */
export class EntryObserver<R> {
  private attached: ReadEntry | undefined;
  private result: R | undefined;
  private seen: R | undefined;
  private readonly listeners = new ListenerList();
  // What the first subscription set up, undone by the last leave.
  private release: (() => void) | undefined;
  private offEntry: (() => void) | undefined;
  private detach: (() => void) | undefined;
  // While the first subscription sets up: what a listener threw (told of the read it starts), kept
  // until the setup is whole, so a throw cannot leave it half made and its unsubscribe never handed out.
  private attaching = false;
  private thrown: unknown[] | undefined;

  /**
   * `deriveWith` and `attachWith` serve an observer made once per view (a history, a list, a task);
   * one made per row overrides `derive` and `attach` instead, so it holds no callbacks besides the
   * functions it hands out.
   */
  constructor(
    protected readonly reads: ReadCache,
    readonly key: string,
    private readonly deriveWith?: (state: ReadState | undefined, prev: R | undefined) => R,
    private readonly attachWith?: (entry: ReadEntry, changed: () => void) => (() => void) | undefined,
  ) {}

  /** Derives the result from the entry's state; returns `prev` when nothing it shows changed. */
  protected derive(state: ReadState | undefined, prev: R | undefined): R {
    return (this.deriveWith as NonNullable<typeof this.deriveWith>)(state, prev);
  }

  /** Called at the first subscription: follow what else the result reads; return how to stop. */
  protected attach(entry: ReadEntry): (() => void) | undefined {
    return this.attachWith?.(entry, this.changed);
  }

  /** The result, the same object until `derive` makes another. */
  readonly getResult = (): R => {
    this.result = this.derive(this.state(), this.result);
    return this.result;
  };

  /** The first subscriber retains the entry and attaches; the last one leaving lets both go. */
  readonly subscribe = (listener: () => void): (() => void) => {
    const first = this.listeners.size === 0;
    this.listeners.add(listener);
    // Only the first listener attaches: the same listener again is held once, as in a Set.
    if (first) {
      this.seen = this.getResult();
      const entry = this.reads.entry(this.key);
      this.attached = entry;
      this.release = entry.retain();
      this.offEntry = entry.subscribe(this.changed);
      this.attaching = true;
      try {
        this.detach = this.attach(entry);
      } finally {
        this.attaching = false;
      }
      const thrown = this.thrown;
      this.thrown = undefined;
      if (thrown) reportUnhandled(new AggregateError(thrown, 'observer listeners threw'));
    }
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.leave();
    };
  };

  /** Tells listeners when the result changed; call it when something `derive` reads changed. */
  readonly changed = (): void => {
    if (this.listeners.size === 0) return;
    const next = this.getResult();
    if (next === this.seen) return;
    this.seen = next;
    try {
      this.listeners.notify('observer listeners threw');
    } catch (error) {
      if (!this.attaching) throw error;
      this.thrown = [...(this.thrown ?? []), ...(error instanceof AggregateError ? error.errors : [error])];
    }
  };

  /** The entry's state (the attached entry's while subscribed), if there is an entry. */
  state(): ReadState | undefined {
    return (this.attached ?? this.reads.peek(this.key))?.state;
  }

  private leave(): void {
    // Taken before they run: one of them may subscribe again, setting up anew.
    const { detach, offEntry, release } = this;
    this.detach = this.offEntry = this.release = this.attached = undefined;
    detach?.();
    offEntry?.();
    release?.();
  }
}
