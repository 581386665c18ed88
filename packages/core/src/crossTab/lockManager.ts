import { type ChannelLocks, createChannelLocks, type LockManagerLike } from './channelLocks';

let fallback: ChannelLocks | undefined;

/** Runs every callback at once: without Web Locks or BroadcastChannel there is no other tab to defer to. */
const unshared: LockManagerLike = {
  request: (_name, options, callback) =>
    options.signal?.aborted
      ? Promise.reject(new DOMException('The lock request was aborted.', 'AbortError'))
      : callback(null),
};

/**
 * The Web Locks API where the page has it (every current browser, in a secure context); otherwise
 * one lease-based lock over BroadcastChannel shared by the whole page (`createChannelLocks`); and
 * where neither exists, no sharing: every caller leads, so every tab polls for itself.
 * Looked up on first use, not at import, so tests and server rendering can set the globals first.
 */
export function defaultLockManager(): LockManagerLike {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks;
  if (typeof globalThis.BroadcastChannel !== 'function') return unshared;
  fallback ??= createChannelLocks();
  return fallback;
}
