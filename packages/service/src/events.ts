import type { ServiceContext } from './context';
import { type FieldError, requestValidationError } from './errors';
import type { Route } from './route';
import { openEventStream } from './sse';

/**
 * GET /events — webhook payloads over SSE. Resume with the `Last-Event-ID` header (sent by
 * EventSource on reconnect) or `?lastEventId=` (for a first connect, which cannot set headers).
 * The stream ends when the request's signal aborts, as well as when its body is cancelled.
 */
export function eventsRoute(register: (close: () => void) => () => void): Route {
  return {
    params: ['lastEventId'],
    readsMore: true,
    run: (ctx, { request, url, problems }) => streamEvents(ctx, request, url, register, problems),
  };
}

function streamEvents(
  ctx: ServiceContext,
  request: Request,
  url: URL,
  register: (close: () => void) => () => void,
  problems: readonly FieldError[],
): Response {
  const fromHeader = request.headers.has('last-event-id');
  // A repeated ?lastEventId is already a problem; its value is not read.
  const repeated = problems.some((p) => p.field === 'lastEventId');
  const raw = request.headers.get('last-event-id') ?? (repeated ? null : url.searchParams.get('lastEventId'));
  const errors = [...problems];
  let lastEventId: number | undefined;
  if (raw !== null && raw !== '') {
    if (/^\d+$/.test(raw)) lastEventId = Number(raw);
    else {
      errors.push({
        location: fromHeader ? 'header' : 'query',
        field: fromHeader ? 'Last-Event-ID' : 'lastEventId',
        code: 'invalid_type',
        message: 'The last event id must be a non-negative integer from a previous event.',
      });
    }
  }
  if (errors.length > 0) return requestValidationError(ctx.traceId(), errors);
  return openEventStream(ctx.hub, lastEventId, ctx.options.sse, ctx.timers, register, request.signal);
}
