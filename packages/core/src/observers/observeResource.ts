import type { VStoreError } from '../errors/vstoreError';
import { isFresh, SUSPENSE_FRESH_MS, since } from '../reads/freshness';
import { linkOf, type ReadContext } from '../reads/readContext';
import { type ReadEntry, settled } from '../reads/readEntry';
import { latestPlan, type ReadPlan, versionPlan } from '../reads/readPlans';
import type { ReadState } from '../reads/readState';
import type { CallOptions, GetOptions } from '../reads/resourceClient';
import { checkVersion } from '../resources/version';
import { EntryObserver } from './entryObserver';

/**
 * Status of an observed read: `pending` (no data yet), `success` (data, possibly being refetched)
 * or `error` (the last read failed; earlier data, if any, is kept).
 */
export type ResultStatus = 'pending' | 'success' | 'error';

/**
 * What an observer shows. `status` narrows `data`: there on success, absent while pending, kept (if
 * any) beside the error of a failed read.
 */
export type ObserverResult<T> = (
  | { readonly status: 'success'; readonly data: T; readonly error: undefined }
  | { readonly status: 'pending'; readonly data: undefined; readonly error: undefined }
  | { readonly status: 'error'; readonly data: T | undefined; readonly error: VStoreError }
) & {
  /** A read of this key is in flight (the first one or a refetch). */
  readonly isFetching: boolean;
  /**
   * The entity was removed (its deletion completed, a `*.deleted` event, another tab): `data` is
   * undefined and no read brings it back. Always false for a historical version or a history list.
   */
  readonly isRemoved: boolean;
};

/** One read as a subscribable result; see `observeResource`. */
export interface ResourceObserver<T> {
  /** The same object until one of its fields changes: usable as a `useSyncExternalStore` snapshot. */
  getResult(): ObserverResult<T>;
  /** The first subscriber starts the read; the last one leaving aborts it a microtask later. */
  subscribe(listener: () => void): () => void;
  /**
   * Asks the service again (ignoring `maxAgeMs`), aborting a read of the same key still in flight
   * (it may predate a change); never rejects, the error lands in the result.
   */
  refetch(): Promise<void>;
  /**
   * Reads unless the held copy is fresh (see `maxAgeMs`) or a read is in flight, which it joins; for
   * a server render's prefetch. Never rejects; subscribes nobody.
   */
  load(): Promise<void>;
  /**
   * For Suspense. While there is no data: throws the read's promise (starting it if needed), or the
   * error of a read that failed less than a second ago (a later call, such as an error boundary's
   * reset, asks again). Returns when data is there.
   */
  suspend(): void;
}

/** Options of `observeResource`: which version, how fresh a stored copy must be, and Suspense. */
export interface ObserveOptions {
  /** 0 or omitted: the latest, which follows the store; n >= 1: that historical version. @default 0 */
  version?: number | undefined;
  /**
   * The first subscriber reads nothing when the service confirmed the store's copy within this many ms.
   * @default the client's `maxAgeMs`
   */
  maxAgeMs?: number | undefined;
  /**
   * Counts a read that succeeded within the last second as fresh, so the mount after a suspended
   * render does not read again (TanStack Query waits 1 s the same way). @default false
   */
  suspense?: boolean | undefined;
}

/**
 * What a resource observer reads: a resource client of a vstore client (`client.spendControls`,
 * `client.accounts`, `client.resource(definition)`), whatever its update keys and create input.
 */
export interface ReadableResource<T extends object> {
  readonly definition: { readonly type: string };
  /** Reads one entity (see `ResourceClient.get`). */
  get(id: string, options?: GetOptions): Promise<T>;
}

/** A resource with a history endpoint, for `observeHistory`. */
export interface HistoryResource<T extends object> extends ReadableResource<T> {
  /** Reads every version of one entity, oldest first (see `ResourceClient.history`). */
  history(id: string, options?: CallOptions): Promise<T[]>;
}

/**
 * `suspend()` of resource and history observers: returns while data is held, or when the entity is
 * removed (no read brings it back, so waiting on one would read forever); throws the last error when
 * it is recent (an error boundary shows it rather than reading again at once); else throws the
 * promise of a read, for Suspense to wait on. The read starts a microtask later: it is called during
 * a render, and starting it notifies the key's other observers, which must not update then.
 */
export function suspendOn<T>(result: ObserverResult<T>, errorAgeMs: number, read: () => Promise<void>): void {
  if (result.data !== undefined || result.isRemoved) return;
  if (result.error !== undefined && errorAgeMs <= SUSPENSE_FRESH_MS) throw result.error;
  throw Promise.resolve().then(read);
}

