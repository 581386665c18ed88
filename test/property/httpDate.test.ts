import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../../packages/core/src/http/retryAfter';

// Retry-After dates are read by hand (Date.parse would take asctime as local time). Any instant a
// server can write in each of the three forms RFC 9110 names must come back as that instant, to the
// second, whatever its day, month and year.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;

/** Whole seconds from 1970 to the end of 2199. */
const instant = fc.integer({ min: 0, max: Date.UTC(2199, 11, 31, 23, 59, 59) / 1000 }).map((s) => s * 1000);

describe('HTTP-dates', () => {
  it('read back an IMF-fixdate (toUTCString) as the instant it names', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(parseHttpDate(new Date(ms).toUTCString(), 0)).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('read back an asctime date as the same instant, in GMT', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const d = new Date(ms);
        const day = String(d.getUTCDate()).padStart(2, ' ');
        const text = `${DAYS[d.getUTCDay()]?.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${day} ${clock(d)} ${d.getUTCFullYear()}`;
        expect(parseHttpDate(text, 0)).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('read back an RFC 850 date within 50 years of now as that instant', () => {
    const now = Date.UTC(2026, 10, 24);
    const near = fc.integer({ min: Date.UTC(1977, 0, 1) / 1000, max: Date.UTC(2076, 0, 1) / 1000 - 1 });
    fc.assert(
      fc.property(near, (s) => {
        const d = new Date(s * 1000);
        const text = `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${two(d.getUTCFullYear() % 100)} ${clock(d)} GMT`;
        expect(parseHttpDate(text, now)).toBe(s * 1000);
      }),
      { numRuns: 2000 },
    );
  });

  it('wait until the date named, never less than nothing', () => {
    fc.assert(
      fc.property(instant, instant, (at, now) => {
        expect(parseRetryAfter(new Date(at).toUTCString(), now)).toBe(Math.max(0, at - now));
      }),
      { numRuns: 1000 },
    );
  });
});
