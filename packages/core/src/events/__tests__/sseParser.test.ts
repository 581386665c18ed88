import { describe, expect, it } from 'vitest';
import { createSseParser, SseBufferOverflowError, type SseMessage } from '../sseParser';

function collect(chunks: readonly string[], max?: number) {
  const events: SseMessage[] = [];
  const ids: (string | undefined)[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    { onEvent: (m) => events.push(m), onId: (id) => ids.push(id), onRetry: (ms) => retries.push(ms) },
    max,
  );
  for (const chunk of chunks) parser.feed(chunk);
  return { events, ids, retries, parser };
}

describe('createSseParser', () => {
  it('dispatches data, id and event name on a blank line', () => {
    const { events } = collect(['id: 7\nevent: gap\ndata: {"a":1}\n\n', 'data: plain\n\n']);
    expect(events).toEqual([
      { event: 'gap', data: '{"a":1}', id: '7' },
      { event: undefined, data: 'plain', id: '7' },
    ]);
  });

  it('joins multi-line data with newlines and keeps values without the one leading space', () => {
    const { events } = collect(['data:first\ndata:  second\n\n']);
    expect(events).toEqual([{ event: undefined, data: 'first\n second', id: undefined }]);
  });

  it('reads lines split across chunks, including a CRLF split between two chunks', () => {
    const { events } = collect(['da', 'ta: one\r', '\ndata: two\r\r', '\n', 'data: three\n', '\n']);
    expect(events.map((e) => e.data)).toEqual(['one\ntwo', 'three']);
  });

  it('accepts lone CR line endings and strips a leading byte order mark', () => {
    const { events } = collect(['\uFEFFdata: x\r\rdata: y\r\r']);
    expect(events.map((e) => e.data)).toEqual(['x', 'y']);
  });

  it('skips comments, unknown fields and blocks without data, while still reporting the id', () => {
    const { events, ids } = collect([': heartbeat\n\nid: 3\n\nfoo: bar\n\n']);
    expect(events).toEqual([]);
    expect(ids).toEqual([undefined, '3', '3']);
  });

  it('resets the id on an empty id field and ignores ids containing NUL', () => {
    const { events } = collect(['id: 5\ndata: a\n\nid: 6\u0000\ndata: b\n\nid\ndata: c\n\n']);
    expect(events.map((e) => e.id)).toEqual(['5', '5', undefined]);
  });

  it('reports only all-digit retry fields', () => {
    const { retries } = collect(['retry: 2500\n\nretry: 1e3\n\nretry: -1\n\n']);
    expect(retries).toEqual([2500]);
  });

  it('drops a half-received line and event on reset, keeping the last id', () => {
    const { events, parser } = collect(['id: 9\ndata: done\n\ndata: half', 'way\ndata: more']);
    parser.reset();
    parser.feed('data: fresh\n\n');
    expect(events).toEqual([
      { event: undefined, data: 'done', id: '9' },
      { event: undefined, data: 'fresh', id: '9' },
    ]);
  });

  it('refuses a line or an event larger than the bound', () => {
    expect(() => collect(['x'.repeat(40)], 32)).toThrow(SseBufferOverflowError);
    expect(() => collect(['data: 0123456789\n'.repeat(4)], 32)).toThrow(SseBufferOverflowError);
  });
});
