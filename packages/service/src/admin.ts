import { requestValidationError } from './errors';
import { checkFaultOptions, FAULT_PROFILES, type FaultOptions, type FaultProfileName } from './faults';
import type { ServiceState } from './inspect';
import { json } from './json';
import { readJsonObject } from './validation';

export interface AdminHooks {
  inspect(): ServiceState;
  setFaults(faults: FaultProfileName | FaultOptions): void;
  traceId(): string;
}

const isProfile = (value: unknown): value is FaultProfileName =>
  typeof value === 'string' && Object.hasOwn(FAULT_PROFILES, value);

/**
 * `/__admin/*`: no token, for local tools only (the dashboard's chaos switch, soak checks).
 * GET state, GET faults, POST faults `{ "profile": "chaos" }` or `{ "faults": { ...FaultOptions } }`.
 */
export async function handleAdmin(request: Request, path: string, hooks: AdminHooks): Promise<Response> {
  if (path === '/__admin/state' && request.method === 'GET') return json(hooks.inspect());
  if (path === '/__admin/faults' && request.method === 'GET')
    return json({ profile: hooks.inspect().faults });
  if (path === '/__admin/faults' && request.method === 'POST') {
    const read = await readJsonObject(request, 4096);
    if (!read.ok) return requestValidationError(hooks.traceId(), read.errors);
    const { profile, faults } = read.value;
    if (isProfile(profile)) hooks.setFaults(profile);
    else if (
      profile === undefined &&
      typeof faults === 'object' &&
      faults !== null &&
      !Array.isArray(faults)
    ) {
      const problems = checkFaultOptions(faults as Record<string, unknown>);
      if (problems.length > 0) {
        return requestValidationError(
          hooks.traceId(),
          problems.map((p) => ({
            location: 'body',
            field: `faults.${p.field}`,
            code: 'invalid_value',
            message: p.message,
          })),
        );
      }
      hooks.setFaults(faults as FaultOptions);
    } else {
      return requestValidationError(hooks.traceId(), [
        {
          location: 'body',
          field: 'profile',
          code: 'unknown_enum_value',
          message: 'profile must be one of none, flaky, chaos (or send faults: { ...options }).',
        },
      ]);
    }
    return json({ profile: hooks.inspect().faults });
  }
  return json(
    {
      message: `No admin route ${request.method} ${path}.`,
      type: 'RouteNotFound',
      trace_id: hooks.traceId(),
    },
    404,
  );
}
