import { entryKey, fromStored, isEntryKey, type OutboxEntry, toStored } from './outboxEntry';
import type { OutboxStorage } from './outboxStorage';
import { OutboxStorageError } from './outboxStorageError';

/** An outbox's entries in its storage; every failure is an `OutboxStorageError` naming the operation. */
export interface OutboxRecords {
  save(entry: OutboxEntry): Promise<void>;
  drop(entryId: string): Promise<void>;
  /** Every entry storage holds; records that are not entries, or not readable as one, are skipped. */
  readAll(): Promise<OutboxEntry[]>;
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
  return {
    save: (entry) => guard('write', () => storage.set(entryKey(entry.id), toStored(entry))),
    drop: (entryId) => guard('delete', () => storage.delete(entryKey(entryId))),
    readAll: () =>
      guard('read', async () => {
        const found: OutboxEntry[] = [];
        for (const key of await storage.keys()) {
          if (!isEntryKey(key)) continue;
          const entry = readable(await storage.get(key));
          if (entry) found.push(entry);
        }
        return found;
      }),
  };
}
