import type { Observable } from 'rxjs';
import type { ResourceOps } from '../resources/resourceOps';
import type { ReadContext } from './readContext';
import { readKey } from './readKey';
import type { ReadAction } from './readState';

/** One read as its entry runs it: the key, how to start it, and what its result records. */
export interface ReadPlan<T> {
  readonly key: string;
  readonly start: () => Observable<T>;
  readonly done: (value: T) => ReadAction;
}

type Ops<T extends object> = ResourceOps<T, string, never>;

/** The latest state: the store holds the data, the entry when it last succeeded. */
export function latestPlan<T extends object>(
  ctx: ReadContext,
  ops: Ops<T>,
  id: string,
  timeoutMs?: number,
): ReadPlan<T> {
  return {
    key: readKey(ops.definition.type, id, 0),
    start: () => ops.latest$(id, { timeoutMs }),
    done: () => ({ type: 'succeeded', at: ctx.reads.now() }),
  };
}

/** A historical version (>= 1): kept as the entry's result too, should the history cache let it go. */
export function versionPlan<T extends object>(
  ctx: ReadContext,
  ops: Ops<T>,
  id: string,
  version: number,
  timeoutMs?: number,
): ReadPlan<T> {
  return {
    key: readKey(ops.definition.type, id, version),
    start: () => ops.version$(id, version, { timeoutMs }),
    done: (result) => ({ type: 'succeeded', at: ctx.reads.now(), result }),
  };
}

/** Every version, oldest first, with the store's latest version when the list landed. */
export function historyPlan<T extends object>(
  ctx: ReadContext,
  ops: Ops<T>,
  id: string,
  timeoutMs?: number,
): ReadPlan<T[]> {
  const { type } = ops.definition;
  return {
    key: readKey(type, id, 'history'),
    start: () => ops.history$(id, { timeoutMs }),
    done: (result) => ({
      type: 'succeeded',
      at: ctx.reads.now(),
      result,
      resultAt: ctx.store.get<{ version?: number }>(type, id)?.version,
    }),
  };
}
