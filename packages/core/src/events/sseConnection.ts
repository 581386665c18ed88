import { BehaviorSubject } from 'rxjs';
import { lazyModule } from '../lazy/lazyModule';
import type { ConnectionState, SseConnection, SseConnectionOptions } from './sseConnectionOptions';

// The stream's code, loaded on the first connection and shared by every later one. Loaded on
// demand, not imported: an app that never connects does not load the parser, the backoff or
// eventsource-parser, under any bundler (esbuild keeps in the first load every file the entry
// imports statically, even for an export the app does not use).
const sseStream = lazyModule(() => import('./sseStream'));

/** Loads the stream's code, as the first connection does (the same shared load); for tests. */
export const loadSseStream = (): Promise<typeof import('./sseStream')> => sseStream.load();

/**
 * Server-sent events over `fetch` streaming rather than `EventSource`: the browser's EventSource
 * cannot send an `Authorization` header, so the token would have to travel in the URL and from there
 * into server and proxy logs. The stream is read as the HTML standard reads one (§9.2): only a 200
 * `text/event-stream` is a stream, an event counts once its blank line has arrived, `Last-Event-ID`
 * (the last event id a complete block set, in UTF-8) resumes it, and the server's `retry:` is the wait before
 * reconnecting. On top of that: exponential backoff with jitter between failed attempts (see
 * `SseBackoffOptions`), retries of the statuses a later attempt may get past, one token refresh on
 * 401, and timeouts for a connect that never answers and a stream that falls silent.
 *
 * The stream's code is loaded on the first call (a dynamic import) and the first request goes once
 * it is in; later calls start at once. The state is `connecting` from the call on. A load that fails
 * (offline, or chunks replaced by a deploy) goes to `onError` and ends the connection `closed`; the
 * next call tries the load again.
 */
export function createSseConnection(url: string, options: SseConnectionOptions): SseConnection {
  const state$ = new BehaviorSubject<ConnectionState>('connecting');
  let stream: SseConnection | undefined;
  let closed = false;
  const end = () => {
    closed = true;
    state$.next('closed');
    state$.complete();
  };
  const start = ({ openSseStream }: typeof import('./sseStream')) => {
    if (closed) return;
    const opened = openSseStream(url, options);
    stream = opened;
    opened.state$.subscribe({
      next: (state) => {
        if (state !== state$.getValue()) state$.next(state);
      },
      complete: () => state$.complete(),
    });
  };
  const loaded = sseStream.loaded();
  if (loaded) start(loaded);
  else
    sseStream.load().then(start, (error: unknown) => {
      if (closed) return;
      // A throwing onError must not leave the connection `connecting` for good.
      try {
        options.onError?.(error);
      } catch {}
      end();
    });
  return {
    get state() {
      return state$.getValue();
    },
    state$: state$.asObservable(),
    get lastEventId() {
      return stream ? stream.lastEventId : options.lastEventId;
    },
    close() {
      if (stream) stream.close();
      else if (!closed) end();
      closed = true;
    },
  };
}
