import type { Timers } from './timers';
import type { Delivery, WebhookHub } from './webhookHub';

/** Options of the SSE relay at `GET /events`: heartbeat, `retry:` hint, replay buffer, event name. */
export interface SseOptions {
  /** Interval of `: heartbeat` comments that keep proxies from closing an idle stream. @default 15000 */
  heartbeatMs?: number;
  /** Reconnection delay announced to EventSource with `retry:`. @default 1000 */
  retryMs?: number;
  /** Deliveries kept for `Last-Event-ID` resume. @default 1000 */
  bufferSize?: number;
  /** SSE `event:` name of a webhook; omitted by default so `onmessage` receives them. */
  eventName?: string;
}

/** A stream whose client stopped reading is dropped after this many queued chunks. */
const MAX_QUEUED_CHUNKS = 10_000;

/**
 * Opens one SSE stream: replays buffered deliveries after `lastEventId`, then follows the hub.
 * `register` hands back a closer so the service can end every stream when it closes.
 */
export function openEventStream(
  hub: WebhookHub,
  lastEventId: number | undefined,
  options: Required<Omit<SseOptions, 'eventName'>> & Pick<SseOptions, 'eventName'>,
  timers: Timers,
  register: (close: () => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  const eventLine = options.eventName ? `event: ${options.eventName}\n` : '';
  let release = (): void => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const stop = (): void => {
        if (!open) return;
        open = false;
        unsubscribe();
        stopHeartbeat();
        unregister();
      };
      const send = (text: string): void => {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) {
          stop();
          controller.error(new Error('SSE client stopped reading; stream dropped.'));
          return;
        }
        controller.enqueue(encoder.encode(text));
      };
      const format = (d: Delivery): string => `id: ${d.id}\n${eventLine}data: ${d.text}\n\n`;

      send(`retry: ${options.retryMs}\n: connected\n\n`);
      if (lastEventId !== undefined) {
        const { deliveries, gap } = hub.since(lastEventId);
        // A named event, so plain `onmessage` webhook handlers never mistake it for a payload.
        if (gap) send(`event: gap\ndata: ${JSON.stringify({ last_event_id: lastEventId })}\n\n`);
        for (const d of deliveries) send(format(d));
      }
      const unsubscribe = hub.subscribe((d) => send(format(d)));
      const stopHeartbeat = timers.every(options.heartbeatMs, () => send(': heartbeat\n\n'));
      const unregister = register(() => {
        if (!open) return;
        stop();
        controller.close();
      });
      release = stop;
    },
    cancel() {
      release();
    },
  });

  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
