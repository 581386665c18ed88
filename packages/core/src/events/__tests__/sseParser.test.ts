import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { createSseParser, SseBufferOverflowError } from '../sseParser';

function collect(chunks: readonly string[], max?: number) {
  const events: EventSourceMessage[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onEvent: (m) => events.push(m), onRetry: (ms) => retries.push(ms) }, max);
  for (const chunk of chunks) parser.feed(chunk);
  return { events, retries, parser };
}

const datas = (events: readonly EventSourceMessage[]) => events.map((e) => e.data);

describe('createSseParser', () => {
  it("dispatches data, event name and the block's own id on a blank line", () => {
    const { events } = collect(['id: 7\nevent: gap\ndata: {"a":1}\n\n', 'data: plain\n\n']);
    expect(events).toEqual([
      { event: 'gap', data: '{"a":1}', id: '7' },
      { event: undefined, data: 'plain', id: undefined },
    ]);
  });

  it('joins multi-line data with newlines and keeps values without the one leading space', () => {
    const { events } = collect(['data:first\ndata:  second\n\n']);
    expect(events).toEqual([{ event: undefined, data: 'first\n second', id: undefined }]);
  });

  it('reads lines split across chunks, including a CRLF split between two chunks', () => {
    const { events } = collect(['da', 'ta: one\r', '\ndata: two\r\r', '\n', 'data: three\n', '\n']);
    expect(datas(events)).toEqual(['one\ntwo', 'three']);
  });

  it('takes an LF alone after a chunk that ended in CR as the end of that CRLF, and the next LF as a blank line', () => {
    const { events } = collect(['data: x\r', '\n', '\n']);
    expect(datas(events)).toEqual(['x']);
  });

  it('dispatches an event ended by CR CR at once, without waiting for the next chunk', () => {
    // eventsource-parser alone holds a chunk's last CR back until more text comes.
    const { events } = collect(['data: x\r\r']);
    expect(datas(events)).toEqual(['x']);
  });

  it('accepts lone CR line endings', () => {
    const { events } = collect(['data: x\r\rdata: y\r\r']);
    expect(datas(events)).toEqual(['x', 'y']);
  });

  it('leaves the byte order mark to the decoder: a U+FEFF it passes on, or the characters ï»¿, start an unknown field', () => {
    expect(datas(collect(['\uFEFFdata: x\n\ndata: y\n\n']).events)).toEqual(['y']);
    expect(datas(collect(['\u00EF\u00BB\u00BFdata: x\n\ndata: y\n\n']).events)).toEqual(['y']);
  });

  it('skips comments, unknown fields and blocks without data', () => {
    const { events } = collect([': heartbeat\n\nid: 3\n\nfoo: bar\n\nData: x\n\n']);
    expect(events).toEqual([]);
  });

  it("gives an empty id field as '' (a reset) and ignores ids containing NUL", () => {
    const { events } = collect(['id: 5\ndata: a\n\nid: 6\u0000\ndata: b\n\nid\ndata: c\n\n']);
    expect(events.map((e) => e.id)).toEqual(['5', undefined, '']);
  });

  it('reports only all-digit retry fields, in base ten', () => {
    const { retries } = collect(['retry: 2500\n\nretry: 1e3\n\nretry: -1\n\nretry: 0300\n\n']);
    expect(retries).toEqual([2500, 300]);
  });

  it('drops a half-received line and the event it belongs to on reset, its id included', () => {
    const { events, parser } = collect(['id: 9\ndata: done\n\nid: 10\ndata: half', 'way\n']);
    parser.reset();
    parser.feed(': connected\n\ndata: fresh\n\n');
    expect(events).toEqual([
      { event: undefined, data: 'done', id: '9' },
      { event: undefined, data: 'fresh', id: undefined },
    ]);
  });

  it('skips a line or an event larger than the bound to its blank line, reports it, and parses on', () => {
    const skippedOf = (chunks: string[]) => {
      const skipped: unknown[] = [];
      const events: string[] = [];
      const parser = createSseParser(
        { onEvent: (e) => events.push(e.data), onSkipped: (e) => skipped.push(e) },
        32,
      );
      for (const chunk of chunks) parser.feed(chunk);
      return { skipped, events };
    };
    // A long line, cut anywhere; many short lines of one event; the blank line split across chunks.
    for (const chunks of [
      ['data: a\n\ndata: ', 'x'.repeat(40), 'y'.repeat(40), '\n\ndata: b\n\n'],
      ['data: a\n\n', 'data: 0123456789\n'.repeat(4), 'data: more\n', '\ndata: b\n\n'],
      ['data: a\n\n', `data: ${'x'.repeat(40)}\n`, '\n', 'data: b\n\n'],
    ]) {
      const { skipped, events } = skippedOf(chunks);
      expect(events).toEqual(['a', 'b']);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toBeInstanceOf(SseBufferOverflowError);
    }
    // A reset (a new stream) ends the skipping.
    const events: string[] = [];
    const parser = createSseParser({ onEvent: (e) => events.push(e.data) }, 32);
    parser.feed(`data: ${'x'.repeat(40)}`);
    parser.reset();
    parser.feed('data: small\n\n');
    expect(events).toEqual(['small']);
  });
});
