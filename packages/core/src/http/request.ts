import { Observable } from 'rxjs';
import type * as z from 'zod';
import { type RequestInfo, ResponseShapeError } from '../errors/apiError';
import { describe, shapeIssues } from '../errors/errorFromResponse';
import { parseJson } from './safeJson';

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

/** A response with its body already read as text. */
export interface RawResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
}

/**
 * The one seam between the client and the network: one attempt, as an Observable, so that
 * unsubscribing cancels it and tests (including `TestScheduler` marble tests, which cannot
 * virtualise Promises) can script replies.
 */
export type Send = (request: HttpRequest) => Observable<RawResponse>;

/** `Send` over `fetch`; unsubscribing aborts the request. `fetch` is looked up per call. */
export function fetchSend(fetchImpl?: typeof fetch): Send {
  return (request) =>
    new Observable<RawResponse>((subscriber) => {
      const controller = new AbortController();
      // Aborting after the end would only build a DOMException nobody reads (a third of a read's cost).
      let ended = false;
      const doFetch = fetchImpl ?? globalThis.fetch;
      doFetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: controller.signal,
      })
        .then(async (response) => {
          const text = await response.text();
          ended = true;
          subscriber.next({ status: response.status, headers: response.headers, text });
          subscriber.complete();
        })
        .catch((error: unknown) => {
          ended = true;
          subscriber.error(error);
        });
      return () => {
        if (!ended) controller.abort();
      };
    });
}

/** Parses and validates a 2xx body; anything else is a `ResponseShapeError`, never a crash. */
export function decodeSuccess<T>(raw: RawResponse, schema: z.ZodType<T>, request: RequestInfo): T {
  const parsed = raw.text === '' ? ({ ok: true, value: undefined } as const) : parseJson(raw.text);
  const result = parsed.ok ? schema.safeParse(parsed.value) : undefined;
  if (result?.success) return result.data;
  const issues = shapeIssues(result?.error, parsed.ok);
  throw new ResponseShapeError(
    `${raw.status} response to ${request.method} ${request.endpoint} does not match the expected shape: ` +
      `${describe(issues)}. Nothing was stored; client and service may disagree on the wire format.`,
    { status: raw.status, request, body: undefined, issues },
  );
}
