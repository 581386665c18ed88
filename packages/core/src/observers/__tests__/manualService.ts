import { Observable } from 'rxjs';
import { type ClientOptions, createClient } from '../../client/createClient';
import type { HttpRequest, RawResponse, Send } from '../../http/request';

// Test support, not a test file: a service whose replies the test releases one by one, in any order.

export interface Held {
  readonly request: HttpRequest;
  readonly path: string;
  readonly version: number | undefined;
  /** Still waiting for its reply (neither answered nor aborted). */
  open: boolean;
  aborted: boolean;
  answer(status: number, body: unknown): void;
}

export const control = (version: number, id = 'sc_1', name = `v${version}`) => ({
  spend_control_id: id,
  version,
  version_time: '2026-01-01T00:00:00Z',
  name,
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});

export function manualService(options: Partial<ClientOptions> = {}) {
  const held: Held[] = [];
  const send: Send = (request) =>
    new Observable<RawResponse>((subscriber) => {
      const url = new URL(request.url);
      const version = url.searchParams.get('version');
      const entry: Held = {
        request,
        path: url.pathname,
        version: version === null ? undefined : Number(version),
        open: true,
        aborted: false,
        answer(status, body) {
          if (!entry.open) return;
          entry.open = false;
          subscriber.next({ status, headers: new Headers(), text: JSON.stringify(body) });
          subscriber.complete();
        },
      };
      held.push(entry);
      return () => {
        if (entry.open) entry.aborted = true;
        entry.open = false;
      };
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
    held,
    open: () => held.filter((h) => h.open),
    gets: (path: string) => held.filter((h) => h.path === path),
  };
}
