/**
 * Watches the client's traffic at the fetch boundary, so the chaos panel can show what the retry
 * logic in core does: 429s with their Retry-After, 5xx answers, and the resends that follow.
 * Nothing here decides anything; core still owns every retry.
 */
export interface NetworkStats {
  readonly requests: number;
  /** Requests resending one whose previous answer was a 429, a 5xx or a network failure. */
  readonly retries: number;
  readonly rateLimited: number;
  readonly serverErrors: number;
  readonly networkErrors: number;
  /** Epoch ms the latest Retry-After asks the client to wait until. */
  readonly retryUntil: number | undefined;
  readonly lastRetryAfterSeconds: number | undefined;
}

export interface NetworkMonitor {
  readonly fetch: typeof fetch;
  getStats(): NetworkStats;
  subscribe(listener: () => void): () => void;
  reset(): void;
}

const INITIAL: NetworkStats = Object.freeze({
  requests: 0,
  retries: 0,
  rateLimited: 0,
  serverErrors: 0,
  networkErrors: 0,
  retryUntil: undefined,
  lastRetryAfterSeconds: undefined,
});

function describe(input: RequestInfo | URL, init: RequestInit | undefined): string {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return `${method.toUpperCase()} ${url}`;
}

export function createNetworkMonitor(
  base: typeof fetch = (...args) => globalThis.fetch(...args),
): NetworkMonitor {
  let stats = INITIAL;
  const listeners = new Set<() => void>();
  // Requests whose last answer failed in a retryable way; the next identical request is a retry.
  const failed = new Set<string>();
  const update = (change: Partial<NetworkStats>) => {
    stats = Object.freeze({ ...stats, ...change });
    for (const listener of [...listeners]) listener();
  };

  const monitored: typeof fetch = async (input, init) => {
    const key = describe(input, init);
    // The event stream is one long request; counting its reconnects as traffic would mislead.
    if (key.includes('/events')) return base(input, init);
    update({ requests: stats.requests + 1, retries: stats.retries + (failed.has(key) ? 1 : 0) });
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        failed.add(key);
        update({ networkErrors: stats.networkErrors + 1 });
      }
      throw error;
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
      failed.add(key);
      update({
        rateLimited: stats.rateLimited + 1,
        lastRetryAfterSeconds: wait,
        retryUntil: wait === undefined ? stats.retryUntil : Date.now() + wait * 1000,
      });
    } else if (response.status >= 500) {
      failed.add(key);
      update({ serverErrors: stats.serverErrors + 1 });
    } else {
      failed.delete(key);
    }
    return response;
  };

  return {
    fetch: monitored,
    getStats: () => stats,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      failed.clear();
      update(INITIAL);
    },
  };
}
