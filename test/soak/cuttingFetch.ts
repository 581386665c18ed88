/**
 * Where a stream breaks: given the stream's number (from 0, per client), the block's number within it
 * and its length in bytes, how many of its bytes get through before the break (1 to length - 1: a
 * block never arrives whole), or undefined to let the whole block through.
 */
export type CutDecision = (stream: number, block: number, bytes: number) => number | undefined;

export interface CuttingFetch {
  readonly fetch: typeof fetch;
  /** From now on no block is cut (a stream already cut stays so). */
  stop(): void;
  /** Event streams opened (200 answers to `/events`). */
  streams(): number;
  /** Streams broken in the middle of a block. */
  cuts(): number;
  /** The `data:` of every unnamed block with an `id:` (a delivery) that got through whole, by id. */
  readonly passed: Map<number, string>;
}

/** Index just past the blank line that ends the block starting at `from`, or -1 (the relay writes LF only). */
function blockEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) if (bytes[i] === 10 && bytes[i + 1] === 10) return i + 2;
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Wraps a client's fetch so that its event streams (`/events`) break in the middle of a block (an
 * event, the relay's opening comment, a heartbeat) where `decide` says: the bytes before the cut
 * reach the client, then the body fails as a dropped connection does. Other requests pass as they are.
 */
export function cuttingFetch(inner: typeof fetch, decide: CutDecision): CuttingFetch {
  const passed = new Map<number, string>();
  const decoder = new TextDecoder();
  let streams = 0;
  let cuts = 0;
  let stopped = false;

  const record = (block: Uint8Array) => {
    let id: number | undefined;
    let data: string | undefined;
    for (const line of decoder.decode(block).split('\n')) {
      // A named event (the relay's `ready`, a `gap`) is not a delivery.
      if (line.startsWith('event: ')) return;
      if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (id !== undefined && data !== undefined) passed.set(id, data);
  };

  const cut = (upstream: ReadableStream<Uint8Array>, stream: number): ReadableStream<Uint8Array> => {
    const reader = upstream.getReader();
    let pending: Uint8Array<ArrayBuffer> = new Uint8Array(0);
    let blocks = 0;
    let broken = false;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (broken) {
          // The cut block's first bytes are read (and parsed) before the break, as from a socket.
          await new Promise((resolve) => setImmediate(resolve));
          controller.error(new TypeError('soak: the event stream was cut'));
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          if (pending.length > 0) controller.enqueue(pending);
          controller.close();
          return;
        }
        pending = concat(pending, value);
        let start = 0;
        for (let end = blockEnd(pending, start); end !== -1; end = blockEnd(pending, start)) {
          const block = pending.slice(start, end);
          start = end;
          const keep = stopped ? undefined : decide(stream, blocks++, block.length);
          if (keep !== undefined) {
            cuts++;
            broken = true;
            controller.enqueue(block.slice(0, Math.min(Math.max(keep, 1), block.length - 1)));
            void reader.cancel().catch(() => {});
            return;
          }
          record(block);
          controller.enqueue(block);
        }
        pending = pending.slice(start);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  };

  const wrapped: typeof fetch = async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/events' || response.status !== 200 || !response.body) return response;
    const body = cut(response.body, streams++);
    return new Response(body, { status: 200, statusText: response.statusText, headers: response.headers });
  };

  return {
    fetch: wrapped,
    stop: () => {
      stopped = true;
    },
    streams: () => streams,
    cuts: () => cuts,
    passed,
  };
}

/** Cuts each block with probability `rate`, after a random byte of it. */
export function randomCuts(random: () => number, rate: number): CutDecision {
  return (_stream, _block, bytes) => (random() < rate ? 1 + Math.floor(random() * (bytes - 1)) : undefined);
}
