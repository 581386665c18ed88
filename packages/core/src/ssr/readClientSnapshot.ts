import type { StoreSnapshot } from '../store/types';
import { CLIENT_SNAPSHOT_FORMAT, type ErrorRecord, InvalidSnapshotError } from './clientSnapshot';

/** A read record whose every field has been checked; entities are still the snapshot's objects. */
export interface CheckedRead {
  readonly type: string;
  readonly id: string;
  readonly read: number | 'history';
  readonly confirmedAt: number | undefined;
  readonly settledAt: number | undefined;
  readonly result: object | readonly object[] | undefined;
  readonly error: ErrorRecord | undefined;
  readonly errorAt: number | undefined;
}

export interface CheckedSnapshot {
  readonly store: StoreSnapshot;
  readonly reads: readonly CheckedRead[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number | undefined =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;
// The request cache's keys join type, id and read with NUL, so neither may contain one.
const isName = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');

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
  const reads = input.reads.map((read, at) => checkRead(read, `reads[${at}]`));
  return { store: input.store as unknown as StoreSnapshot, reads };
}

function checkRead(input: unknown, path: string): CheckedRead {
  const fail = (field: string, problem: string) => new InvalidSnapshotError(`${path}.${field}`, problem);
  if (!isRecord(input)) throw new InvalidSnapshotError(path, 'is not an object');
  const { type, id, read, confirmedAt, settledAt, result, error, errorAt } = input;
  if (!isName(type) || type === '') throw fail('type', 'is not a type name');
  if (!isName(id) || id === '') throw fail('id', 'is not an id');
  if (read !== 'history' && read !== 0 && !isVersion(read))
    throw fail('read', 'is not 0, a version (an integer >= 1) or "history"');
  if (!isTime(confirmedAt)) throw fail('confirmedAt', 'is not a time');
  if (!isTime(settledAt)) throw fail('settledAt', 'is not a time');
  if (!isTime(errorAt)) throw fail('errorAt', 'is not a time');
  if (error !== undefined && !isErrorRecord(error)) throw fail('error', 'is not an error record');
  if (result !== undefined) {
    if (read === 0) throw fail('result', 'is given for a latest read (its data is in the store)');
    const entities = read === 'history' ? result : [result];
    if (!Array.isArray(entities) || !entities.every((e) => isRecord(e) && isVersion(e.version)))
      throw fail('result', 'is not a versioned entity, or a list of them');
    if (read !== 'history' && (result as { version: unknown }).version !== read)
      throw fail('result', `is not version ${read}`);
  }
  return {
    type,
    id,
    read,
    confirmedAt,
    settledAt,
    result: result as CheckedRead['result'],
    error,
    errorAt,
  } satisfies CheckedRead;
}

const isErrorRecord = (value: unknown): value is ErrorRecord =>
  isRecord(value) &&
  typeof value.name === 'string' &&
  typeof value.message === 'string' &&
  isRecord(value.fields);
