import { authenticate } from './auth';
import { methodNotAllowedError, requestValidationError, unsupportedMediaTypeError } from './errors';
import { checkFaultOptions, FAULT_PROFILES, type FaultOptions, type FaultProfileName } from './faults';
import type { ServiceState } from './inspect';
import { json } from './json';
import type { ResolvedOptions } from './options';
import { queryProblems } from './route';
import { readJsonObject } from './validation';

export interface AdminHooks {
  /** The state as `token` may see it: its own idempotency keys only. */
  inspect(token: string): ServiceState;
  setFaults(faults: FaultProfileName | FaultOptions): void;
  traceId(): string;
}

const isProfile = (value: unknown): value is FaultProfileName =>
  typeof value === 'string' && Object.hasOwn(FAULT_PROFILES, value);

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
/** The methods each admin path serves. */
const ADMIN_METHODS = new Map<string, readonly string[]>([
  ['/__admin/state', ['GET']],
  ['/__admin/faults', ['GET', 'POST']],
]);

/**
 * `/__admin/*`, for local tools (the dashboard's chaos switch, soak checks): behind the gateway like
 * every route, and writes only as `application/json`, which a page on another origin cannot send
 * without a preflight (and the service answers admin preflights with no CORS headers, so the
 * browser refuses). GET state, GET faults, POST faults `{ "profile": "chaos" }` or
 * `{ "faults": { ...FaultOptions } }`. Faults and rate limits never apply here.
 */
export async function handleAdmin(
  request: Request,
  path: string,
  options: ResolvedOptions,
  hooks: AdminHooks,
): Promise<Response> {
  const auth = authenticate(request, options);
  if (!auth.ok) return auth.response;
  // No admin route takes a parameter: one would be ignored, so it is refused as on every route.
  const problems = queryProblems(new URL(request.url), []);
  if (problems.length > 0) return requestValidationError(hooks.traceId(), problems);
  // A method an admin path does not serve is a 405, as on every route, whatever its name.
  const allowed = ADMIN_METHODS.get(path);
  if (allowed && !allowed.includes(request.method)) return methodNotAllowedError(hooks.traceId(), allowed);
  const write = request.method !== 'GET' && request.method !== 'HEAD';
  if (write && !JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    return unsupportedMediaTypeError(hooks.traceId());
  }
  if (path === '/__admin/state' && request.method === 'GET') return json(hooks.inspect(auth.token));
  if (path === '/__admin/faults' && request.method === 'GET')
    return json({ profile: hooks.inspect(auth.token).faults });
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
    return json({ profile: hooks.inspect(auth.token).faults });
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
