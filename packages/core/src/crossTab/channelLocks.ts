import type { ChannelConstructor, ChannelLike } from './crossTab';

/** The slice of the Web Locks API (`navigator.locks`) that leader election needs. */
export interface LockManagerLike {
  /** Waits for the exclusive lock `name`, runs `callback`, releases when its promise settles. */
  request<T>(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export interface ChannelLocks extends LockManagerLike {
  /** Closes the channel; requests still waiting never resolve, so abort them first. */
  close(): void;
}

/**
 * Options of `createChannelLocks`, the fallback for runtimes without `navigator.locks`: locks
 * negotiated over a `BroadcastChannel` with heartbeats, so a closed tab's lock passes on.
 */
export interface ChannelLocksOptions {
  /** @default 'vstore:locks' */
  channelName?: string;
  /** @default globalThis.BroadcastChannel */
  BroadcastChannel?: ChannelConstructor;
  /**
   * How often a holder says it still holds; a holder silent for 3 intervals (a closed tab) is
   * considered gone.
   * @default 1000
   */
  heartbeatMs?: number;
  /**
   * How long a claimant listens for a rival or a holder before it takes the lock. Must exceed the
   * channel's delivery time.
   * @default 100
   */
  settleMs?: number;
  /** @default Math.random */
  random?: () => number;
}

type LockMessage =
  | { kind: 'claim'; name: string; owner: string; ticket: number }
  | { kind: 'held'; name: string; owner: string }
  | { kind: 'release'; name: string; owner: string };

const ABORTED = () => new DOMException('The lock request was aborted.', 'AbortError');

/**
 * Leader election over `BroadcastChannel` where Web Locks are missing (older runtimes, Node, pages
 * outside a secure context). A lease rather than a true lock: a claimant announces itself, listens
 * for `settleMs`, and backs off if a holder answers or a rival holds a better ticket; the holder
 * repeats `held` every `heartbeatMs`, so a closed tab's lease lapses. Two tabs can both lead only if
 * the channel takes longer than `settleMs` to deliver; for task polling that costs a few extra
 * requests, never wrong data, because every reply still goes through the store's gate.
 */
export function createChannelLocks(options: ChannelLocksOptions = {}): ChannelLocks {
  const Channel = options.BroadcastChannel ?? (globalThis.BroadcastChannel as ChannelConstructor | undefined);
  if (!Channel) throw new TypeError('BroadcastChannel is not available here; pass options.BroadcastChannel.');
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const settleMs = options.settleMs ?? 100;
  const random = options.random ?? Math.random;
  const owner = `${Date.now().toString(36)}-${random().toString(36).slice(2)}`;
  /** Lease expiry per name for locks other tabs hold, as last heard. */
  const foreign = new Map<string, number>();
  /** Names this tab holds. */
  const held = new Set<string>();
  /** Rival tickets heard during our own claim, per name. */
  const rivals = new Map<string, { ticket: number; owner: string }[]>();
  /** Same-tab requests queue behind each other per name, as Web Locks do. */
  const localTails = new Map<string, Promise<unknown>>();
  const wakers = new Set<() => void>();
  let channel: ChannelLike | undefined;

  const post = (message: LockMessage) => channel?.postMessage(message);
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };

  const open = (): ChannelLike => {
    if (channel) return channel;
    const opened = new Channel(options.channelName ?? 'vstore:locks');
    opened.addEventListener('message', (event) => {
      const message = event.data as Partial<LockMessage> | null;
      if (!message || typeof message.name !== 'string' || typeof message.owner !== 'string') return;
      if (message.owner === owner) return;
      const { name } = message;
      if (message.kind === 'claim') {
        if (held.has(name)) post({ kind: 'held', name, owner });
        else if (typeof message.ticket === 'number')
          rivals.get(name)?.push({ ticket: message.ticket, owner: message.owner });
      } else if (message.kind === 'held') {
        foreign.set(name, Date.now() + heartbeatMs * 3);
      } else if (message.kind === 'release') {
        foreign.delete(name);
      }
      wakeAll();
    });
    // Node keeps a process alive while a BroadcastChannel is referenced; a lock helper must not.
    (opened as { unref?: () => void }).unref?.();
    channel = opened;
    return opened;
  };

  /** A wait that `wakeable` lets news from the channel cut short (a release, a holder's heartbeat). */
  const sleep = (ms: number, signal: AbortSignal | undefined, wakeable = false) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        signal?.removeEventListener('abort', done);
        if (signal?.aborted) reject(ABORTED());
        else resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done);
      if (wakeable) wakers.add(done);
    });

  const foreignHolder = (name: string) => (foreign.get(name) ?? 0) > Date.now();

  const acquire = async (name: string, signal: AbortSignal | undefined): Promise<void> => {
    for (;;) {
      if (signal?.aborted) throw ABORTED();
      if (foreignHolder(name)) {
        await sleep(heartbeatMs, signal, true);
        continue;
      }
      const ticket = random();
      rivals.set(name, []);
      post({ kind: 'claim', name, owner, ticket });
      await sleep(settleMs, signal);
      const heard = rivals.get(name) ?? [];
      rivals.delete(name);
      const beaten = heard.some((r) => r.ticket > ticket || (r.ticket === ticket && r.owner > owner));
      if (!foreignHolder(name) && !beaten) return;
      // Lost the round: wait a random while so two claimants do not collide again in lockstep.
      await sleep(settleMs * (1 + random()), signal);
    }
  };

  return {
    async request(name, requestOptions, callback) {
      open();
      const signal = requestOptions.signal;
      const previous = localTails.get(name) ?? Promise.resolve();
      let releaseLocal = () => {};
      const mine = new Promise<void>((resolve) => {
        releaseLocal = resolve;
      });
      const tail = previous.then(() => mine);
      localTails.set(name, tail);
      try {
        await previous;
        await acquire(name, signal);
        held.add(name);
        post({ kind: 'held', name, owner });
        const heartbeat = setInterval(() => post({ kind: 'held', name, owner }), heartbeatMs);
        try {
          return await callback({ name, mode: 'exclusive' });
        } finally {
          clearInterval(heartbeat);
          held.delete(name);
          post({ kind: 'release', name, owner });
        }
      } finally {
        releaseLocal();
        if (localTails.get(name) === tail) localTails.delete(name);
      }
    },
    close() {
      channel?.close();
      channel = undefined;
    },
  };
}
