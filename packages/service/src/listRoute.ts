import type { ServiceContext } from './context';
import { type FieldError, requestValidationError } from './errors';
import { json } from './json';
import type { ListIndex } from './listIndex';
import { type ListFilter, listScope, readListQuery } from './listQuery';
import type { Route } from './route';

/** A listed collection: its path (part of every cursor's scope), its filters and its index. */
export interface ListSpec<T> {
  readonly path: string;
  readonly filters: readonly ListFilter[];
  readonly index: ListIndex<T>;
}

const cursorProblem = (reason: 'malformed' | 'foreign'): FieldError => ({
  location: 'query',
  field: 'cursor',
  code: 'invalid_cursor',
  message:
    reason === 'malformed'
      ? 'cursor is not a cursor this service issues; send the next_cursor of a previous page as it is.'
      : 'cursor was not issued by this service for this collection and these filters; start again without it.',
});

/**
 * GET /{path}?limit&cursor&<filters> — `{ data, next_cursor? }`, in creation order. The cursor is
 * the position after the last item returned, so a walk that follows it sees every item that
 * existed when it began exactly once, and items created meanwhile at its end.
 */
export function listRoute<T extends object>(spec: ListSpec<T>): Route {
  return {
    params: ['limit', 'cursor', ...spec.filters.map((f) => f.field)],
    readsMore: true,
    async run(ctx: ServiceContext, { url, problems }) {
      const read = readListQuery(url, spec.filters, problems);
      const errors = [...read.problems];
      const scope = listScope(spec.path, read.filters);
      let after = -1;
      if (read.cursor !== undefined) {
        const cursor = await ctx.cursors.read(scope, read.cursor);
        if (cursor.ok) after = cursor.after;
        // With a wrong filter the scope is not the one sent: report the cursor only if it is no cursor at all.
        else if (read.scopeKnown || cursor.reason === 'malformed') errors.push(cursorProblem(cursor.reason));
      }
      if (errors.length > 0) return requestValidationError(ctx.traceId(), errors);
      const page = spec.index.page(after, read.limit, read.filters);
      const next = page.more ? { next_cursor: await ctx.cursors.issue(scope, page.last) } : {};
      return json({ data: page.items, ...next });
    },
  };
}
