import { gatewayError } from './errors';
import type { ResolvedOptions } from './options';

export type AuthResult = { ok: true; token: string } | { ok: false; response: Response };

/**
 * The gateway: runs before any operation. `Authorization: Bearer <token>`; on the event stream
 * also `?access_token=`, because EventSource cannot send headers. The token never appears in
 * an answer.
 */
export function authenticate(request: Request, url: URL, path: string, options: ResolvedOptions): AuthResult {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1] ?? (path === '/events' ? url.searchParams.get('access_token') : null);
  const field = options.gatewayErrorField;
  if (token === null || token === undefined) {
    return {
      ok: false,
      response: gatewayError(401, field, 'Missing access token; send Authorization: Bearer <token>.'),
    };
  }
  if (options.inactiveTokens.has(token)) {
    return {
      ok: false,
      response: gatewayError(403, field, 'The business of this access token is inactive.'),
    };
  }
  if (!options.tokens.has(token)) {
    return { ok: false, response: gatewayError(401, field, 'Invalid access token; obtain a new one.') };
  }
  return { ok: true, token };
}
