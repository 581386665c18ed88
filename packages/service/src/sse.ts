import type { Timers } from './timers';
import type { Delivery, WebhookHub } from './webhookHub';

/** Options of the SSE relay at `GET /events`: heartbeat, `retry:` hint, replay buffer, event name. */
export interface SseOptions {
  /**
   * Interval of `: heartbeat` comments that keep proxies from closing an idle stream, in whole ms
   * from 1 to 2147483647 (else a RangeError). @default 15000
   */
  heartbeatMs?: number;
  /** Reconnection delay announced to EventSource with `retry:`, in whole ms >= 0. @default 1000 */
  retryMs?: number;
  /** Deliveries kept for `Last-Event-ID` resume, a whole number >= 0. @default 1000 */
  bufferSize?: number;
  /** SSE `event:` name of a webhook; omitted by default so `onmessage` receives them. */
  eventName?: string;
}

type StreamOptions = Required<Omit<SseOptions, 'eventName'>> & Pick<SseOptions, 'eventName'>;

/** A stream whose client stopped reading is dropped after this many queued chunks. */
const MAX_QUEUED_CHUNKS = 10_000;

/**
 * A stream that its consumer dropped without cancelling it (a fetch-handler caller that let go of
 * the Response) is released once it is garbage: nothing the service keeps points at it strongly.
 */
const dropped = new FinalizationRegistry<() => void>((stop) => stop());

/**
 * Opens one SSE stream: replays buffered deliveries after `lastEventId`, then follows the hub.
 * `register` hands back a closer so the service can end every stream when it closes. The stream
 * lets go of the hub, its heartbeat and the service when its consumer goes away: the body is
 * cancelled (the Node server does so when the socket closes), the request's `signal` aborts, or
 * the stream is collected unread.
 */
export function openEventStream(
  hub: WebhookHub,
  lastEventId: number | undefined,
  options: StreamOptions,
  timers: Timers,
  register: (close: () => void) => () => void,
  signal?: AbortSignal,
): Response {
  let stop = (): void => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = follow(new WeakRef(controller), hub, lastEventId, options, timers, register, signal);
    },
    cancel() {
      stop();
    },
  });
  dropped.register(stream, stop, stop);
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}

/**
 * Feeds one stream and returns what stops it. Module-level on purpose: every closure here (the hub
 * listener, the heartbeat, the service's closer, the abort listener) holds the controller through
 * `ref` only, so those long-lived holders never keep a dropped stream alive.
 */
function follow(
  ref: WeakRef<ReadableStreamDefaultController<Uint8Array>>,
  hub: WebhookHub,
  lastEventId: number | undefined,
  options: StreamOptions,
  timers: Timers,
  register: (close: () => void) => () => void,
  signal: AbortSignal | undefined,
): () => void {
  const encoder = new TextEncoder();
  const eventLine = options.eventName ? `event: ${options.eventName}\n` : '';
  let open = true;
  // Set below, once the stream is fed; until then stopping has nothing of these to release.
  let unsubscribe = (): void => {};
  let stopHeartbeat = (): void => {};
  let unregister = (): void => {};
  const stop = (): void => {
    if (!open) return;
    open = false;
    unsubscribe();
    stopHeartbeat();
    unregister();
    signal?.removeEventListener('abort', stop);
    dropped.unregister(stop);
  };
  const send = (text: string): void => {
    const controller = open ? ref.deref() : undefined;
    if (!controller) {
      stop();
      return;
    }
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) {
      stop();
      controller.error(new Error('SSE client stopped reading; stream dropped.'));
      return;
    }
    controller.enqueue(encoder.encode(text));
  };
  const format = (d: Delivery): string => `id: ${d.id}\n${eventLine}data: ${d.text}\n\n`;

  send(`retry: ${options.retryMs}\n: connected\n\n`);
  if (lastEventId === undefined) {
    // A first connect starts from now: a `ready` event names now as an id, so a stream that breaks
    // before its first webhook resumes from here instead of from "now" again (losing what came
    // between). Named, so `onmessage` handlers never take it for a payload; it carries data because
    // a block without any is not dispatched, and eventsource-parser drops its id with it.
    const now = hub.stats().lastEventId;
    send(`id: ${now}\nevent: ready\ndata: ${JSON.stringify({ last_event_id: now })}\n\n`);
  } else {
    const { deliveries, gap } = hub.since(lastEventId);
    // A named event, so plain `onmessage` webhook handlers never mistake it for a payload.
    if (gap) send(`event: gap\ndata: ${JSON.stringify({ last_event_id: lastEventId })}\n\n`);
    for (const d of deliveries) send(format(d));
  }
  if (!open) return stop;
  unsubscribe = hub.subscribe((d) => send(format(d)));
  stopHeartbeat = timers.every(options.heartbeatMs, () => send(': heartbeat\n\n'));
  unregister = register(() => {
    const controller = ref.deref();
    if (!open) return;
    stop();
    controller?.close();
  });
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  return stop;
}
