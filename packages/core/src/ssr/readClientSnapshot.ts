import type { StoreSnapshot } from '../store/types';
import {
  CLIENT_SNAPSHOT_FORMAT,
  InvalidSnapshotError,
  isErrorRecord,
  type ReadRecord,
} from './clientSnapshot';

/** A read record whose every field has been checked; entities are still the snapshot's objects. */
export type CheckedRead = ReadRecord & { readonly result?: object | readonly object[] };

export interface CheckedSnapshot {
  readonly store: StoreSnapshot;
  readonly reads: readonly CheckedRead[];
}

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown) =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
const isVersion = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;
const isEntity = (value: unknown) => isRecord(value) && isVersion(value.version);
// The request cache's keys join type, id and read with NUL, so neither may contain one.
const isName = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('\u0000');
const isOptional = (check: (value: unknown) => boolean) => (value: unknown) =>
  value === undefined || check(value);
const isIds = (value: unknown) => Array.isArray(value) && value.every(isName);

// Each field of a read record and what it must be; the first that is not names the problem.
const FIELDS: [string, (value: unknown, read: Fields) => boolean][] = [
  ['type', isName],
  // A list's id is its params key, empty for a list without params.
  ['id', (value, { read }) => isName(value) || (read === 'list' && value === '')],
  ['read', (value) => value === 'history' || value === 'list' || value === 0 || isVersion(value)],
  ['confirmedAt', isTime],
  ['settledAt', isTime],
  ['errorAt', isTime],
  ['error', isOptional(isErrorRecord)],
  // A latest read and a list have no result: their data is the store's.
  [
    'result',
    (value, { read }) =>
      value === undefined ||
      (read === 'history'
        ? Array.isArray(value) && value.every(isEntity)
        : typeof read === 'number' && read !== 0 && isEntity(value) && (value as Fields).version === read),
  ],
  [
    'pages',
    (value, { read }) =>
      value === undefined || (read === 'list' && Array.isArray(value) && value.every(isIds)),
  ],
  ['nextCursor', isOptional((value) => typeof value === 'string' && value !== '')],
  [
    'pageSize',
    isOptional((value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100),
  ],
  ['joined', isOptional(isIds)],
];

/**
 * Checks an untrusted snapshot (it arrives through HTML) before anything of it is used, so a bad one
 * throws `InvalidSnapshotError` having changed nothing. The store part is checked by the store's own
 * `hydrate`; entities are sanitized and frozen where they are stored.
 */
export function readClientSnapshot(input: unknown): CheckedSnapshot {
  if (!isRecord(input)) throw new InvalidSnapshotError('the snapshot', 'is not an object');
  if (input.format !== CLIENT_SNAPSHOT_FORMAT)
    throw new InvalidSnapshotError('format', `is not "${CLIENT_SNAPSHOT_FORMAT}"`);
  if (!isRecord(input.store)) throw new InvalidSnapshotError('store', 'is not a store snapshot');
  if (!Array.isArray(input.reads)) throw new InvalidSnapshotError('reads', 'is not an array');
  input.reads.forEach((read: unknown, at) => {
    if (!isRecord(read)) throw new InvalidSnapshotError(`reads[${at}]`, 'is not an object');
    for (const [field, valid] of FIELDS)
      if (!valid(read[field], read)) throw new InvalidSnapshotError(`reads[${at}].${field}`, 'is not valid');
  });
  return input as unknown as CheckedSnapshot;
}
