// Found by review 35 (failed before its fix): when a connection closed while its answer was still
// running (an SSE client going away), the response's 'close' listener put the socket back in the
// Node server's per-socket map after the socket's own listener had removed it, for the server's life.
import { once } from 'node:events';
import { Socket } from 'node:net';
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { TOKEN } from './request';

describe('the Node server after event stream clients hang up', () => {
  it('keeps no closed socket in its books', async () => {
    // The server's books are private: every Map that ever gets a Socket as a key is watched instead.
    const set = vi.spyOn(Map.prototype, 'set');
    const server = await createService({ rateLimit: false }).listen({ port: 0 });
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
      const books = new Set<Map<unknown, unknown>>();
      set.mock.calls.forEach(([key], call) => {
        const map = set.mock.contexts[call];
        if (key instanceof Socket && map instanceof Map) books.add(map);
      });
      expect(books.size).toBeGreaterThan(0);
      // Waits out the server's ends of the streams and every socket already on its way to closing;
      // the client's pool may keep its own open.
      const port = Number(new URL(server.url).port);
      const ends = [...books].flatMap((map) => [...map.keys()] as Socket[]);
      const open = ends.filter((socket) => !socket.closed && (socket.destroyed || socket.localPort === port));
      await Promise.all(open.map((socket) => once(socket, 'close')));
      await turnOfTheLoop();
      const held = [...books].flatMap((map) => [...map.keys()] as Socket[]);
      expect(held.filter((socket) => socket.destroyed).length).toBe(0);
    } finally {
      set.mockRestore();
      await server.close();
    }
  });
});
