// Found by review 35 (failed before its fix): when a connection closed while its answer was still
// running (an SSE client going away), the response's 'close' listener put the socket back in the
// Node server's per-socket map after the socket's own listener had removed it, for the server's life.
import { once } from 'node:events';
import { Socket } from 'node:net';
import { setTimeout as sleep, setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { TOKEN } from './request';

describe('the Node server after event stream clients hang up', () => {
  it('keeps no closed socket in its books', async () => {
    // The server's books are private: every Map that gets one of the server's own sockets (its local
    // port the server's) as a key is watched instead. Told apart as the key goes in, since a closed
    // socket no longer knows its port; the client's pool, which holds its own ends, is left out.
    const books = new Set<Map<unknown, unknown>>();
    let port = -1;
    const set = Map.prototype.set;
    const spy = vi.spyOn(Map.prototype, 'set').mockImplementation(function (
      this: Map<unknown, unknown>,
      key,
      value,
    ) {
      if (key instanceof Socket && key.localPort === port) books.add(this);
      return set.call(this, key, value);
    });
    const server = await createService({ rateLimit: false }).listen({ port: 0 });
    port = Number(new URL(server.url).port);
    try {
      for (let i = 0; i < 5; i += 1) {
        const abort = new AbortController();
        const response = await fetch(`${server.url}/events`, {
          headers: { authorization: `Bearer ${TOKEN}` },
          signal: abort.signal,
        });
        await response.body?.getReader().read(); // the stream is open and answering
        abort.abort();
      }
      expect(books.size).toBeGreaterThan(0);
      // Waits for each socket still in the books to close: `closed` turns true before the 'close'
      // event, which waits for the handle to be released. One that left the books already needs no
      // wait, and one kept after its close never closes again: the wait for it is bounded.
      const ends = [...books].flatMap((map) => [...map.keys()] as Socket[]);
      await Promise.all(ends.map((socket) => Promise.race([once(socket, 'close'), sleep(1000)])));
      await turnOfTheLoop();
      const held = [...books].flatMap((map) => [...map.keys()] as Socket[]);
      expect(held.filter((socket) => socket.destroyed).length).toBe(0);
    } finally {
      spy.mockRestore();
      await server.close();
    }
  });
});
