import { ApiError } from '@vstore/core';
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { openEventSource, type WptSource } from './openEventSource';
import { startWptServer, type WptServer } from './wptServer';

// The web-platform-tests eventsource/format-*.js cases, each named `<file> › <subtest>`, against
// createSseConnection over HTTP from the handlers in wptServer.ts. README.md says what differs.

let server: WptServer;
beforeAll(async () => {
  server = await startWptServer();
});
afterAll(() => server.close());

/** Opens `path` for one test (concurrent tests: its own context closes it). */
function open(t: TestContext, path: string): WptSource {
  const source = openEventSource(server.url(path));
  t.onTestFinished(() => source.close());
  return source;
}

/** The nth message, once it has come. */
async function nth(source: WptSource, n: number) {
  await source.until(() => source.messages.length > n, `message ${n + 1}`);
  return source.messages[n];
}

const datas = (source: WptSource) => source.messages.map((m) => m.data);

/** The time between the first two opens: the reconnect delay as a page would measure it. */
async function reconnectDelay(source: WptSource) {
  await source.until(() => source.opens.length >= 2, 'a second open');
  const [first = 0, second = 0] = source.opens;
  return second - first;
}

describe.concurrent('web-platform-tests eventsource/format-*', () => {
  it('format-bom.any.js › EventSource: BOM', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=%EF%BB%BFdata%3A1%0A%0A%EF%BB%BFdata%3A2%0A%0Adata%3A3');
    await s.until(() => datas(s).includes('3'), 'data 3');
    expect(datas(s)).toEqual(['1', '3']);
  });

  it('format-bom-2.any.js › EventSource: Double BOM', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=%EF%BB%BF%EF%BB%BFdata%3A1%0A%0Adata%3A2%0A%0Adata%3A3');
    await s.until(() => datas(s).includes('3'), 'data 3');
    expect(datas(s)).toEqual(['2', '3']);
  });

  it('format-comments.any.js › EventSource: comment fest', async (t) => {
    const { expect } = t;
    const long = 'x'.repeat(2048);
    const message = encodeURI(`data:1\r:\0\n:\r\ndata:2\n:${long}\rdata:3\n:data:fail\r:${long}\ndata:4\n`);
    const s = open(t, `/message?message=${message}&newline=none`);
    expect((await nth(s, 0))?.data).toBe('1\n2\n3\n4');
  });

  it('format-data-before-final-empty-line.any.js › EventSource: a data before final empty line', async (t) => {
    const { expect } = t;
    const message = encodeURIComponent('retry:1000\ndata:test1\n\nid:test\ndata:test2');
    const s = open(t, `/message?newline=none&message=${message}`);
    // The stream ends inside the second event: it is dropped, id included, and the reconnect
    // (after retry: 1000) neither dispatches it nor sends its id.
    expect(await nth(s, 1)).toEqual({ type: 'message', data: 'test1', lastEventId: '' });
    expect(s.requests[1]?.has('last-event-id')).toBe(false);
  });

  it('format-field-data.any.js › EventSource: data field parsing', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=data%3A%0A%0Adata%0Adata%0A%0Adata%3Atest');
    await nth(s, 2);
    expect(datas(s).slice(0, 3)).toEqual(['', '\n', 'test']);
  });

  it('format-field-event-empty.any.js › EventSource: empty "event" field', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=event%3A%20%0Adata%3Adata');
    expect(await nth(s, 0)).toMatchObject({ type: 'message', data: 'data' });
  });

  it('format-field-event.any.js › EventSource: custom event name', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=event%3Atest%0Adata%3Ax%0A%0Adata%3Ax');
    await s.until(() => s.messages.some((m) => m.type === 'message'), 'a message event');
    expect(s.messages.map((m) => m.type)).toEqual(['test', 'message']);
  });

  it('format-field-id.any.js › EventSource: Last-Event-ID', async (t) => {
    const { expect } = t;
    const s = open(t, '/last-event-id');
    expect(await nth(s, 0)).toEqual({ type: 'message', data: 'hello', lastEventId: '…' });
    // The handler echoes the Last-Event-ID bytes it got: '…' arrives back only if it went out as UTF-8.
    expect(await nth(s, 1)).toEqual({ type: 'message', data: '…', lastEventId: '…' });
  });

  it('format-field-id-2.any.js › EventSource: Last-Event-ID (2)', async (t) => {
    const { expect } = t;
    const s = open(t, '/last-event-id');
    await nth(s, 2);
    expect(s.messages.slice(0, 3)).toEqual([
      { type: 'message', data: 'hello', lastEventId: '…' },
      { type: 'message', data: '…', lastEventId: '…' },
      { type: 'message', data: '…', lastEventId: '…' },
    ]);
  });

  const ids = (s: WptSource) => s.messages.map((m) => [m.lastEventId, m.data]);

  it('format-field-id-3.window.js › EventSource: lastEventId persists', async (t) => {
    const { expect } = t;
    const s = open(t, '/last-event-id2?type=1');
    await nth(s, 3);
    expect(ids(s).slice(0, 4)).toEqual([
      ['1', '1'],
      ['1', '2'],
      ['2', '3'],
      ['2', '4'],
    ]);
  });

  it('format-field-id-3.window.js › EventSource: lastEventId resets', async (t) => {
    const { expect } = t;
    const s = open(t, '/last-event-id2?type=2');
    await nth(s, 2);
    expect(ids(s).slice(0, 3)).toEqual([
      ['1', '1'],
      ['', '2'],
      ['', '3'],
    ]);
  });

  it('format-field-id-3.window.js › EventSource: lastEventId resets (id without colon)', async (t) => {
    const { expect } = t;
    const s = open(t, '/last-event-id2?type=3');
    await nth(s, 2);
    expect(ids(s).slice(0, 3)).toEqual([
      ['1', '1'],
      ['', '2'],
      ['', '3'],
    ]);
  });

  for (const idValue of ['\0\0', 'x\0', '\0x', 'x\0x', ' \0']) {
    const encoded = encodeURIComponent(idValue);
    it(`format-field-id-null.window.js › EventSource: id field set to ${encoded}`, async (t) => {
      const { expect } = t;
      const s = open(t, `/last-event-id?idvalue=${encoded}`);
      await nth(s, 1);
      expect(s.messages.slice(0, 2)).toEqual([
        { type: 'message', data: 'hello', lastEventId: '' },
        { type: 'message', data: 'hello', lastEventId: '' },
      ]);
      expect(s.requests[1]?.has('last-event-id')).toBe(false);
    });
  }

  it('format-field-parsing.any.js › EventSource: field parsing', async (t) => {
    const { expect } = t;
    const message = encodeURI(
      'data:\0\ndata:  2\rData:1\ndata\0:2\ndata:1\r\0data:4\nda-ta:3\rdata_5\ndata:3\rdata:\r\n data:32\ndata:4\n',
    );
    const s = open(t, `/message?message=${message}&newline=none`);
    expect((await nth(s, 0))?.data).toBe('\0\n 2\n1\n3\n\n4');
  });

  // The WPT case announces retry: 3000 and allows 25 %; here the times are a third, so the case
  // takes one second: retry: 1000 must bring the second open 750-1250 ms after the first, and
  // never sooner than the 1000 ms the standard waits.
  it('format-field-retry-bogus.any.js › EventSource: "retry" field (bogus)', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=retry%3A1000%0Aretry%3A300x%0Adata%3Ax');
    const delay = await reconnectDelay(s);
    expect(delay).toBeGreaterThanOrEqual(999);
    expect(Math.abs(1 - delay / 1000)).toBeLessThan(0.25);
  });

  it('format-field-retry-empty.any.js › EventSource: empty retry field', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=retry%0Adata%3Atest');
    expect((await nth(s, 0))?.data).toBe('test');
  });

  it('format-field-retry.any.js › EventSource: "retry" field', async (t) => {
    const { expect } = t;
    // 01000: read in base ten it is 1000; in octal it would be 512, outside the 25 %.
    const s = open(t, '/message?message=retry%3A01000%0Adata%3Ax');
    const delay = await reconnectDelay(s);
    expect(delay).toBeGreaterThanOrEqual(999);
    expect(Math.abs(1 - delay / 1000)).toBeLessThan(0.25);
  });

  it('format-field-unknown.any.js › EventSource: unknown fields and parsing fun', async (t) => {
    const { expect } = t;
    const s = open(
      t,
      '/message?message=data%3Atest%0A%20data%0Adata%0Afoobar%3Axxx%0Ajustsometext%0A%3Athisisacommentyay%0Adata%3Atest',
    );
    expect((await nth(s, 0))?.data).toBe('test\n\ntest');
  });

  it('format-leading-space.any.js › EventSource: leading space', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=data%3A%09test%0Ddata%3A%20%0Adata%3Atest');
    expect((await nth(s, 0))?.data).toBe('\ttest\n\ntest');
  });

  it('format-mime-bogus.any.js › EventSource: bogus MIME type', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?mime=x%20bogus');
    await s.until(() => s.readyState() === 'CLOSED', 'CLOSED');
    expect(s.messages).toEqual([]);
    // What onerror gets: an error, not a message; the connection is failed, not reestablished.
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]).toBeInstanceOf(ApiError);
    expect(s.requests).toHaveLength(1);
  });

  it('format-mime-trailing-semicolon.any.js › EventSource: MIME type with trailing ;', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?mime=text/event-stream%3B');
    await s.until(() => s.opens.length > 0 || s.errors.length > 0, 'open or error');
    expect(s.errors).toEqual([]);
    expect(s.opens).toHaveLength(1);
  });

  it('format-mime-valid-bogus.any.js › EventSource: incorrect valid MIME type', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?mime=text/x-bogus');
    await s.until(() => s.readyState() === 'CLOSED', 'CLOSED');
    expect(s.messages).toEqual([]);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]).toBeInstanceOf(ApiError);
  });

  it('format-newlines.any.js › EventSource: newline fest', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=data%3Atest%0D%0Adata%0Adata%3Atest%0D%0A%0D&newline=none');
    expect((await nth(s, 0))?.data).toBe('test\n\ntest');
  });

  it('format-null-character.any.js › EventSource: null character in response', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?message=data%3A%00%0A%0A');
    expect((await nth(s, 0))?.data).toBe('\0');
    expect(s.errors).toEqual([]);
  });

  it('format-utf-8.any.js › EventSource always UTF-8', async (t) => {
    const { expect } = t;
    const s = open(t, '/message?mime=text/event-stream%3bcharset=windows-1252&message=data%3Aok%E2%80%A6');
    expect((await nth(s, 0))?.data).toBe('ok…');
    expect(s.errors).toEqual([]);
  });
});
