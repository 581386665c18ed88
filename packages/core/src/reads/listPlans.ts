import { type Observable, switchMap } from 'rxjs';
import { just } from '../http/just';
import { type ListParams, paramsKey } from '../resources/listParams';
import { idOf, type ListPage, type ResourceOps } from '../resources/resourceOps';
import { listWriteLog } from './listWriteLog';
import type { ReadContext } from './readContext';
import { readKey } from './readKey';
import type { ReadPlan } from './readPlans';
import type { ReadAction } from './readState';

type Ops<T extends object> = ResourceOps<T, string, never>;

/** The read-cache key of the list of `type` with `params` (equal params, in any order, share it). */
export const listKey = (type: string, params: ListParams | undefined): string =>
  readKey(type, paramsKey(params), 'list');

/** The reads of one list: its first page, its loaded pages again, the page after them. */
export interface ListPlans<T> {
  readonly key: string;
  /** The first page only (a list read for the first time). */
  first(): ReadPlan<ListPage<T>[]>;
  /** `count` pages from the first, as a refetch reads them again (fewer if the list got shorter). */
  again(count: number): ReadPlan<ListPage<T>[]>;
  /** The page that starts at `cursor`, appended. */
  next(cursor: string): ReadPlan<ListPage<T>[]>;
}

export function listPlans<T extends object>(
  ctx: ReadContext,
  ops: Ops<T>,
  params: ListParams | undefined,
  pageSize: number,
): ListPlans<T> {
  const def = ops.definition;
  // Started with the first list read: a list loaded before anyone follows it catches up on what it missed.
  listWriteLog(ctx);
  const page$ = (cursor?: string) => ops.list$(params, { cursor, limit: pageSize });
  // Page after page from `cursor`, each asked for once the one before has landed (keyset cursors).
  const walk$ = (cursor: string | undefined, count: number, read: ListPage<T>[]): Observable<ListPage<T>[]> =>
    page$(cursor).pipe(
      switchMap((page) => {
        const pages = [...read, page];
        return count > 1 && page.nextCursor !== undefined
          ? walk$(page.nextCursor, count - 1, pages)
          : just(pages);
      }),
    );
  const paged =
    (append: boolean) =>
    (pages: ListPage<T>[]): ReadAction => ({
      type: 'paged',
      at: ctx.reads.now(),
      pages: pages.map((page) => ({ ids: page.items.map((item) => idOf(def, item) as string) })),
      nextCursor: pages.at(-1)?.nextCursor,
      append,
      pageSize,
    });
  const key = listKey(def.type, params);
  return {
    key,
    first: () => ({ key, start: () => walk$(undefined, 1, []), done: paged(false) }),
    again: (count) => ({ key, start: () => walk$(undefined, Math.max(1, count), []), done: paged(false) }),
    next: (cursor) => ({ key, start: () => walk$(cursor, 1, []), done: paged(true) }),
  };
}
