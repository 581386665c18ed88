import type { FaultOptions, FaultProfileName } from './faults';
import type { ServiceState } from './inspect';
import type { ListeningService, ListenOptions } from './nodeServer';

/**
 * A running local implementation of the vstore service: a fetch handler, `listen` to serve it over
 * HTTP, and fault profiles to switch at run time. Made by `createService`. Its own module, so the
 * Node entry can name it without importing `createService`.
 */
export interface Service {
  /** The whole API as a fetch handler; uses web APIs only, so it also runs in a browser or Vite middleware. */
  fetch(request: Request): Promise<Response>;
  /** Serves `fetch` over Node HTTP, on 127.0.0.1 and an ephemeral port unless told otherwise. */
  listen(options?: ListenOptions): Promise<ListeningService>;
  /** Clears every timer, ends every SSE stream and fails waiting requests with 503. */
  close(): Promise<void>;
  /** Counts and versions as the service sees them (also at GET /__admin/state). */
  inspect(): ServiceState;
  /** Switches the fault profile at run time (also POST /__admin/faults). */
  setFaults(faults: FaultProfileName | FaultOptions): void;
}
