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
  /** The cached token, or one fetch of it that every concurrent caller shares. */
  get(): Observable<string>;
  /** The cached token, if one is ready: requests then start without waiting on anything. */
  peek(): string | undefined;
  /**
   * Forgets `token` after the gateway refused it, so the next `get` fetches a fresh one. A token
   * other than the cached one is ignored: many requests that failed with the same old token cause
   * one refresh, not one each.
   */
  invalidate(token: string): void;
  /** Forgets a fetch of the token that a caller gave up waiting for, so the next `get` calls getToken again. */
  abandon(): void;
}

type State =
  | { kind: 'empty' }
  | { kind: 'ready'; token: string }
  | { kind: 'pending'; promise: Promise<string> };

export function createTokenProvider(getToken: GetToken): TokenProvider {
  let state: State = { kind: 'empty' };

  const checked = (token: unknown): string => {
    // The message names the problem without echoing the value.
    if (typeof token !== 'string' || token.length === 0) {
      throw new TypeError('getToken must return (or resolve to) a non-empty string');
    }
    return token;
  };

  return {
    get: () =>
      defer(() => {
        if (state.kind === 'ready') return just(state.token);
        if (state.kind === 'pending') return state.promise;
        const result = getToken();
        // A synchronous getToken stays synchronous, so virtual-time tests see no Promise.
        if (typeof result === 'string') {
          state = { kind: 'ready', token: checked(result) };
          return just(state.token);
        }
        const pending: State = {
          kind: 'pending',
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
    abandon() {
      if (state.kind === 'pending') state = { kind: 'empty' };
    },
  };
}
