import { describe, expect, it } from 'vitest';
import { reply } from '../../client/__tests__/scripted';
import { ApiError, NetworkError } from '../../errors/apiError';
import { ResponseTooLargeError } from '../../errors/responseTooLargeError';
import { readText } from '../request';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../transport';
import { getSpec, outcome, patchSpec, setup, virtual } from './transportHarness';

/** A body that streams `chunk` forever (or `count` times), recording how many bytes were pulled. */
function streamed(chunk: string, count = Number.POSITIVE_INFINITY) {
  const bytes = new TextEncoder().encode(chunk);
  const pulled = { bytes: 0, cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= count) {
        controller.close();
        return;
      }
      pulled.bytes += bytes.byteLength;
      controller.enqueue(bytes);
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { body, pulled };
}

describe('readText: counting while reading', () => {
  it('stops an endless body at the limit and cancels the stream', async () => {
    const { body, pulled } = streamed('x'.repeat(1000));
    const error = await readText(new Response(body, { status: 200 }), 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limitBytes: 10_000, status: 200 });
    expect(pulled.bytes).toBeLessThanOrEqual(12_000);
    expect(pulled.cancelled).toBe(true);
  });

  it('refuses at once a Content-Length over the limit, reading nothing', async () => {
    const { body, pulled } = streamed('x'.repeat(1000), 50);
    const response = new Response(body, { status: 500, headers: { 'content-length': '50000' } });
    const error = await readText(response, 10_000).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', status: 500 });
    expect(pulled.bytes).toBeLessThanOrEqual(1000); // at most what the stream queued on its own
  });

  it('reads a body of exactly the limit, counting bytes rather than characters', async () => {
    expect(await readText(new Response('é'.repeat(5)), 10)).toBe('é'.repeat(5));
    await expect(readText(new Response('é'.repeat(6)), 11)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('decodes as Response.text() does: UTF-8 split across chunks, a BOM dropped', async () => {
    const all = new TextEncoder().encode('\uFEFF{"a":"€ü"}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of all) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await readText(new Response(body), 1000)).toBe('{"a":"€ü"}');
  });

  it('replaces bad bytes as Response.text() does, across chunks and at the end', async () => {
    // 0xFF is never UTF-8; 0xE2 0x82 opens a euro sign (E2 82 AC) that the body cuts short.
    const parts = [[0x7b, 0x22, 0xff], [0x22, 0x3a, 0xe2], [0x82]];
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new Uint8Array(part));
          controller.close();
        },
      });
    const expected = await new Response(chunked()).text();
    expect(expected).toBe('{"\uFFFD":\uFFFD');
    expect(await readText(new Response(chunked()), 1000)).toBe(expected);
  });
});

describe('transport: maxResponseBytes', () => {
  it('defaults to 8 MiB', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
    virtual((flush) => {
      const t = setup(() => reply(200, { id: 't1' }));
      outcome(t.transport.request(getSpec));
      flush();
      expect(t.requests[0]?.maxResponseBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    });
  });

  it.each([
    ['a success body', 200],
    ['an error body', 500],
  ])(
    'ends the call on %s over the limit, even from a Send that does not count, without retrying',
    (_, status) => {
      virtual((flush) => {
        const t = setup(() => ({ status, text: JSON.stringify({ id: 't1', pad: 'x'.repeat(200) }) }), {
          maxResponseBytes: 100,
        });
        const r = outcome(t.transport.request(getSpec));
        flush();
        expect(r.error).toBeInstanceOf(ResponseTooLargeError);
        expect(r.error).not.toBeInstanceOf(ApiError);
        expect(r.error).toMatchObject({ limitBytes: 100, status });
        expect((r.error as Error).message).toContain('GET /things/t1');
        expect(t.requests).toHaveLength(1); // a GET is resendable, yet not resent
      });
    },
  );

  it('passes a Send that counted its own way on with the call named', () => {
    virtual((flush) => {
      const t = setup(() => new ResponseTooLargeError(64, 502), { maxResponseBytes: 64 });
      const r = outcome(t.transport.request(patchSpec));
      flush();
      expect(r.error).toBeInstanceOf(ResponseTooLargeError);
      expect(r.error).not.toBeInstanceOf(NetworkError);
      expect((r.error as Error).message).toContain('PATCH /things/t1');
      expect(t.requests).toHaveLength(1);
    });
  });

  it('refuses a limit that is not a positive whole number', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => setup(() => reply(200, {}), { maxResponseBytes: bad })).toThrow(TypeError);
  });
});

describe('transport: userinfo in baseUrl', () => {
  it('keeps the credentials out of a network error quoting the URL', () => {
    virtual((flush) => {
      const t = setup(
        (q) => new TypeError(`Request cannot be constructed from a URL that includes credentials: ${q.url}`),
        { baseUrl: 'https://bob:hunter2-pw@api.test/', retry: { maxAttempts: 1 } },
      );
      const r = outcome(t.transport.request(getSpec));
      flush();
      const error = r.error as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      const cause = error.cause as Error;
      for (const text of [error.message, error.stack, JSON.stringify(error), cause.message, cause.stack])
        expect(text).not.toContain('hunter2-pw');
    });
  });

  it('scrubs the password when an error body echoes it', () => {
    virtual((flush) => {
      const t = setup(
        () => reply(500, { message: 'login hunter2-pw refused', deep: [{ 'hunter2-pw': 1 }] }),
        {
          baseUrl: 'https://bob:hunter2-pw@api.test/',
          retry: { maxAttempts: 1 },
        },
      );
      const r = outcome(t.transport.request(patchSpec));
      flush();
      expect(JSON.stringify(r.error)).not.toContain('hunter2-pw');
      expect((r.error as Error).message).not.toContain('hunter2-pw');
    });
  });
});
