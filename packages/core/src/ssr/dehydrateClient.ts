import type { ClientContext } from '../client/clientContext';
import { CLIENT_SNAPSHOT_FORMAT, type ClientSnapshot, type ReadRecord } from './clientSnapshot';
import { toErrorRecord } from './errorRecord';
import { readKeyParts } from './readKeyParts';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The client's state for a page rendered on the server: the store's snapshot, and for each read
 * (latest, historical version, history list) its result, last failure and times. Entities are the
 * store's frozen objects, not copies: serialize the snapshot, don't mutate it.
 */
export function dehydrateClient({ store, requests }: ClientContext): ClientSnapshot {
  const reads: ReadRecord[] = [];
  for (const [key, state] of requests.entries()) {
    const parts = readKeyParts(key);
    if (!parts) continue;
    const record: Writable<ReadRecord> = { ...parts };
    // A confirmation vouches for the store's copy, so it goes only with one (a removed key has none).
    if (parts.read === 0 && state.confirmedAt !== undefined && store.get(parts.type, parts.id))
      record.confirmedAt = state.confirmedAt;
    if (parts.read !== 0 && state.result !== undefined) record.result = state.result;
    if (state.settledAt !== undefined) record.settledAt = state.settledAt;
    if (state.error !== undefined) {
      record.error = toErrorRecord(state.error);
      if (state.errorAt !== undefined) record.errorAt = state.errorAt;
    }
    if (record.confirmedAt !== undefined || record.result !== undefined || record.error !== undefined)
      reads.push(record);
  }
  return { format: CLIENT_SNAPSHOT_FORMAT, store: store.dehydrate(), reads };
}
