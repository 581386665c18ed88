import type { Subscription } from 'rxjs';
import type { EntityStore, StoreChange } from '../store/types';

/** The part of `BroadcastChannel` this module uses, so tests and other runtimes can supply their own. */
export interface ChannelLike {
  /** Sends a structured-cloneable message to the other channels of the same name. */
  postMessage(message: unknown): void;
  /** Listens for messages from the other channels. */
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Stops a listener added with `addEventListener`. */
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Closes the channel; no message is sent or received after. */
  close(): void;
}

/** A `BroadcastChannel`-like constructor (`globalThis.BroadcastChannel` by default). */
export type ChannelConstructor = new (name: string) => ChannelLike;

/** Options of `createCrossTab`: the channel, which types to share, and where malformed messages go. */
export interface CrossTabOptions {
  /**
   * Tabs share state only with tabs using the same name (and origin).
   * @default 'vstore'
   */
  channelName?: string;
  /** @default globalThis.BroadcastChannel */
  BroadcastChannel?: ChannelConstructor;
  /** Store types to share. @default every type */
  types?: readonly string[];
  /** Messages from another tab that the store refused as malformed. @default no-op */
  onError?: (error: unknown) => void;
}

/** The cross-tab sharing of one store, as started by `createCrossTab`; close it to stop. */
export interface CrossTab {
  /** Stops sharing in both directions and closes the channel; idempotent. */
  close(): void;
}

/** What travels between tabs: the accepted entity itself, or a removal. */
export type CrossTabMessage =
  | {
      readonly v: 1;
      readonly kind: 'apply';
      readonly type: string;
      readonly id: string;
      readonly entity: object;
    }
  | { readonly v: 1; readonly kind: 'remove'; readonly type: string; readonly id: string };

/**
 * Shares accepted updates with other tabs of the same origin. A tab posts each update its store
 * accepted from anywhere but another tab, and offers what it receives to its own store as origin
 * `broadcast` through the same version gate; so a stale or duplicate message changes nothing, and
 * messages cannot echo back and forth (broadcast-origin writes are never posted again, but for
 * removals, which stop at the first tab that already removed the key).
 */
export function createCrossTab(store: EntityStore, options: CrossTabOptions = {}): CrossTab {
  const Channel = options.BroadcastChannel ?? (globalThis.BroadcastChannel as ChannelConstructor | undefined);
  if (!Channel) throw new TypeError('BroadcastChannel is not available here; pass options.BroadcastChannel.');
  const channel = new Channel(options.channelName ?? 'vstore');
  const shared = options.types ? new Set(options.types) : undefined;
  const onError = options.onError ?? (() => {});
  let closed = false;

  const outgoing = (change: StoreChange): CrossTabMessage | undefined => {
    // A removal is posted whatever its origin: one this tab derived from another tab's write (a
    // deletion task it watched completing) is known to no other tab. It cannot echo: removing a key
    // already removed emits nothing.
    if ((change.origin === 'broadcast' && change.outcome !== 'removed') || change.historical)
      return undefined;
    if (shared && !shared.has(change.type)) return undefined;
    // A copy of a type without versions restored from storage or a snapshot stays in its tab: posted,
    // it would reach the others as a broadcast, which such a type takes for newer than what they hold.
    // (A versioned copy goes: the version gate places it.)
    if ((change.origin === 'persisted' || change.origin === 'hydrate') && change.version === undefined)
      return undefined;
    if (change.outcome === 'removed') return { v: 1, kind: 'remove', type: change.type, id: change.id };
    if (change.outcome !== 'applied' || change.entity === undefined) return undefined;
    return { v: 1, kind: 'apply', type: change.type, id: change.id, entity: change.entity };
  };

  // `accepted` carries only applied writes and removals, so refused writes cost nothing here.
  const subscription: Subscription = store.accepted.subscribe((change) => {
    const message = outgoing(change);
    if (!message) return;
    try {
      channel.postMessage(message);
    } catch (error) {
      // An entity that cannot be cloned stays local; the store write itself already happened.
      onError(error);
    }
  });

  const onMessage = (event: MessageEvent) => {
    const message = readMessage(event.data);
    if (!message || (shared && !shared.has(message.type))) return;
    try {
      if (message.kind === 'remove') store.remove(message.type, message.id, 'broadcast');
      else store.apply(message.type, message.id, message.entity, 'broadcast');
    } catch (error) {
      // Another tab may run another build of the app; its malformed entity must not break this one.
      onError(error);
    }
  };
  channel.addEventListener('message', onMessage);

  return {
    close() {
      if (closed) return;
      closed = true;
      subscription.unsubscribe();
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}

/** Checks the envelope of a message from another tab; the entity itself meets the store's gate. */
function readMessage(data: unknown): CrossTabMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { v, kind, type, id, entity } = data as Record<string, unknown>;
  if (v !== 1 || typeof type !== 'string' || typeof id !== 'string') return undefined;
  if (kind === 'remove') return { v, kind, type, id };
  if (kind === 'apply' && typeof entity === 'object' && entity !== null) return { v, kind, type, id, entity };
  return undefined;
}
