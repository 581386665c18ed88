import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, TOKEN } from './support';

type Kind = 'silent' | 'headers' | 'body';

interface Slow {
  closed: Promise<string>;
  socket: Socket;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A client that never finishes its request: it sends nothing (`silent`), trickles header lines
 * (`headers`), or sends whole headers and then trickles a body (`body`), a byte every `paceMs`
 * until the server closes the socket. `closed` resolves with the first line the server sent.
 */
function slowClient(port: number, kind: Kind, paceMs = 100): Slow {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.on('connect', () => {
    if (kind === 'silent') return;
    if (kind === 'headers') socket.write('GET /spend_controls HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    else {
      socket.write(
        `POST /spend_controls HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${TOKEN}\r\n` +
          'content-type: application/json\r\ncontent-length: 4000\r\n\r\n',
      );
    }
    let n = 0;
    timer = setInterval(() => {
      n += 1;
      if (!socket.destroyed) socket.write(kind === 'headers' ? `x-slow-${n}: 1\r\n` : ' ');
    }, paceMs);
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received.split('\r\n')[0] ?? '');
    });
  });
  return { closed, socket };
}

/** Resolves with `promise`, or fails once `ms` pass: every wait here is bounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('slow clients on the Node server', () => {
  it('closes 200 sockets that trickle headers or bodies (or send nothing) at the configured limits, serving others meanwhile', async () => {
    const service = createService({ rateLimit: false });
    const server = await service.listen({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    cleanups.push(() => server.close());
    const port = Number(new URL(server.url).port);
    const kinds: Kind[] = Array.from(
      { length: 200 },
      (_, i) => (['silent', 'headers', 'body'] as const)[i % 3] as Kind,
    );
    const slow = kinds.map((kind) => slowClient(port, kind));
    cleanups.push(() => {
      for (const s of slow) s.socket.destroy();
    });

    // While they trickle, a client that sends its request at once is answered.
    const answer = await fetch(`${server.url}/accounts/acc_1`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    await answer.body?.cancel();

    // Node's own limits (60 s for headers, 300 s for a request) would keep every one of them open.
    const firstLines = await within(
      Promise.all(slow.map((s) => s.closed)),
      10_000,
      'all 200 slow sockets closed',
    );
    expect(new Set(firstLines)).toEqual(new Set(['HTTP/1.1 408 Request Timeout']));
    const after = await fetch(`${server.url}/spend_controls`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(after.status).toBe(200);
    await after.body?.cancel();
    expect(service.inspect().creates.total).toBe(0);
  });

  it('does not cut an event stream: the limits bound receiving a request, not answering it', async () => {
    const service = createService({ rateLimit: false, sse: { heartbeatMs: 100 } });
    const server = await service.listen({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    cleanups.push(() => server.close());
    const abort = new AbortController();
    cleanups.push(() => abort.abort());
    const stream = await fetch(`${server.url}/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: abort.signal,
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended after: ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    // Five heartbeats, 100 ms apart: the stream has outlived requestTimeoutMs twice over.
    await within(
      readUntil(() => text.split(': heartbeat').length > 5),
      5000,
      'five heartbeats',
    );
    const patch = await fetch(`${server.url}/spend_controls/sc_1`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'still streaming' }),
    });
    expect(patch.status).toBe(200);
    await within(
      readUntil(() => text.includes('still streaming')),
      5000,
      'the webhook',
    );
    expect(service.inspect().webhooks.subscribers).toBe(1);
  });

  it('refuses limits Node would refuse or ignore', async () => {
    const service = createService();
    cleanups.push(() => service.close());
    await expect(service.listen({ headersTimeoutMs: 500, requestTimeoutMs: 100 })).rejects.toThrow(
      'requestTimeoutMs must be at least headersTimeoutMs',
    );
    await expect(service.listen({ headersTimeoutMs: 0 })).rejects.toThrow(
      'headersTimeoutMs must be a whole number',
    );
    await expect(service.listen({ requestTimeoutMs: Number.NaN })).rejects.toThrow(
      'requestTimeoutMs must be',
    );
  });
});
