const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
// HTTP-dates are case-sensitive (RFC 9110 §5.6.7): the month is matched as written in MONTHS.
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// The three HTTP-date forms RFC 9110 §5.6.7 obliges a recipient to accept.
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
// asctime has no zone; RFC 9110 says it is GMT, so it must not go through local-time parsing.
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/**
 * Milliseconds to wait according to a `Retry-After` value: delay-seconds, or an HTTP-date in any
 * of its three forms (a date in the past means 0). Returns `undefined` for a missing, negative,
 * fractional or unreadable value, so the caller falls back to its own backoff; a huge value is
 * returned as is, for the caller to compare with its cap.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  // `Headers.get` joins a header sent twice as "30, 30": of delay-seconds, the longest is waited.
  if (/^\d+(?:\s*,\s*\d+)*$/.test(text)) {
    const ms = Math.max(...text.split(',').map(Number)) * 1000;
    return Number.isFinite(ms) ? ms : Number.MAX_SAFE_INTEGER;
  }
  const date = parseHttpDate(text, now);
  return date === undefined ? undefined : Math.max(0, date - now);
}

/** Epoch milliseconds of an HTTP-date, or `undefined` when the text is not one (or not a real date). */
export function parseHttpDate(text: string, now: number): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(m[3], m[2], m[1], m[4], m[5], m[6]);
  m = RFC850.exec(text);
  if (m) return utc(String(fullYear(Number(m[3]), now)), m[2], m[1], m[4], m[5], m[6]);
  m = ASCTIME.exec(text);
  if (m) return utc(m[6], m[1], m[2], m[3], m[4], m[5]);
  return undefined;
}

/** RFC 9110: a two-digit year more than 50 years ahead means the most recent past year with those digits. */
function fullYear(twoDigits: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + twoDigits;
  if (year > current + 50) year -= 100;
  return year;
}

function utc(
  yearText: string | undefined,
  monthText: string | undefined,
  dayText: string | undefined,
  hourText: string | undefined,
  minuteText: string | undefined,
  secondText: string | undefined,
): number | undefined {
  const year = Number(yearText);
  const month = MONTHS.indexOf(monthText ?? '');
  const day = Number(dayText); // asctime pads the day with a space, which Number skips
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  if (month < 0 || hour > 23 || minute > 59 || second > 60) return undefined;
  const ms = Date.UTC(year, month, day, hour, minute, second);
  // Date.UTC rolls 31 Feb over into March; a date that does not round-trip is not a date.
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) {
    return undefined;
  }
  return ms;
}
