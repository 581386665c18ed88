import {
  type Client,
  createCrossTab,
  defaultLockManager,
  getClientEvents,
  type LockManagerLike,
  pollTaskShared,
} from '@vstore/core';

/** `leader`: this tab holds the event stream; `follower`: another tab does and this one follows it. */
export type TabRole = 'leader' | 'follower';

export interface TabSharing {
  /** The client to give the app: its `tasks.poll` polls from one tab only (`pollTaskShared`). */
  readonly client: Client;
  /**
   * Opens the event stream in one tab of the origin at a time: the tab that holds the lock connects,
   * the others wait in line and see its updates over BroadcastChannel (origin `broadcast`, "other tab"
   * in the devtools). When the leading tab closes, the next one connects. Returns the stop function.
   */
  connectEvents(url: string, onRole?: (role: TabRole) => void): () => void;
}

const EVENTS_LOCK = 'vstore-dashboard:events';

/**
 * Shares one client's store with the other tabs of the dashboard (createCrossTab), polls each task
 * from one tab, and elects one tab to hold the event stream. Where the browser has no
 * BroadcastChannel every tab works alone, as before.
 */
export function shareAcrossTabs(base: Client, locks: LockManagerLike = defaultLockManager()): TabSharing {
  if (typeof BroadcastChannel === 'function') createCrossTab(base.store);
  // Derived, not spread, the client and its tasks client alike: core finds the client an object
  // belongs to through its prototype (observers, getClientEvents), and a spread copy is no client.
  // The tasks client gets a poll that runs in one tab only.
  const client: Client = Object.assign(Object.create(base) as Client, {
    tasks: Object.assign(Object.create(base.tasks) as Client['tasks'], {
      poll: (taskId: string, options?: Parameters<Client['tasks']['poll']>[1]) =>
        pollTaskShared(base, taskId, options),
    }),
  });
  return {
    client,
    connectEvents(url, onRole) {
      const controller = new AbortController();
      let release: (() => void) | undefined;
      let disconnect: (() => void) | undefined;
      onRole?.('follower');
      locks
        .request(EVENTS_LOCK, { signal: controller.signal }, () => {
          if (controller.signal.aborted) return Promise.resolve();
          disconnect = getClientEvents(base).connect(url);
          onRole?.('leader');
          // Held until this tab stops: the lock passes on when the promise settles (or the tab closes).
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        })
        .catch((error: unknown) => {
          // Aborting the wait is how a follower stops; anything else is a real failure.
          if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
        });
      return () => {
        controller.abort();
        disconnect?.();
        disconnect = undefined;
        release?.();
      };
    },
  };
}