/** Shared by resource and history observers: status from data and error, one frozen object per state. */
export function resultOf<T>(
  prev: ObserverResult<T> | undefined,
  data: T | undefined,
  error: VStoreError | undefined,
  isFetching: boolean,
  isRemoved = false,
): ObserverResult<T> {
  if (
    prev &&
    prev.data === data &&
    prev.error === error &&
    prev.isFetching === isFetching &&
    prev.isRemoved === isRemoved
  )
    return prev;
  const status = error !== undefined ? 'error' : data === undefined ? 'pending' : 'success';
  return Object.freeze({ data, error, status, isFetching, isRemoved }) as ObserverResult<T>;
}

/**
 * Observes one entity of `resource`: the latest (following the store: every newer version accepted
 * from anywhere notifies, stale and duplicate writes notify nobody) or a historical `version`.
 * Observers of the same resource, id and version share one request and one request state.
 *
 * The bindings' `useResource` are this, wired to React or Vue; use it directly for another view
 * layer or outside components.
 *
 * @example
 * ```ts
 * import { createClient, observeResource } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * const observer = observeResource(client.spendControls, 'sc_1');
 * const unsubscribe = observer.subscribe(() => {
 *   const result = observer.getResult();
 *   if (result.status === 'success') console.log(result.data.name, result.data.version);
 *   else if (result.status === 'error') console.error(result.error.message);
 * });
 * // later: unsubscribe() — the last subscriber leaving aborts a read still in flight
 * ```
 */
export function observeResource<T extends object>(
  resource: ReadableResource<T>,
  id: string,
  options: ObserveOptions = {},
): ResourceObserver<T> {
  const { ctx, ops } = linkOf(resource);
  if (!ops)
    throw new TypeError('observeResource reads a resource client (client.spendControls, client.resource(…))');
  const version = checkVersion(options.version);
  const readOps = ops as unknown as Parameters<typeof latestPlan<T>>[1];
  const plan = version ? versionPlan(ctx, readOps, id, version) : latestPlan(ctx, readOps, id);
  return new ResourceEntryObserver(ctx, plan, {
    type: resource.definition.type,
    id,
    version,
    maxAgeMs: options.maxAgeMs ?? ctx.maxAgeMs,
    suspense: !!options.suspense,
  });
}

/** `observeResource`'s observer. */
class ResourceEntryObserver<T extends object>
  extends EntryObserver<ObserverResult<T>>
  implements ResourceObserver<T>
{
  constructor(
    private readonly ctx: ReadContext,
    private readonly plan: ReadPlan<T>,
    private readonly of: {
      readonly type: string;
      readonly id: string;
      readonly version: number;
      readonly maxAgeMs: number;
      readonly suspense: boolean;
    },
  ) {
    super(ctx.reads, plan.key);
  }

  protected override derive(
    state: ReadState | undefined,
    result: ObserverResult<T> | undefined,
  ): ObserverResult<T> {
    const { store, view } = this.ctx;
    const { type, id, version } = this.of;
    return resultOf(
      result,
      // A historical version never changes: once shown it stays, even when the store lets go of it.
      version
        ? (store.getVersion<T>(type, id, version) ?? (state?.result as T | undefined) ?? result?.data)
        : view.get<T>(type, id),
      state?.error,
      state?.isFetching ?? false,
      version === 0 && store.isRemoved(type, id),
    );
  }

  protected override attach(entry: ReadEntry): (() => void) | undefined {
    const { type, id, version } = this.of;
    const offStore = version ? undefined : this.ctx.store.subscribe(type, id, this.changed);
    if (!entry.isFetching && !this.fresh()) entry.run(this.plan.start, this.plan.done);
    return offStore;
  }

  readonly refetch = (): Promise<void> => this.read(true);
  readonly load = (): Promise<void> => (this.fresh() ? Promise.resolve() : this.read());
  readonly suspend = (): void =>
    suspendOn(this.getResult(), since(this.reads.now(), this.state()?.errorAt), () => this.read());

  // A historical version never changes, so once its read recorded it, it is fresh for good. Until then
  // it is read even when the store holds it: as the latest it would go when a newer one comes, and
  // the read (served from the store at no cost) keeps it in the entry.
  private fresh(): boolean {
    const { version, maxAgeMs, suspense } = this.of;
    return version > 0
      ? this.state()?.result !== undefined
      : this.getResult().data !== undefined && isFresh(this.state(), this.reads.now(), maxAgeMs, suspense);
  }

  // A refetch lasts while the observer is subscribed; `load` and `suspend` read for a render to come.
  private read(replace = false): Promise<void> {
    const { plan } = this;
    return settled(this.reads.entry(plan.key).fetch(plan.start, plan.done, { replace, hold: !replace }));
  }
}
