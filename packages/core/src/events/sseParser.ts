/** One dispatched server-sent event. */
export interface SseMessage {
  /** The `event:` name; undefined for plain messages (what `EventSource.onmessage` receives). */
  readonly event: string | undefined;
  readonly data: string;
  /** The last event id in force when this event was dispatched. */
  readonly id: string | undefined;
}

export interface SseParserCallbacks {
  onEvent(message: SseMessage): void;
  /** The last event id as of each dispatch, `undefined` after an empty `id:` reset it. */
  onId?(id: string | undefined): void;
  /** A valid `retry:` field, in ms. */
  onRetry?(ms: number): void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines (and CRLF pairs) anywhere. */
  feed(chunk: string): void;
  /** Drops a partial line and event, for a new connection. The last event id is kept. */
  reset(): void;
}

/** Thrown by `feed` when an event grows past the bound: the stream is not trustworthy, reconnect. */
export class SseBufferOverflowError extends Error {
  override name = 'SseBufferOverflowError';
}

/**
 * The event stream interpretation of the HTML standard (§9.2.6). Kept here, small, because a stream
 * from the network must not grow memory without limit: a line or event larger than `maxBufferChars`
 * raises `SseBufferOverflowError`, and the connection reconnects.
 */
export function createSseParser(callbacks: SseParserCallbacks, maxBufferChars = 1 << 20): SseParser {
  let partial = '';
  let afterCR = false;
  let started = false;
  let data = '';
  let hasData = false;
  let eventName = '';
  let lastId: string | undefined;

  const dispatch = () => {
    callbacks.onId?.(lastId);
    if (!hasData) {
      eventName = '';
      return;
    }
    const message: SseMessage = { event: eventName === '' ? undefined : eventName, data, id: lastId };
    data = '';
    hasData = false;
    eventName = '';
    callbacks.onEvent(message);
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment, e.g. a heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventName = value;
        break;
      case 'data':
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
        if (data.length > maxBufferChars) {
          data = '';
          hasData = false;
          throw new SseBufferOverflowError(
            `An event exceeded ${maxBufferChars} characters; dropping the stream.`,
          );
        }
        break;
      case 'id':
        if (!value.includes('\u0000')) lastId = value === '' ? undefined : value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) callbacks.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored, as the standard says
    }
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code === 10 && afterCR && i === start) {
          // The LF of a CRLF whose CR ended the previous chunk (or line).
          afterCR = false;
          start = i + 1;
          continue;
        }
        afterCR = false;
        if (code !== 10 && code !== 13) continue;
        const full = partial + text.slice(start, i);
        partial = '';
        afterCR = code === 13;
        start = i + 1;
        line(full);
      }
      partial += text.slice(start);
      if (partial.length > maxBufferChars) {
        partial = '';
        throw new SseBufferOverflowError(
          `A line exceeded ${maxBufferChars} characters; dropping the stream.`,
        );
      }
    },
    reset() {
      partial = '';
      afterCR = false;
      started = false;
      data = '';
      hasData = false;
      eventName = '';
    },
  };
}
