// Regressions of review 21 (the HTTP client path): each case failed before its fix.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { reply, SECRET_TOKEN, scriptedClient } from '../../client/__tests__/scripted';
import { ApiError } from '../../errors/apiError';

// API.md: "No error, message, log line or support info ever contains a token, a secret or an
// `Authorization` value." With `authorize` (a documented createClient option), the header value is
// not the token itself, so scrubbing the token alone leaves the header value in the error.
const basic = (token: string) => `Basic ${Buffer.from(`svc-account:${token}`).toString('base64')}`;
const AUTH_VALUE = basic(SECRET_TOKEN);

function renderings(error: unknown): string[] {
  const e = error as ApiError;
  return [
    JSON.stringify(e),
    String(e),
    e.message,
    inspect(e, { depth: 10 }),
    String(JSON.stringify(e.body)),
    String(JSON.stringify(e.supportInfo?.())),
  ];
}

describe('the Authorization value made by a custom authorize', () => {
  it.each([
    [
      'a 400 whose message echoes the request headers',
      () =>
        reply(400, {
          message: `malformed request (headers: authorization=${AUTH_VALUE})`,
          type: 'RequestValidationError',
          trace_id: 'tr_1',
          errors: [],
        }),
    ],
    ['a 502 proxy page quoting it', () => ({ status: 502, text: `<pre>Authorization: ${AUTH_VALUE}</pre>` })],
    ['a network error quoting it', () => new TypeError(`invalid header value "${AUTH_VALUE}"`)],
  ])('stays out of the error for %s', async (_, answer) => {
    const { client, requests } = scriptedClient(answer, {
      authorize: (token) => ({ authorization: basic(token) }),
      retry: { maxAttempts: 1 },
    });
    const error = await client.spendControls.get('sc_1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(requests[0]?.headers.authorization).toBe(AUTH_VALUE);
    expect(error).toBeInstanceOf(ApiError);
    for (const text of renderings(error)) expect(text).not.toContain(AUTH_VALUE.slice(6));
  });
});
