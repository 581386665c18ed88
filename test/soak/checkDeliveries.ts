import type { IngestReport } from '@vstore/core';
import type { Violation } from './recordingFetch';

/** What the gate may do with a relayed event: take it, or refuse it as not newer (or removed). */
const GATE_OUTCOMES: ReadonlySet<IngestReport['outcome']> = new Set([
  'applied',
  'duplicate',
  'stale',
  'deleted',
]);

/** One client's deliveries, as counted for the report. */
export interface DeliveryCounts {
  /** Deliveries that reached the gate. */
  readonly ingested: number;
  /** Of those, refused as duplicate, stale or removed. */
  readonly refused: number;
  /** Deliveries ingested more than once (a resume from an older id; harmless, and expected to be 0). */
  readonly repeated: number;
}

/** Whether a report is about the payload the relay sent: same event type, entity and version. */
function names(report: IngestReport, data: string): boolean {
  const payload = JSON.parse(data) as { event_type?: string; data?: Record<string, unknown> };
  const entity = payload.data ?? {};
  const version = typeof entity.version === 'number' ? entity.version : undefined;
  return (
    report.eventType === payload.event_type &&
    report.type !== undefined &&
    report.id === entity[`${report.type}_id`] &&
    report.version === version
  );
}

/**
 * Every event the relay sent (delivery ids 1 to `delivered`) reached this client's gate, none
 * skipped, and was applied or refused as duplicate, stale or removed; each report names the payload
 * the relay sent under that id (`sent`, from the streams' bytes).
 */
export function checkDeliveries(
  client: number,
  delivered: number,
  sent: ReadonlyMap<number, string>,
  ingested: ReadonlyMap<number, readonly IngestReport[]>,
  violate: (violation: Violation) => void,
): DeliveryCounts {
  let count = 0;
  let refused = 0;
  let repeated = 0;
  for (let id = 1; id <= delivered; id++) {
    const reports = ingested.get(id) ?? [];
    if (reports.length === 0) {
      violate({
        invariant: 'every relayed event reaches the gate',
        detail: `client ${client} skipped delivery ${id} of ${delivered}`,
      });
      continue;
    }
    count++;
    if (reports.length > 1) repeated++;
    const data = sent.get(id);
    for (const report of reports) {
      if (!GATE_OUTCOMES.has(report.outcome)) {
        violate({
          invariant: 'every relayed event reaches the gate',
          detail: `client ${client} delivery ${id}: ${report.outcome} ${report.reason ?? ''}`.trim(),
        });
      } else if (report.outcome !== 'applied') refused++;
      if (data === undefined || !names(report, data))
        violate({
          invariant: 'every relayed event reaches the gate',
          detail: `client ${client} delivery ${id} ingested as ${JSON.stringify(report)}, sent ${data ?? 'never whole'}`,
        });
    }
  }
  for (const id of ingested.keys())
    if (!(id >= 1 && id <= delivered))
      violate({
        invariant: 'every relayed event reaches the gate',
        detail: `client ${client} ingested unknown delivery ${id}`,
      });
  return { ingested: count, refused, repeated };
}
