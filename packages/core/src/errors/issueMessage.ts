import type { $ZodIssue } from 'zod/v4/core';

/** What zod says when no locale is loaded: `zod/mini` loads none, and the built-in schemas are mini. */
const BARE = 'Invalid input';

/**
 * An issue's message, said from the issue's own fields when zod's is the bare default (no locale:
 * loading zod's English one would cost every app about 1 kB gzip). Schema facts only, never the
 * offending input, which may be large or sensitive. A custom message or a locale the app loaded wins.
 */
export function issueMessage(issue: $ZodIssue): string {
  if (issue.message !== BARE) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `too small: ${issue.inclusive === false ? '>' : '>='} ${issue.minimum}`;
    case 'too_big':
      return `too big: ${issue.inclusive === false ? '<' : '<='} ${issue.maximum}`;
    default:
      return `${BARE} (${issue.code})`;
  }
}
