/** One HTTP request a soak client sent, as seen at its fetch boundary. */
export interface RequestRecord {
  readonly client: number;
  readonly method: string;
  readonly path: string;
  /** Date.now() when the client handed the request to fetch. */
  readonly sentAt: number;
  receivedAt?: number;
  status?: number;
  retryAfterMs?: number;
  failed?: boolean;
}

/**
 * Node timers may fire up to about 1 ms early when measured against Date.now(), which is the clock
 * the client's cooldown uses; anything beyond this is a request sent inside a Retry-After window.
 */
export const RETRY_AFTER_TOLERANCE_MS = 2;

export interface Violation {
  readonly invariant: string;
  readonly detail: string;
}

export interface RecordingFetch {
  readonly fetch: typeof fetch;
  /** Requests checked against the client's open Retry-After window at the moment they were sent. */
  readonly checked: () => number;
  /** Event stream requests sent inside the window (not violations: see STREAM_PATH). */
  readonly streamsInWindow: () => number;
  /**
   * Requests of a reloaded client's page sent inside the window of a 429 an earlier page received:
   * a new page starts with a new client, which cannot know of it (counted, not flagged).
   */
  readonly inEarlierPage: () => number;
}

/** Which page of its client sent a request, by its `init` (see `tagPage`); page 0 when untagged. */
const pages = new WeakMap<object, number>();

/**
 * Marks a request as sent by page `page` of its client: a reloaded client has a new client per page,
 * each with its own Retry-After cooldown, and the recorder holds each page to its own 429s.
 */
export function tagPage(init: RequestInit | undefined, page: number): RequestInit {
  const tagged = { ...init };
  pages.set(tagged, page);
  return tagged;
}

/**
 * The event stream. Its reconnects do not share the client's Retry-After cooldown yet (the client's
 * cooldown lives in its transport, which the stream does not use), so those sent inside the window of
 * another request's 429 are counted, not flagged; nor does a 429 to the stream open a window for the
 * client's other requests, which cannot know of it. The stream must wait out its own 429s.
 */
const STREAM_PATH = '/events';

/** Seconds or an HTTP-date, as RFC 9110 allows; the service sends whole seconds. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Wraps fetch for one client: logs every request, and checks at send time that no request goes out
 * before the window announced by the latest 429 this client received has passed. A request already
 * in flight when the 429 arrived is not blamed: the window opens when the client could know of it.
 */
export function recordingFetch(
  client: number,
  baseUrl: string,
  log: RequestRecord[],
  violate: (violation: Violation) => void,
  inner: typeof fetch = fetch,
): RecordingFetch {
  // The window of the last 429 each page received, and of the last 429 to each page's event stream.
  const windows = new Map<number, { until: number; by: string; at: number; stream: number }>();
  let checked = 0;
  let streamsInWindow = 0;
  let inEarlierPage = 0;
  const wrapped: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const record: RequestRecord = {
      client,
      method: init?.method ?? 'GET',
      path: url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url,
      sentAt: Date.now(),
    };
    log.push(record);
    checked++;
    const page = (init && pages.get(init)) ?? 0;
    const window = windows.get(page) ?? { until: 0, by: '', at: 0, stream: 0 };
    windows.set(page, window);
    const stream = record.path === STREAM_PATH;
    const inWindow = record.sentAt < window.until - RETRY_AFTER_TOLERANCE_MS;
    if (stream && inWindow) streamsInWindow++;
    if (stream && record.sentAt < window.stream - RETRY_AFTER_TOLERANCE_MS) {
      violate({
        invariant: 'no request inside a Retry-After window',
        detail: `client ${client} reconnected its event stream ${window.stream - record.sentAt} ms before the Retry-After of its last 429 ended`,
      });
    }
    if (!stream && inWindow) {
      violate({
        invariant: 'no request inside a Retry-After window',
        detail: `client ${client} sent ${record.method} ${record.path} ${record.sentAt - window.at} ms after ${window.by}, ${window.until - record.sentAt} ms before its Retry-After ended`,
      });
    } else if (!stream) {
      for (const [other, earlier] of windows)
        if (other < page && record.sentAt < earlier.until - RETRY_AFTER_TOLERANCE_MS) {
          inEarlierPage++;
          break;
        }
    }
    try {
      let response = await inner(input, init);
      record.receivedAt = Date.now();
      record.status = response.status;
      if (response.status === 429 && stream) {
        const wait = retryAfterMs(response.headers.get('retry-after'), record.receivedAt);
        window.stream = Math.max(window.stream, record.receivedAt + (wait ?? 0));
      } else if (response.status === 429) {
        // The client learns of a 429 only once it has read the body, so the window is timed from
        // then: the body is read here, and the client gets a copy that is already in memory.
        const text = await response.text();
        record.receivedAt = Date.now();
        response = new Response(text, {
          status: 429,
          statusText: response.statusText,
          headers: response.headers,
        });
        const wait = retryAfterMs(response.headers.get('retry-after'), record.receivedAt);
        if (wait === undefined) {
          violate({ invariant: '429 carries Retry-After', detail: `${record.method} ${record.path}` });
        } else {
          record.retryAfterMs = wait;
          if (record.receivedAt + wait > window.until) {
            window.until = record.receivedAt + wait;
            window.by = `the 429 to ${record.method} ${record.path}`;
            window.at = record.receivedAt;
          }
        }
      }
      return response;
    } catch (error) {
      record.receivedAt = Date.now();
      record.failed = true;
      throw error;
    }
  };
  return {
    fetch: wrapped,
    checked: () => checked,
    streamsInWindow: () => streamsInWindow,
    inEarlierPage: () => inEarlierPage,
  };
}
