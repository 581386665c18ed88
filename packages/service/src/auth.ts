import { gatewayError } from './errors';
import type { ResolvedOptions } from './options';

export type AuthResult = { ok: true; token: string } | { ok: false; response: Response };

/**
 * The gateway: runs before any operation. `Authorization: Bearer <token>` only, the event stream
 * included (core's SSE client reads it with fetch, which sends headers): a token in the URL would
 * end up in server and proxy logs. The token never appears in an answer.
 */
export function authenticate(request: Request, options: ResolvedOptions): AuthResult {
  const header = request.headers.get('authorization');
  const token = header === null ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const field = options.gatewayErrorField;
  if (token === undefined) {
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
