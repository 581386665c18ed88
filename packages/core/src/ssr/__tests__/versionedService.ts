import { Observable } from 'rxjs';
import { type ClientOptions, createClient } from '../../client/createClient';
import type { HttpRequest, RawResponse, Send } from '../../http/request';

// Test support, not a test file: spend controls with every version kept, served synchronously.

export const control = (version: number, id = 'sc_1') =>
  Object.freeze({
    spend_control_id: id,
    version,
    version_time: `2026-01-0${version}T00:00:00Z`,
    name: `v${version}`,
    status: 'active',
    limit: Object.freeze({ amount: 100 * version, currency: 'USD' }),
    interval: 'monthly',
    account_id: 'acc_1',
  });

type Reply = { status: number; body: unknown } | { throws: unknown } | { hangs: true };

/**
 * A service holding `versions` versions of sc_1 (and none of anything else: 404). `override` answers
 * a path (with its query) differently.
 */
export function versionedService(versions = 3, options: Partial<ClientOptions> = {}) {
  const requests: HttpRequest[] = [];
  const overrides = new Map<string, Reply>();
  const answer = (url: URL): Reply => {
    const own = overrides.get(url.pathname + url.search);
    if (own) return own;
    const [, collection, id, tail] = url.pathname.split('/');
    if (collection !== 'spend_controls' || id !== 'sc_1')
      return { status: 404, body: { type: 'not_found', message: `${id} not found`, trace_id: 'tr_404' } };
    const all = Array.from({ length: versions }, (_, i) => control(i + 1));
    if (tail === 'history') return { status: 200, body: { data: all } };
    const version = Number(url.searchParams.get('version') ?? versions);
    return { status: 200, body: all[version - 1] };
  };
  const send: Send = (request) =>
    new Observable<RawResponse>((subscriber) => {
      requests.push(request);
      const reply = answer(new URL(request.url));
      if ('hangs' in reply) return;
      if ('throws' in reply) subscriber.error(reply.throws);
      else {
        subscriber.next({ status: reply.status, headers: new Headers(), text: JSON.stringify(reply.body) });
        subscriber.complete();
      }
    });
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    send,
    retry: { maxAttempts: 1 },
    ...options,
  });
  return {
    client,
    requests,
    override: (path: string, reply: Reply) => overrides.set(path, reply),
  };
}
