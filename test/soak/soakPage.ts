import type { Client } from '@vstore/core';
import type { DeliveryWatch } from './watchDeliveries';
import type { StoreWatch } from './watchStore';

/**
 * One page of a soak client: its client and what watches it. A client that never reloads has one;
 * an outbox client has one more per reload, each with a new client over the same storage.
 */
export interface SoakPage {
  readonly client: Client;
  readonly watch: StoreWatch;
  /** The page's ingest reports by relay delivery. */
  readonly deliveries: DeliveryWatch;
}
