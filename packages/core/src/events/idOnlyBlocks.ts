/** The end (just past its blank line) and the id of a block that has an `id` field and no `data`. */
export interface IdOnlyBlock {
  readonly end: number;
  readonly id: string;
}

/** Reads LF-ended event-stream text chunk by chunk for blocks with an `id` and no `data`. */
export interface IdOnlyBlocks {
  /** Reads `text` on from where the last call left off; the first id-only block that ends in it, if any. */
  scan(text: string): IdOnlyBlock | undefined;
  /** Forgets the block and the line in progress, for a new stream or after a skipped event. */
  reset(): void;
}

// Longest cut line kept between chunks. Only a field's name and an id's value are ever needed, and an
// id this long is no resume point: the field is ignored, where the standard would take it.
const MAX_CUT = 8192;

/**
 * `eventsource-parser` dispatches only blocks with data and keeps each block's `id` to itself, while
 * the HTML standard (§9.2.6, "dispatch the event", step 1) sets the last event id at every blank
 * line, data or none: a relay may move the resume point past events it filtered out with `id: 7`,
 * or reset it with a bare `id`. This finds those blocks, so the caller can tell them in order.
 */
export function idOnlyBlocks(): IdOnlyBlocks {
  let cut = '';
  let cutTooLong = false;
  let hasData = false;
  let id: string | undefined;
  /** One complete line; the id when it was the blank line ending an id-only block. */
  const line = (text: string, tooLong: boolean): string | undefined => {
    if (text === '') {
      const found = hasData ? undefined : id;
      hasData = false;
      id = undefined;
      return found;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field === 'data') hasData = true;
    else if (field === 'id' && !tooLong) {
      const value = colon === -1 ? '' : text.slice(text.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
      // A value with a NUL is ignored, as the standard says.
      if (!value.includes('\0')) id = value;
    }
    return undefined;
  };
  return {
    scan(text) {
      let at = 0;
      while (at < text.length) {
        const lf = text.indexOf('\n', at);
        if (lf === -1) {
          // The line goes on in the next chunk: its start is kept, enough to name its field.
          const room = MAX_CUT - cut.length;
          if (text.length - at > room) cutTooLong = true;
          if (room > 0) cut += text.slice(at, at + room);
          return undefined;
        }
        const whole = cutTooLong ? cut : cut + text.slice(at, lf);
        const tooLong = cutTooLong || whole.length > MAX_CUT;
        cut = '';
        cutTooLong = false;
        at = lf + 1;
        const found = line(whole, tooLong);
        if (found !== undefined) return { end: at, id: found };
      }
      return undefined;
    },
    reset() {
      cut = '';
      cutTooLong = hasData = false;
      id = undefined;
    },
  };
}
