import type { SchedulerLike } from 'rxjs';
import type { Transport } from '../http/transport';
import type { EntityStore } from '../store/types';

/**
 * What resource operations report to the read side of their client, which keeps the state of every
 * read (freshness, the order of replies without versions, list membership). The operations only
 * report; the client's read cache decides what each report changes, through its own actions.
 */
export interface ReadLedger {
  /** The start number of a request whose reply is ordered by when it started (resources without versions). */
  begin(): number;
  /**
   * Whether the reply to the request started as `seq` may be offered to the store as the latest of
   * `type`/`id`: no reply to a request started later is held. Recorded when it may.
   */
  admit(type: string, id: string, seq: number): boolean;
  /**
   * The store holds a reply as the latest of `type`/`id` (applied, or the same state): confirmed now.
   * `knownOnly`: only if something read that entity before (a list page's items, many at a time).
   */
  confirm(type: string, id: string, knownOnly?: boolean): void;
  /** This client created `type`/`id`: the lists it matches take it in. */
  created(type: string, id: string): void;
}

/** What the operations of every resource of one client share: where requests go and data lands. */
export interface ResourceContext {
  readonly transport: Transport;
  readonly store: EntityStore;
  readonly scheduler: SchedulerLike;
  readonly ledger: ReadLedger;
}
