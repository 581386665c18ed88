// Found by review 37 (failed before its fix): eventsource-parser dispatches only blocks with data, so
// an id-only block (`id: 7`, or a bare `id` that resets) never moved the resume point, where the HTML
// standard sets the last event id at every blank line: a reconnect resumed from an older id, or
// resumed when the relay had asked for a reset.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseParser } from '../sseParser';
import { connectFake, flush } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function resumeAfter(block: string) {
  const { sse, connection } = connectFake();
  await flush();
  sse.send('id: 1\ndata: a\n\n');
  sse.send(block);
  await flush();
  sse.fail();
  await flush();
  await vi.advanceTimersByTimeAsync(1000);
  await flush();
  const header = sse.requests[1]?.headers.get('last-event-id') ?? null;
  const seen = connection.lastEventId;
  connection.close();
  return { header, seen };
}

it('an id-only block moves the resume point, as EventSource does', async () => {
  expect(await resumeAfter('id: 7\n\n')).toEqual({ header: '7', seen: '7' });
});

it('an empty id-only block resets the resume point, as EventSource does', async () => {
  expect(await resumeAfter('id\n\n')).toEqual({ header: null, seen: undefined });
});

// The parser with the stream's rule for the resume point, against the standard's algorithm (§9.2.6)
// over the whole text: which events are dispatched, the last event id each carries, and the last
// event id at the end, however the text is cut into chunks and whatever its line ends.
describe('the last event id (property): as the HTML standard sets it, at every blank line', () => {
  const LINES = [
    'data: x',
    'data',
    'data:y',
    'id: 7',
    'id:8',
    'id',
    'id: a\0b',
    'idx: 1',
    ': comment',
    'event: e',
    'retry: 5',
    '',
    '',
  ];
  function reference(text: string) {
    const events: [string, string | undefined][] = [];
    let data = '';
    let idBuffer = '';
    let lastId = '';
    const lines = text.split(/\r\n|\r|\n/);
    // What follows the last line end is no line (yet): empty, or a line still cut off.
    lines.pop();
    for (const line of lines) {
      if (line === '') {
        lastId = idBuffer;
        if (data !== '') events.push([data.slice(0, -1), lastId === '' ? undefined : lastId]);
        data = '';
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data += `${value}\n`;
      else if (field === 'id' && !value.includes('\0')) idBuffer = value;
    }
    return { events, lastId: lastId === '' ? undefined : lastId };
  }
  function ours(chunks: readonly string[]) {
    const events: [string, string | undefined][] = [];
    let lastId: string | undefined;
    const parser = createSseParser({
      onEvent: (block) => {
        if (block.id !== undefined) lastId = block.id === '' ? undefined : block.id;
        events.push([block.data, lastId]);
      },
      onId: (id) => {
        lastId = id === '' ? undefined : id;
      },
    });
    for (const chunk of chunks) parser.feed(chunk);
    return { events, lastId };
  }

  it('matches the standard for any lines, line ends and chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { maxLength: 24 }),
        fc.array(fc.constantFrom('\n', '\r', '\r\n'), { minLength: 1, maxLength: 24 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, ends, ended, cuts) => {
          const text = lines
            .map((line, i) => line + (i < lines.length - 1 || ended ? ends[i % ends.length] : ''))
            .join('');
          const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]));
          expect(ours(chunks)).toEqual(reference(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('an id-only block after an event skipped for its size', () => {
  it('still moves the resume point, however the text is cut', () => {
    const text = `data: ${'z'.repeat(40)}\n\nid: 9\n\ndata: after\n\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      const seen: [string, string | undefined][] = [];
      let lastId: string | undefined;
      let skipped = 0;
      const parser = createSseParser(
        {
          onEvent: (block) => {
            if (block.id !== undefined) lastId = block.id === '' ? undefined : block.id;
            seen.push([block.data, lastId]);
          },
          onId: (id) => {
            lastId = id === '' ? undefined : id;
          },
          onSkipped: () => {
            skipped += 1;
          },
        },
        16,
      );
      parser.feed(text.slice(0, cut));
      parser.feed(text.slice(cut));
      // The bound is checked as each chunk is read, so the long event is skipped unless one chunk
      // holds it whole; either way it is told once at most, and what follows is read as usual.
      const long = seen.filter(([data]) => data !== 'after');
      expect({ cut, told: long.length + skipped, long: long.map(([, id]) => id) }).toEqual({
        cut,
        told: 1,
        long: long.length ? [undefined] : [],
      });
      expect(seen.at(-1)).toEqual(['after', '9']);
    }
  });
});
