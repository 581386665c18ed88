import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../retryAfter';

const now = Date.UTC(1994, 10, 6, 8, 49, 30); // Sun, 06 Nov 1994 08:49:30 GMT

describe('parseRetryAfter', () => {
  it('reads delay-seconds as milliseconds', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('120', now)).toBe(120_000);
  });

  it('accepts all three HTTP-date forms and measures from now', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(7000);
    expect(parseRetryAfter('Sun Nov 16 08:49:37 1994', now)).toBe(10 * 86_400_000 + 7000);
  });

  it('reads asctime as GMT, whatever the local zone', () => {
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
  });

  it('takes a date in the past as no wait at all', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:00:00 GMT', now)).toBe(0);
  });

  it('puts a two-digit RFC 850 year more than 50 years ahead into the past century', () => {
    const in2030 = Date.UTC(2030, 0, 1);
    expect(parseHttpDate('Monday, 01-Jan-80 00:00:00 GMT', in2030)).toBe(Date.UTC(2080, 0, 1));
    expect(parseHttpDate('Thursday, 01-Jan-95 00:00:00 GMT', in2030)).toBe(Date.UTC(1995, 0, 1));
  });

  it('returns a huge value as is, for the caller to compare with its cap', () => {
    expect(parseRetryAfter('86400', now)).toBe(86_400_000);
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    null,
    undefined,
    '',
    '-5',
    '+5',
    '1.5',
    '5s',
    'soon',
    'NaN',
    'Infinity',
    '0x10',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 25:49:37 GMT',
    'Sun, 06 Foo 1994 08:49:37 GMT',
    'Sun, 06 nov 1994 08:49:37 GMT', // HTTP-dates are case-sensitive
    'Sun, 06 Nov 1994 08:49:37 PST',
    '1994-11-06T08:49:37Z',
  ])('returns undefined for the unusable value %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
