// Regressions of review 21 (the HTTP client path): each case failed before its fix.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../client/createClient';
import { ApiError } from '../../errors/apiError';

// A body is limited by its BYTES ("Longest response body the client reads ... counted while it streams
// in"). The transport checks the limit a second time on the decoded text, measuring its UTF-8 length:
// bytes that are not UTF-8 (a Latin-1 proxy page) decode to U+FFFD, three bytes each, so a body well
// within the limit is refused as too large, and a 503 that should be a retried ApiError becomes a
// final ResponseTooLargeError.
describe('maxResponseBytes counts the body, not its re-encoding', () => {
  it('reads a Latin-1 error page that is within the limit as the ApiError it is', async () => {
    // 600 bytes: "Service indisponible - réessayez" in Latin-1, padded.
    const page = new Uint8Array(600).fill(0x20);
    page.set([0x72, 0xe9, 0x65, 0x73, 0x73, 0x61, 0x79, 0x65, 0x7a], 0); // "réessayez"
    for (let i = 20; i < 600; i += 2) page[i] = 0xe9; // many accented letters
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response(page, {
        status: 503,
        headers: { 'content-type': 'text/html; charset=iso-8859-1' },
      });
    };
    const client = createClient({
      baseUrl: 'https://api.test',
      getToken: () => 't0ken',
      fetch,
      maxResponseBytes: 1_000, // the body is 600 bytes
      retry: { maxAttempts: 1 },
    });
    const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect((error as Error).name).toBe('ApiError');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });
});
