import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import { idOnlyBlocks } from './idOnlyBlocks';

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
  /**
   * A block with an `id` field and no data ended: the standard sets the last event id at every blank
   * line (`''` resets it), though only blocks with data are dispatched as events.
   */
  onId?(id: string): void;
  /** A valid `retry:` field, in ms. */
  onRetry?(ms: number): void;
  /** An event grew past the bound and was skipped, to its blank line; the events after it go on. */
  onSkipped?(error: SseBufferOverflowError): void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines (and CRLF pairs) anywhere. */
  feed(chunk: string): void;
  /** Drops a partial line and the event it belongs to, `id:` included, for a new stream. */
  reset(): void;
}

/** What `onSkipped` is given: an event grew past the bound, and was dropped. */
export class SseBufferOverflowError extends Error {
  override name = 'SseBufferOverflowError';
}

/**
 * The event stream interpretation of the HTML standard (§9.2.6), by `eventsource-parser`. A stream
 * from the network must not grow memory without limit: an event whose partial line plus data grows
 * past `maxBufferChars` is skipped to its blank line, reported to `onSkipped`, and the events after
 * it are parsed as usual. (Dropping the stream instead would resume from the event before it, which
 * a relay sends again: the stream would never get past it.)
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
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
  });
  // The library checks the bound once a chunk is parsed, so what overflowed is the chunk's last,
  // unfinished event: everything up to its blank line (an LF right after an LF) is skipped.
  let overflowed = false;
  let skipping = false;
  let endedWithLF = false;
  /** Drops what is left of a skipped event from `text`; returns the text after it ('' while it goes on). */
  const skip = (text: string): string => {
    const end = endedWithLF && text.charCodeAt(0) === 10 ? 0 : text.indexOf('\n\n');
    if (end === -1) {
      endedWithLF = text.charCodeAt(text.length - 1) === 10;
      return '';
    }
    skipping = false;
    return text.slice(end === 0 ? 1 : end + 2);
  };
  // The library would strip the bytes of a BOM read as Latin-1 (`\xEF\xBB\xBF`) at the start; the
  // text is already decoded, so those are three real characters. It looks only at the first chunk
  // fed, and an empty one ends that look.
  const begin = () => parser.feed('');
  // A CR at the end of a chunk may be a line end or half of a CRLF; the library holds the line
  // back until the next chunk comes, so an event ended by CR CR would wait for the next heartbeat
  // (and be lost if the stream ended there). Every line end is made LF here, as it arrives.
  let afterCR = false;
  const ids = idOnlyBlocks();
  begin();

  return {
    feed(chunk) {
      if (chunk === '') return;
      // The LF of a CRLF whose CR ended the previous chunk.
      let text = afterCR && chunk.charCodeAt(0) === 10 ? chunk.slice(1) : chunk;
      afterCR = text.charCodeAt(text.length - 1) === 13;
      if (text === '') return;
      if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
      // Fed up to the end of each id-only block, which is told then: in order with the events around it.
      while (text !== '') {
        if (skipping) text = skip(text);
        if (text === '') return;
        const idOnly = ids.scan(text);
        const piece = idOnly ? text.slice(0, idOnly.end) : text;
        text = idOnly ? text.slice(idOnly.end) : '';
        parser.feed(piece);
        if (overflowed) {
          overflowed = false;
          parser.reset();
          ids.reset();
          begin();
          skipping = true;
          endedWithLF = piece.charCodeAt(piece.length - 1) === 10;
          callbacks.onSkipped?.(
            new SseBufferOverflowError(`An event exceeded ${maxBufferChars} characters; it was skipped.`),
          );
        } else if (idOnly) callbacks.onId?.(idOnly.id);
      }
    },
    reset() {
      parser.reset();
      ids.reset();
      afterCR = false;
      overflowed = skipping = false;
      begin();
    },
  };
}
