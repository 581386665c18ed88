// Regressions of review 21 (the HTTP client path): each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendControl } from '../../client/__tests__/scripted';
import { createClient } from '../../client/createClient';
import { parseRetryAfter } from '../retryAfter';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// A 429 whose Retry-After line was sent twice (the app server and a gateway both set it): `fetch`'s
// Headers.get joins the lines with ", ". The value is still unambiguous, but the parser takes the
// joined text as garbage and the client retries after the 1 s default instead of the 30 s asked.
describe('a Retry-After repeated by a proxy', () => {
  it('is still read as the delay the service asked for', () => {
    const headers = new Headers([
      ['retry-after', '30'],
      ['retry-after', '30'],
    ]);
    expect(headers.get('retry-after')).toBe('30, 30');
    expect(parseRetryAfter(headers.get('retry-after'), 0)).toBe(30_000);
  });

  it('holds the retry back for at least that long', async () => {
    const sentAt: number[] = [];
    const fetch = async () => {
      sentAt.push(Date.now());
      return sentAt.length === 1
        ? new Response('{}', {
            status: 429,
            headers: [
              ['retry-after', '30'],
              ['retry-after', '30'],
            ],
          })
        : Response.json(spendControl(1));
    };
    const client = createClient({
      baseUrl: 'https://api.test',
      getToken: () => 't0ken',
      fetch,
      random: () => 0,
    });
    const got = client.spendControls.get('sc_1');
    await vi.advanceTimersByTimeAsync(60_000);
    await got;
    expect(sentAt).toHaveLength(2);
    expect((sentAt[1] as number) - (sentAt[0] as number)).toBeGreaterThanOrEqual(30_000);
  });
});
