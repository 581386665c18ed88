/**
 * The local service's admin routes, for the chaos switch. They need the demo token and answer without
 * CORS headers, so the page reaches them on its own origin: each dashboard's Vite dev server proxies
 * `/__admin` to the service (see its vite.config.ts).
 */
export type FaultState = 'none' | 'flaky' | 'chaos' | 'custom';

const FAULT_STATES: readonly FaultState[] = ['none', 'flaky', 'chaos', 'custom'];

export interface ServiceAdmin {
  /** The service's fault profile as it is now (`custom` for settings that match no profile). */
  faults(signal?: AbortSignal): Promise<FaultState>;
  /** Switches to a named profile; resolves with the profile the service then reports. */
  setProfile(profile: 'none' | 'chaos'): Promise<FaultState>;
}

export class AdminError extends Error {
  static {
    AdminError.prototype.name = 'AdminError';
  }
}

function readFaults(body: unknown): FaultState {
  const faults =
    (body as { faults?: unknown; profile?: unknown } | null)?.faults ??
    (body as { profile?: unknown } | null)?.profile;
  if (typeof faults === 'string' && (FAULT_STATES as readonly string[]).includes(faults))
    return faults as FaultState;
  throw new AdminError('The service answered /__admin with no fault profile it knows.');
}

export function createServiceAdmin(token: string, base = '/__admin'): ServiceAdmin {
  // The token goes in a header only; no message below ever includes it.
  const headers = { authorization: `Bearer ${token}` };
  const call = async (path: string, init: RequestInit): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, init);
    if (!response.ok) {
      await response.body?.cancel();
      throw new AdminError(`The service's admin route ${path} answered HTTP ${response.status}.`);
    }
    return response.json();
  };
  return {
    async faults(signal) {
      return readFaults(await call('/state', { headers, ...(signal ? { signal } : {}) }));
    },
    async setProfile(profile) {
      return readFaults(
        await call('/faults', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ profile }),
        }),
      );
    },
  };
}
