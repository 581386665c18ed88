import type { Client } from '../client/createClient';
import { contextOf } from '../reads/readContext';
import { readKeyParts } from '../reads/readKey';
import type { ReadState } from '../reads/readState';
import { CLIENT_SNAPSHOT_FORMAT, type ClientSnapshot, type ReadRecord } from './clientSnapshot';
import { toErrorRecord } from './errorRecord';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A client's state for a page rendered on the server: the store's snapshot (entities and
 * tombstones), and for each read (latest, historical version, history list, list) its result, last
 * failure (a plain record) and times, and a list's pages. Entities are the store's frozen objects,
 * not copies: put the snapshot in the page with `serializeSnapshot`, don't mutate it. A function
 * rather than a method of the client, so an app that never renders on the server does not ship it.
 * `client` is what `createClient` returned, or an object made from it with `Object.create`; a
 * spread copy (`{ ...client }`) is not a client, and gets a TypeError.
 *
 * @example
 * ```ts
 * import { createClient, dehydrate, serializeSnapshot } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080', getToken: () => 'dev-token' });
 * await client.spendControls.get('sc_1');
 * const script = `<script>window.__VSTORE__ = ${serializeSnapshot(dehydrate(client))}</script>`;
 * ```
 */
export function dehydrate(client: Client): ClientSnapshot {
  const { store, reads } = contextOf(client);
  const records: ReadRecord[] = [];
  for (const entry of reads.entries()) {
    const parts = readKeyParts(entry.key);
    if (!parts) continue;
    const record = recordOf(parts, entry.state);
    // A confirmation vouches for the store's copy, so it goes only with one (a removed key has none).
    if (parts.read === 0 && record.confirmedAt !== undefined && !store.get(parts.type, parts.id))
      delete record.confirmedAt;
    if (
      record.confirmedAt !== undefined ||
      record.result !== undefined ||
      record.error !== undefined ||
      record.pages !== undefined
    )
      records.push(record);
  }
  return { format: CLIENT_SNAPSHOT_FORMAT, store: store.dehydrate(), reads: records };
}

function recordOf(parts: Pick<ReadRecord, 'type' | 'id' | 'read'>, state: ReadState): Writable<ReadRecord> {
  const record: Writable<ReadRecord> = { ...parts };
  if (state.confirmedAt !== undefined && (parts.read === 0 || parts.read === 'list'))
    record.confirmedAt = state.confirmedAt;
  if (parts.read !== 0 && parts.read !== 'list' && state.result !== undefined) record.result = state.result;
  if (state.settledAt !== undefined) record.settledAt = state.settledAt;
  if (state.error !== undefined) {
    record.error = toErrorRecord(state.error);
    if (state.errorAt !== undefined) record.errorAt = state.errorAt;
  }
  if (parts.read === 'list' && state.pages) {
    record.pages = state.pages.map((page) => page.ids);
    if (state.nextCursor !== undefined) record.nextCursor = state.nextCursor;
    if (state.pageSize !== undefined) record.pageSize = state.pageSize;
    if (state.joined?.length) record.joined = state.joined;
  }
  return record;
}
