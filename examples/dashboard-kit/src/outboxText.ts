import { ApiError, NetworkError } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import { describePatch } from './editFields';

/** An outbox entry as the dashboards list it: what it changes, and where it stands, in words. */
export interface EntryText {
  /** "sc_1: Limit $7,000.00", "Delete acc_2". */
  readonly what: string;
  /** "waiting until you are back online", "sending", "held: choose below", … */
  readonly state: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How many changes wait, for the offline indicator: "Offline · 2 changes waiting". */
export function indicatorText(online: boolean, pending: number, conflicts: number): string {
  const parts = [online ? 'Online' : 'Offline'];
  if (pending > 0) parts.push(`${plural(pending, 'change', 'changes')} ${online ? 'sending' : 'waiting'}`);
  if (conflicts > 0) parts.push(`${plural(conflicts, 'conflict', 'conflicts')} to resolve`);
  return parts.join(' · ');
}

/** One entry in words. `online` is the page's, so a pending entry says why it waits. */
export function entryText(entry: OutboxEntry, online: boolean): EntryText {
  const what =
    entry.kind === 'delete'
      ? `Delete ${entry.entityId}`
      : entry.kind === 'create'
        ? `Create ${String((entry.input as { name?: unknown } | undefined)?.name ?? entry.type)}`
        : `${entry.entityId}: ${describePatch(entry.patch ?? {})}`;
  return { what, state: stateOf(entry, online) };
}

function stateOf(entry: OutboxEntry, online: boolean): string {
  switch (entry.status) {
    case 'sending':
      return entry.kind === 'delete' && entry.taskId ? 'running on the service' : 'sending';
    case 'conflict':
      return 'held: someone else changed the same field; choose below';
    case 'failed':
      return `refused: ${entry.error?.message ?? 'the service refused it'}`;
    case 'pending':
      if (!online) return 'waiting until you are back online';
      if (entry.kind === 'delete' && entry.taskId) return 'running on the service';
      if (!entry.error) return 'waiting to send';
      if (entry.error instanceof NetworkError) return 'waiting to try again';
      // The service's own trouble (5xx, 429): its status says enough; the outbox tries again.
      if (entry.error instanceof ApiError)
        return `waiting to try again (the service answered HTTP ${entry.error.status})`;
      return `waiting to try again (${entry.error.message})`;
  }
}
