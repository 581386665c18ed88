import { asyncScheduler, Observable, type SchedulerLike, timer } from 'rxjs';
import type { HttpRequest, RawResponse, Send } from '../../http/request';
import { type ClientOptions, createClient } from '../createClient';

// Test support shared by the client's unit tests: a scripted fetch boundary. Not a test file.

export const SECRET_TOKEN = 'tok_SECRET_9f8e7d6c';

export interface Reply {
  status: number;
  /** Serialised as JSON unless `text` is given. */
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Virtual (or fake-timer) time before the reply arrives. @default 0: synchronous */
  latencyMs?: number;
}

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

export interface SentRequest extends HttpRequest {
  /** Scheduler time the attempt was sent. */
  at: number;
  json: unknown;
}

export interface Scripted {
  send: Send;
  requests: SentRequest[];
  /** Attempts unsubscribed before their reply arrived. */
  aborted(): number;
}

/**
 * A `Send` that answers from `script` (a reply, or an Error for a network failure). Each attempt is
 * recorded with its send time; unsubscribing before the reply counts as an abort.
 */
export function scriptedSend(
  script: (request: HttpRequest, index: number) => Reply | Error,
  scheduler: SchedulerLike = asyncScheduler,
): Scripted {
  const requests: SentRequest[] = [];
  let aborted = 0;
  const send: Send = (request) =>
    new Observable<RawResponse>((subscriber) => {
      const index = requests.length;
      requests.push({
        ...request,
        at: scheduler.now(),
        json: request.body ? JSON.parse(request.body) : undefined,
      });
      const answer = script(request, index);
      let done = false;
      const deliver = () => {
        done = true;
        if (answer instanceof Error) {
          subscriber.error(answer);
          return;
        }
        const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
        subscriber.next({ status: answer.status, headers: new Headers(answer.headers ?? {}), text });
        subscriber.complete();
      };
      const latency = answer instanceof Error ? 0 : (answer.latencyMs ?? 0);
      if (latency === 0) {
        deliver();
        return;
      }
      const pending = timer(latency, scheduler).subscribe(deliver);
      return () => {
        if (!done) aborted++;
        pending.unsubscribe();
      };
    });
  return { send, requests, aborted: () => aborted };
}

/** A spend control as the service sends it. */
export function spendControl(version: number, overrides: Record<string, unknown> = {}) {
  return {
    spend_control_id: 'sc_1',
    version,
    version_time: `2024-01-0${Math.min(version, 9)}T00:00:00Z`,
    name: 'Travel',
    status: 'active',
    limit: { amount: 5000, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_1',
    ...overrides,
  };
}

export const standardError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  message,
  type,
  trace_id: 'tr_123',
  ...extra,
});

/** A client over a scripted boundary, with deterministic jitter (0) unless overridden. */
export function scriptedClient(
  script: (request: HttpRequest, index: number) => Reply | Error,
  options: Partial<ClientOptions> = {},
) {
  const scripted = scriptedSend(script, options.scheduler);
  const client = createClient({
    baseUrl: 'https://api.test',
    getToken: () => SECRET_TOKEN,
    random: () => 0,
    environment: 'test',
    send: scripted.send,
    ...options,
  });
  return { client, ...scripted };
}
