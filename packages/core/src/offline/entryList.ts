import { byMadeAt, type OutboxEntry } from './outboxEntry';

/**
 * An outbox's entries as its readers see them: oldest first, a new frozen array on every change, each
 * change told to `onChange` (the overlay) and then to every subscriber.
 */
export class EntryList {
  entries: readonly OutboxEntry[] = Object.freeze([]);
  private lastMade = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly onChange: (entries: readonly OutboxEntry[]) => void) {}

  publish(next: readonly OutboxEntry[]): void {
    this.entries = Object.freeze([...next].sort(byMadeAt));
    // A write made here next comes after every write known, whichever tab or page made it.
    for (const entry of this.entries) this.lastMade = Math.max(this.lastMade, entry.madeAt);
    this.onChange(this.entries);
    for (const listener of [...this.listeners]) listener();
  }

  replace(entry: OutboxEntry): void {
    this.publish(
      this.entries.some((e) => e.id === entry.id)
        ? this.entries.map((e) => (e.id === entry.id ? entry : e))
        : [...this.entries, entry],
    );
  }

  remove(entryId: string): void {
    this.publish(this.entries.filter((e) => e.id !== entryId));
  }

  find(entryId: string): OutboxEntry | undefined {
    return this.entries.find((e) => e.id === entryId);
  }

  /** When a new write is made: strictly increasing, so two writes in one millisecond keep their order. */
  made(): number {
    this.lastMade = Math.max(Date.now(), this.lastMade + 1);
    return this.lastMade;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
