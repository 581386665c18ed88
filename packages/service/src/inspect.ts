import type { ServiceContext } from './context';
import type { FaultProfileName } from './faults';
import type { AccountStatus, TaskStatus } from './types';

/** A snapshot for tests, soaks and dashboards: what the service did, counted by the service. */
export interface ServiceState {
  faults: FaultProfileName | 'custom';
  creates: {
    total: number;
    /**
     * Spend controls created per Idempotency-Key (summed over tokens): 1 each when retries are safe.
     * Exact for every key within `idempotency.ttlMs` and the newest `maxEntries`; older keys leave,
     * as they leave the key store. Creates of declared resources count here too.
     */
    byIdempotencyKey: Record<string, number>;
  };
  idempotency: { stored: number; inFlight: string[] };
  /** Writes waiting inside their writeDelayMs window. */
  pendingWrites: number;
  /** Latest version per spend control. */
  spendControls: Record<string, number>;
  /** Latest version per declared resource, by type. */
  resources: Record<string, Record<string, number>>;
  accounts: Record<string, { status: AccountStatus; version: number }>;
  tasks: Record<string, TaskStatus>;
  webhooks: { published: number; delivered: number; lastEventId: number; subscribers: number };
  requests: { total: number; byStatus: Record<string, number> };
}

export interface RequestCounts {
  total: number;
  byStatus: Map<number, number>;
}

export function inspectService(
  ctx: ServiceContext,
  faults: ServiceState['faults'],
  requests: RequestCounts,
  /** Only this token's idempotency keys are listed when given (the admin route passes the caller's). */
  scope?: string,
): ServiceState {
  ctx.tasks.refreshAll();
  const { data } = ctx;
  // Object.fromEntries defines own properties, so a key such as "__proto__" cannot reach a prototype.
  return {
    faults,
    creates: { total: data.creates, byIdempotencyKey: ctx.idempotency.createsByKey(scope) },
    idempotency: { stored: ctx.idempotency.size(), inFlight: ctx.idempotency.inFlightKeys(scope) },
    pendingWrites: data.pendingWrites,
    spendControls: Object.fromEntries([...data.spendControls].map(([id, v]) => [id, v.length])),
    resources: Object.fromEntries(
      [...data.resources].map(([type, items]) => [
        type,
        Object.fromEntries([...items].map(([id, v]) => [id, v.length])),
      ]),
    ),
    accounts: Object.fromEntries(
      [...data.accounts].map(([id, a]) => [id, { status: a.status, version: a.version }] as const),
    ),
    tasks: Object.fromEntries(ctx.tasks.list().map((t) => [t.task_id, t.status])),
    webhooks: ctx.hub.stats(),
    requests: {
      total: requests.total,
      byStatus: Object.fromEntries([...requests.byStatus].map(([s, n]) => [String(s), n])),
    },
  };
}
