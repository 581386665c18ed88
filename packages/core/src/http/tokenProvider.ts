import { defer, type Observable } from 'rxjs';
import { just } from './just';

/** The default headers that carry the token: `authorization: Bearer <token>` (header names are case-insensitive). */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/**
 * Returns the access token, sync or async. The client calls it lazily, caches the token, shares one
 * call among concurrent requests, and calls it again once when the gateway answers 401.
 */
export type GetToken = () => string | Promise<string>;

/** The access token, fetched lazily, cached, and shared by everyone asking at the same time. */
export interface TokenProvider {
  /**
   * The cached token, or one fetch of it that every concurrent caller shares. A fetch pending for
   * longer than `staleAfterMs` is not joined but made again: a getToken that never settles does not
   * hold every later caller, while a slow one (a sign-in prompt) is still waited for by those after.
   */
  get(staleAfterMs?: number): Observable<string>;
  /** The cached token, if one is ready: requests then start without waiting on anything. */
  peek(): string | undefined;
  /**
   * Forgets `token` after the gateway refused it, so the next `get` fetches a fresh one. A token
   * other than the cached one is ignored: many requests that failed with the same old token cause
   * one refresh, not one each.
   */
  invalidate(token: string): void;
}

type State =
  | { kind: 'empty' }
  | { kind: 'ready'; token: string }
  | { kind: 'pending'; promise: Promise<string>; since: number };

export function createTokenProvider(getToken: GetToken, now: () => number = Date.now): TokenProvider {
  let state: State = { kind: 'empty' };

  const checked = (token: unknown): string => {
    // The message names the problem without echoing the value.
    if (typeof token !== 'string' || token.length === 0) {
      throw new TypeError('getToken must return (or resolve to) a non-empty string');
    }
    return token;
  };

  return {
    get: (staleAfterMs = Number.POSITIVE_INFINITY) =>
      defer(() => {
        if (state.kind === 'ready') return just(state.token);
        if (state.kind === 'pending' && now() - state.since <= staleAfterMs) return state.promise;
        const result = getToken();
        // A synchronous getToken stays synchronous, so virtual-time tests see no Promise.
        if (typeof result === 'string') {
          state = { kind: 'ready', token: checked(result) };
          return just(state.token);
        }
        const pending: State = {
          kind: 'pending',
          since: now(),
          promise: Promise.resolve(result)
            .then(checked)
            .then(
              (token) => {
                if (state === pending) state = { kind: 'ready', token };
                return token;
              },
              (error: unknown) => {
                if (state === pending) state = { kind: 'empty' };
                throw error;
              },
            ),
        };
        state = pending;
        return pending.promise;
      }),
    peek: () => (state.kind === 'ready' ? state.token : undefined),
    invalidate(token) {
      if (state.kind === 'ready' && state.token === token) state = { kind: 'empty' };
    },
  };
}
