import { Observable } from 'rxjs';
import type { $ZodType } from 'zod/v4/core';
import { type RequestInfo, ResponseShapeError, type ShapeIssue } from '../errors/apiError';
import { describe, shapeIssues } from '../errors/errorFromResponse';
import { scrubSecrets } from '../errors/redact';
import { ResponseTooLargeError } from '../errors/responseTooLargeError';
import { MAX_JSON_DEPTH, nestsDeeperThan, opensMoreThan } from '../wire/depth';
import { parseWire } from '../wire/parseWire';
import { parseJson } from '../wire/safeJson';

const TOO_DEEP: ShapeIssue = {
  path: [],
  code: 'too_deep',
  message: `nested deeper than ${MAX_JSON_DEPTH} levels`,
};

/** One attempt as handed to a `Send`: the full URL, the headers (token included) and the JSON body. */
export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  /**
   * Longest body to read, in bytes: past it, reading stops and the attempt fails with
   * `ResponseTooLargeError`. Undefined: no limit.
   */
  readonly maxResponseBytes?: number | undefined;
}

/** A response with its body already read as text. */
export interface RawResponse {
  readonly status: number;
  /** Response headers, case-insensitive by name (a `Headers` fits). */
  readonly headers: { get(name: string): string | null };
  readonly text: string;
  /**
   * The body's length in bytes as read, when the `Send` counted it (`fetchSend` does): the client then
   * holds that to `maxResponseBytes`, not the text's UTF-8 length (a bad byte decodes to 3).
   */
  readonly bytes?: number | undefined;
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
          const counted = { bytes: undefined as number | undefined };
          const text = await readText(response, request.maxResponseBytes, counted);
          ended = true;
          subscriber.next({ status: response.status, headers: response.headers, text, bytes: counted.bytes });
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

/**
 * The body as text, counted while it streams in: a body over `limit` bytes is never held whole,
 * whatever its `Content-Length` says (or whether it has one at all).
 */
export async function readText(
  response: Response,
  limit: number | undefined,
  counted?: { bytes: number | undefined },
): Promise<string> {
  if (limit === undefined) return response.text();
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new ResponseTooLargeError(limit, response.status);
  }
  const body = response.body;
  // No stream (a hand-made Response in some runtimes): read it, then hold it to the same limit.
  if (!body || typeof body.getReader !== 'function') {
    const text = await response.text();
    if (utf8Length(text, limit) > limit) throw new ResponseTooLargeError(limit, response.status);
    return text;
  }
  const reader = body.getReader();
  // Chunks are kept and decoded once at the end: one pass of the decoder over the whole body reads a
  // page of a hundred entities in about two thirds of the time a decode and a concatenation per chunk took.
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(limit, response.status);
    }
    chunks.push(value);
  }
  if (counted) counted.bytes = bytes;
  // Decoded as `Response.text()` does: UTF-8, a leading BOM dropped, bad bytes replaced.
  return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : joined(chunks, bytes));
}

/** The chunks as one array of `bytes` bytes. */
function joined(chunks: readonly Uint8Array[], bytes: number): Uint8Array {
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * UTF-8 length of `text`, exact when it could pass `limit`: a UTF-16 unit takes 1 to 3 bytes, so
 * texts far from the limit need no encoding.
 */
export function utf8Length(text: string, limit: number): number {
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  return new TextEncoder().encode(text).byteLength;
}

/**
 * Parses and validates a 2xx body, then runs `check` (the id or version the request asked for) on
 * what the schema accepted; anything wrong is a `ResponseShapeError` with the reply's own status,
 * never a crash. `request` is called only to describe a failure, whose issues name no `secrets`
 * (a body may echo the token, even as a key the schema calls unrecognized).
 */
export function decodeSuccess<T>(
  raw: RawResponse,
  schema: $ZodType<T>,
  request: () => RequestInfo,
  check?: (value: T) => readonly ShapeIssue[] | undefined,
  secrets: readonly string[] = [],
): T {
  const parsed = raw.text === '' ? ({ ok: true, value: undefined } as const) : parseJson(raw.text);
  // The body is walked before the schema, which would overflow the stack on one nested thousands deep
  // for a recursive schema: only a text with more brackets than the depth allowed can nest that deep
  // (a page of a hundred entities has a few hundred), so the walk is for those alone. What the schema
  // made is walked after, always: a transform may parse JSON a string holds (its brackets escaped
  // or not), or grow the body in place.
  const deep = parsed.ok && opensMoreThan(raw.text);
  let result: ReturnType<typeof parseWire<T>> | undefined;
  let mismatch: readonly ShapeIssue[] | undefined;
  // The reply is refused by the request's own check (another id or version), not by its shape.
  let byRequest = false;
  try {
    if (deep && nestsDeeperThan(parsed.value)) mismatch = [TOO_DEEP];
    else if (parsed.ok)
      result = parseWire(schema, parsed.value, () => (parseJson(raw.text) as { value: unknown }).value);
    if (result?.success && nestsDeeperThan(result.data)) mismatch = [TOO_DEEP];
    else if (result?.success) {
      mismatch = check?.(result.data);
      byRequest = mismatch !== undefined;
    }
  } catch (error) {
    // A transform, refinement or id function that throws on this reply: the reply is refused as any
    // other the schema does not accept (never taken for a network failure and sent again).
    result = undefined;
    byRequest = false;
    mismatch = [
      {
        path: [],
        code: 'custom',
        message: `reading it threw: ${String((error as Error)?.message ?? error)}`,
      },
    ];
  }
  if (result?.success && mismatch === undefined) return result.data;
  const issues = scrubSecrets(mismatch ?? shapeIssues(result?.error, parsed.ok), secrets);
  const info = request();
  throw new ResponseShapeError(
    `${raw.status} response to ${info.method} ${info.endpoint} does not match ` +
      `${byRequest ? 'the request' : 'the expected shape'}: ${describe(issues)}. Nothing was stored; ` +
      'client and service may disagree on the wire format.',
    { status: raw.status, request: info, body: undefined, issues },
  );
}
