import { entryKey, fromStored, isEntryKey, type OutboxEntry, toStored } from './outboxEntry';
import type { OutboxStorage } from './outboxStorage';
import { OutboxStorageError } from './outboxStorageError';

/** An outbox's entries in its storage; every failure is an `OutboxStorageError` naming the operation. */
export interface OutboxRecords {
  save(entry: OutboxEntry): Promise<void>;
  drop(entryId: string): Promise<void>;
  /**
   * Every entry storage holds; records that are not entries, or not readable as one, are skipped.
   * `touched` (when given) is filled with the entries this outbox stored or dropped while the read was
   * on its way: storage may give either state of those, so the caller's own copy is the one to trust.
   */
  readAll(touched?: Set<string>): Promise<OutboxEntry[]>;
}

/** `fromStored`, and for a value it cannot read at all, nothing: one damaged record never hides the others. */
function readable(value: unknown): OutboxEntry | undefined {
  try {
    return fromStored(value);
  } catch {
    return undefined;
  }
}

export function outboxRecords(storage: OutboxStorage): OutboxRecords {
  const guard = async <T>(operation: OutboxStorageError['operation'], run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new OutboxStorageError(operation, error);
    }
  };
  // The ids being written now, and the `touched` sets of the reads on their way.
  const writing = new Map<string, number>();
  const reads = new Set<Set<string>>();
  const writes = async (entryId: string, run: () => Promise<void>) => {
    writing.set(entryId, (writing.get(entryId) ?? 0) + 1);
    for (const touched of reads) touched.add(entryId);
    try {
      await run();
    } finally {
      const left = (writing.get(entryId) ?? 1) - 1;
      if (left > 0) writing.set(entryId, left);
      else writing.delete(entryId);
    }
  };
  return {
    save: (entry) =>
      writes(entry.id, () => guard('write', () => storage.set(entryKey(entry.id), toStored(entry)))),
    drop: (entryId) => writes(entryId, () => guard('delete', () => storage.delete(entryKey(entryId)))),
    async readAll(touched) {
      if (touched) {
        for (const entryId of writing.keys()) touched.add(entryId);
        reads.add(touched);
      }
      try {
        return await guard('read', async () => {
          const found: OutboxEntry[] = [];
          for (const key of await storage.keys()) {
            if (!isEntryKey(key)) continue;
            const entry = readable(await storage.get(key));
            if (entry) found.push(entry);
          }
          return found;
        });
      } finally {
        if (touched) reads.delete(touched);
      }
    },
  };
}
