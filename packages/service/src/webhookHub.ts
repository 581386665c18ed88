import type { ResolvedFaults } from './faults';
import { stripNulls } from './json';
import { chance, type Random } from './random';
import type { Timers } from './timers';
import type { WebhookPayload } from './types';

/** One delivery of a payload; `id` is the delivery sequence, so a duplicate gets a new id. */
export interface Delivery {
  id: number;
  payload: WebhookPayload;
  /** The payload as JSON, serialised once for every subscriber. */
  text: string;
}

export interface WebhookHub {
  publish(eventType: string, data: unknown): void;
  subscribe(listener: (delivery: Delivery) => void): () => void;
  /**
   * Buffered deliveries after `lastId`; `gap` is true when some of them already left the buffer, or
   * when `lastId` was never issued here (an id from an earlier run of the service): then every
   * buffered delivery is news to the receiver, and what it missed before the restart is lost.
   */
  since(lastId: number): { deliveries: Delivery[]; gap: boolean };
  stats(): { published: number; delivered: number; lastEventId: number; subscribers: number };
  close(): void;
}

export interface WebhookHubOptions {
  schemaVersion: string;
  bufferSize: number;
  timers: Timers;
  faults: () => ResolvedFaults;
  random: Random;
}

interface Pending {
  payload: WebhookPayload;
  text: string;
  duplicate: boolean;
}

/**
 * Turns every change into a payload and hands it to subscribers (the SSE streams). Fault
 * profiles may deliver a payload twice or hold it back until after the next one, as real
 * webhook senders do; the decisions come from a seeded stream so a run can be replayed.
 */
export function createWebhookHub(options: WebhookHubOptions): WebhookHub {
  const listeners = new Set<(delivery: Delivery) => void>();
  const buffer: Delivery[] = [];
  let sequence = 0;
  let published = 0;
  let held: Pending | undefined;
  let cancelHold: (() => void) | undefined;

  const deliverOnce = (pending: Pending): void => {
    sequence += 1;
    const delivery: Delivery = { id: sequence, payload: pending.payload, text: pending.text };
    buffer.push(delivery);
    if (buffer.length > options.bufferSize) buffer.shift();
    // One failing subscriber must not starve the others; the stream that threw closes itself.
    for (const listener of [...listeners]) {
      try {
        listener(delivery);
      } catch {
        listeners.delete(listener);
      }
    }
  };
  const deliver = (pending: Pending): void => {
    deliverOnce(pending);
    if (!pending.duplicate) return;
    const delay = options.faults().duplicateDelayMs;
    if (delay > 0) options.timers.after(delay, () => deliverOnce(pending));
    else deliverOnce(pending);
  };
  const flushHeld = (): void => {
    cancelHold?.();
    cancelHold = undefined;
    const pending = held;
    held = undefined;
    if (pending) deliver(pending);
  };

  return {
    publish(eventType, data) {
      published += 1;
      const payload = stripNulls({ schema_version: options.schemaVersion, event_type: eventType, data });
      const pending: Pending = {
        payload: payload as WebhookPayload,
        text: JSON.stringify(payload),
        duplicate: false,
      };
      const faults = options.faults();
      pending.duplicate = chance(options.random, faults.duplicateWebhookRate);
      const holdBack = chance(options.random, faults.reorderWebhookRate);
      if (held) {
        // The held payload goes out after this newer one: the receiver sees them swapped.
        deliver(pending);
        flushHeld();
      } else if (holdBack) {
        held = pending;
        cancelHold = options.timers.after(faults.reorderHoldMs, flushHeld);
      } else {
        deliver(pending);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    since(lastId) {
      if (lastId > sequence) return { deliveries: [...buffer], gap: true };
      const first = buffer[0];
      const deliveries = buffer.filter((d) => d.id > lastId);
      // Missed deliveries the buffer no longer holds (all of them, with an empty buffer) are a gap.
      return { deliveries, gap: lastId < sequence && (first === undefined || first.id > lastId + 1) };
    },
    stats() {
      return { published, delivered: sequence, lastEventId: sequence, subscribers: listeners.size };
    },
    close() {
      cancelHold?.();
      held = undefined;
      listeners.clear();
    },
  };
}
