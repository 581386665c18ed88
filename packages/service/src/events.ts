import type { ServiceContext } from './context';
import { requestValidationError } from './errors';
import { openEventStream } from './sse';

/**
 * GET /events — webhook payloads over SSE. Resume with the `Last-Event-ID` header (sent by
 * EventSource on reconnect) or `?lastEventId=` (for a first connect, which cannot set headers).
 */
export function streamEvents(
  ctx: ServiceContext,
  request: Request,
  url: URL,
  register: (close: () => void) => () => void,
): Response {
  const raw = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId');
  let lastEventId: number | undefined;
  if (raw !== null && raw !== '') {
    if (!/^\d+$/.test(raw)) {
      return requestValidationError(ctx.traceId(), [
        {
          location: request.headers.has('last-event-id') ? 'header' : 'query',
          field: request.headers.has('last-event-id') ? 'Last-Event-ID' : 'lastEventId',
          code: 'invalid_type',
          message: 'The last event id must be a non-negative integer from a previous event.',
        },
      ]);
    }
    lastEventId = Number(raw);
  }
  return openEventStream(ctx.hub, lastEventId, ctx.options.sse, ctx.timers, register);
}
