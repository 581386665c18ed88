// Found by review 34 (failed before its mend): 98cb288 scrubs a secret under 4 characters only
// where no letter, digit, `_` or `-` touches it. A percent-escape ends in a hex digit or letter
// (%3A ':', %3D '=', %2F '/', %40 '@'), so the same short secret, quoted in a percent-encoded URL
// or form body (a redirect/return_to parameter an error body echoes, userinfo encoded once more),
// stays in the error. A long secret is scrubbed there (it is replaced wherever it occurs).
import { expect, it } from 'vitest';
import { scrubSecrets } from '../redact';

it.each([
  ['return_to=https%3A%2F%2Fme%3Ak3y%40api.example.com', 'k3y'],
  ['access_token%3Dk3y%26x%3D1', 'k3y'],
])('scrubs a short secret after a percent-escape: %s', (text, secret) => {
  expect(scrubSecrets(text, [secret])).not.toContain(secret);
});

it('(a long secret in the same place is scrubbed)', () => {
  expect(scrubSecrets('access_token%3Dk3y-long%26x%3D1', ['k3y-long'])).not.toContain('k3y-long');
});
