import type { ClientEvents, IngestReport } from '@vstore/core';

export interface DeliveryWatch {
  /** What the gate did with each relay delivery, by the delivery's event id; one entry per ingest. */
  readonly ingested: ReadonlyMap<number, readonly IngestReport[]>;
  stop(): void;
}

/**
 * The client's change log by delivery: every ingest report, filed under the id of the event that
 * carried it. The connection moves its last event id to an event's id before it hands the event on,
 * so during the report `getLastEventId()` names the delivery being ingested.
 */
export function watchDeliveries(events: ClientEvents): DeliveryWatch {
  const ingested = new Map<number, IngestReport[]>();
  const subscription = events.reports$.subscribe((report) => {
    const id = Number(events.getLastEventId());
    const reports = ingested.get(id) ?? [];
    reports.push(report);
    ingested.set(id, reports);
  });
  return { ingested, stop: () => subscription.unsubscribe() };
}
