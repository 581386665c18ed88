import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';

/** One dispatched server-sent event. */
export interface SseMessage {
  /** The `event:` name; undefined for plain messages (what `EventSource.onmessage` receives). */
  readonly event: string | undefined;
  readonly data: string;
  /** The last event id in force when this event was dispatched. */
  readonly id: string | undefined;
}

export interface SseParserCallbacks {
  /**
   * A complete event: its block ended with a blank line and had data. `id` is the block's own
   * `id:` field (`''` for an empty one that resets the last event id), undefined when it had none.
   */
  onEvent(block: EventSourceMessage): void;
  /** A valid `retry:` field, in ms. */
  onRetry?(ms: number): void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines (and CRLF pairs) anywhere. */
  feed(chunk: string): void;
  /** Drops a partial line and the event it belongs to, `id:` included, for a new stream. */
  reset(): void;
}

/** Thrown by `feed` when an event grows past the bound: the stream is not trustworthy, reconnect. */
export class SseBufferOverflowError extends Error {
  override name = 'SseBufferOverflowError';
}

/**
 * The event stream interpretation of the HTML standard (§9.2.6), by `eventsource-parser`. A stream
 * from the network must not grow memory without limit: a partial line plus the data of the event
 * being read larger than `maxBufferChars` raises `SseBufferOverflowError`, and the connection
 * reconnects from the last complete event.
 *
 * Expects text from `TextDecoder` (UTF-8), which strips the one leading byte order mark the standard
 * strips.
 */
export function createSseParser(callbacks: SseParserCallbacks, maxBufferChars = 1 << 20): SseParser {
  const parser = createParser({
    maxBufferSize: maxBufferChars,
    onEvent: callbacks.onEvent,
    onRetry: (ms) => callbacks.onRetry?.(ms),
    onError: (error: ParseError) => {
      // The other errors are fields the standard says to ignore (unknown names, a bogus retry).
      if (error.type === 'max-buffer-size-exceeded')
        throw new SseBufferOverflowError(
          `An event exceeded ${maxBufferChars} characters; dropping the stream.`,
        );
    },
  });
  // The library would strip the bytes of a BOM read as Latin-1 (`\xEF\xBB\xBF`) at the start; the
  // text is already decoded, so those are three real characters. It looks only at the first chunk
  // fed, and an empty one ends that look.
  const begin = () => parser.feed('');
  // A CR at the end of a chunk may be a line end or half of a CRLF; the library holds the line
  // back until the next chunk comes, so an event ended by CR CR would wait for the next heartbeat
  // (and be lost if the stream ended there). Every line end is made LF here, as it arrives.
  let afterCR = false;
  begin();

  return {
    feed(chunk) {
      if (chunk === '') return;
      // The LF of a CRLF whose CR ended the previous chunk.
      let text = afterCR && chunk.charCodeAt(0) === 10 ? chunk.slice(1) : chunk;
      afterCR = text.charCodeAt(text.length - 1) === 13;
      if (text === '') return;
      if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
      parser.feed(text);
    },
    reset() {
      parser.reset();
      afterCR = false;
      begin();
    },
  };
}
