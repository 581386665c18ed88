import type { ChannelConstructor, ChannelLike } from '../crossTab/crossTab';
import type { ErrorRecord } from '../ssr/clientSnapshot';
import { fromErrorRecord, toErrorRecord } from '../ssr/errorRecord';

type Message =
  | { readonly kind: 'changed' }
  | {
      readonly kind: 'settled';
      readonly id: string;
      readonly entity?: unknown;
      readonly error?: ErrorRecord;
    };

/** What an outbox hears from the other tabs of its name. */
export interface OutboxChannelListener {
  /** Storage changed: read it again. */
  changed(): void;
  /** A write settled in the tab that sent it; its promise may be in this tab. */
  settled(entryId: string, outcome: unknown, ok: boolean): void;
}

/** Tells the other tabs of an outbox's name what changed in storage and which writes settled. */
export interface OutboxChannel {
  changed(): void;
  settled(entryId: string, outcome: unknown, ok: boolean): void;
  close(): void;
}

/**
 * A BroadcastChannel between the tabs of one outbox name (none where the constructor is `undefined`:
 * then the tabs see each other's entries only when they read storage). Errors travel as records, since
 * an error class does not survive the structured clone.
 */
export function createOutboxChannel(
  name: string,
  Channel: ChannelConstructor | undefined,
  listener: OutboxChannelListener,
): OutboxChannel {
  const channel: ChannelLike | undefined = Channel ? new Channel(name) : undefined;
  const post = (message: Message) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A value that cannot be cloned stays in this tab; the other tabs read storage on their next change.
    }
  };
  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<Message> | null;
    if (message?.kind === 'changed') listener.changed();
    else if (message?.kind === 'settled' && typeof message.id === 'string') {
      if (message.error) listener.settled(message.id, fromErrorRecord(message.error), false);
      else listener.settled(message.id, message.entity, true);
    }
  };
  channel?.addEventListener('message', onMessage);
  return {
    changed: () => post({ kind: 'changed' }),
    settled: (id, outcome, ok) =>
      post(
        ok
          ? { kind: 'settled', id, entity: outcome }
          : { kind: 'settled', id, error: toErrorRecord(outcome) },
      ),
    close() {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
