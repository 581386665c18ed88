import { tagPage } from './recordingFetch';

/**
 * One outbox client's network, between the client and the wire: offline spells, and answers lost
 * after the service committed.
 */
export interface OfflineNetwork {
  /**
   * The fetch of one page: its requests are tagged with the page's number (see `tagPage`), and once
   * `close` is called (the page went away) it sends nothing more.
   */
  page(page: number): { readonly fetch: typeof fetch; close(): void };
  /** What the page's `navigator.onLine` would say: the outbox's `isOnline`. */
  readonly isOnline: () => boolean;
  /** From now on every request fails before it leaves, and every open event stream breaks. */
  goOffline(): void;
  goOnline(): void;
  /** From now on no answer is dropped (the network stays as it is: call goOnline too). */
  stopLosing(): void;
  /** Offline spells begun. */
  readonly spells: () => number;
  /** Requests refused while offline (they never left the machine). */
  readonly refused: () => number;
  /** Writes that reached the service and committed, whose answer was dropped, by method. */
  readonly dropped: ReadonlyMap<string, number>;
}

const offline = () => new TypeError('fetch failed', { cause: { code: 'ENETUNREACH' } });
const gone = () => new TypeError('fetch failed', { cause: { code: 'ECONNABORTED' } });
const reset = () => new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });

/**
 * Wraps the client's fetch (over the cutting and recording ones, so a request refused offline is not
 * on the wire). Offline, a request fails as `fetch` fails without a network, and the open event
 * streams break as a browser breaks them when the network goes. Online, a write (POST, PATCH, DELETE)
 * answered 2xx loses its answer with chance `lostAnswerRate`: it committed, the client never hears
 * so. Only 2xx answers are dropped: a 429 the client never read would open a Retry-After window it
 * cannot know of, which the recorder would blame on the client.
 */
export function offlineNetwork(
  inner: typeof fetch,
  random: () => number,
  lostAnswerRate: number,
): OfflineNetwork {
  let online = true;
  let losing = true;
  let spells = 0;
  let refused = 0;
  const dropped = new Map<string, number>();
  const streams = new Set<(error: Error) => void>();

  /** An event stream's body that breaks when the network goes. */
  const breakable = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
    const reader = body.getReader();
    let fail: (error: Error) => void = () => {};
    return new ReadableStream<Uint8Array>({
      start(controller) {
        fail = (error) => {
          streams.delete(fail);
          try {
            controller.error(error);
          } catch {
            // Closed already.
          }
          void reader.cancel().catch(() => {});
        };
        streams.add(fail);
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            streams.delete(fail);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          streams.delete(fail);
          try {
            controller.error(error);
          } catch {
            // Broken by goOffline meanwhile.
          }
        }
      },
      cancel(reason) {
        streams.delete(fail);
        return reader.cancel(reason);
      },
    });
  };

  const wrapped: typeof fetch = async (input, init) => {
    if (!online) {
      refused++;
      throw offline();
    }
    const method = init?.method ?? 'GET';
    const response = await inner(input, init);
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (path === '/events' && response.ok && response.body) {
      if (!online) {
        void response.body.cancel().catch(() => {});
        throw offline();
      }
      return new Response(breakable(response.body), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    if (method !== 'GET' && response.ok && losing && random() < lostAnswerRate) {
      await response.arrayBuffer();
      dropped.set(method, (dropped.get(method) ?? 0) + 1);
      throw reset();
    }
    return response;
  };

  return {
    page(page) {
      let open = true;
      return {
        fetch: (input, init) => {
          if (!open) return Promise.reject(gone());
          return wrapped(input, tagPage(init, page));
        },
        close: () => {
          open = false;
        },
      };
    },
    isOnline: () => online,
    goOffline() {
      if (!online) return;
      online = false;
      spells++;
      for (const fail of [...streams]) fail(offline());
    },
    goOnline() {
      online = true;
    },
    stopLosing() {
      losing = false;
    },
    spells: () => spells,
    refused: () => refused,
    dropped,
  };
}
