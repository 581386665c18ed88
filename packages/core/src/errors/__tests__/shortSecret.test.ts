// Found by review 32 (failed before the fix): errors-and-retries.md says "No error, message, log line or support info ever contains a
// token, a secret, an Authorization value or userinfo from baseUrl". A token (or userinfo part) under
// four characters was not scrubbed (redact.ts kept only secrets of 4 characters or more).
import { describe, expect, it } from 'vitest';
import { createClient, NetworkError } from '../../index';
import { scrubSecrets } from '../redact';

describe('a short token in a failure message', () => {
  it('is scrubbed from the NetworkError like a long one', async () => {
    for (const token of ['tok-long-enough', 'k3y']) {
      const client = createClient({
        baseUrl: 'https://api.example.com',
        getToken: () => token,
        retry: { maxAttempts: 1 },
        fetch: async (_input, init) => {
          const sent = new Headers(init?.headers).get('authorization');
          throw new TypeError(`proxy refused the credential ${sent?.slice('Bearer '.length)}`);
        },
      });
      const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      const shown = JSON.stringify({
        message: (error as Error).message,
        cause: String((error as Error).cause),
        info: (error as NetworkError).supportInfo(),
      });
      expect(shown, `token ${token}: ${shown}`).not.toContain(token);
    }
  });
});

describe('scrubSecrets with a short secret', () => {
  it('scrubs it where it stands as a token of its own, and leaves it inside other words', () => {
    expect(scrubSecrets('credential k3y refused; k3y.', ['k3y'])).toBe(
      'credential [REDACTED] refused; [REDACTED].',
    );
    expect(scrubSecrets('Bearer k3y', ['k3y'])).toBe('Bearer [REDACTED]');
    expect(scrubSecrets('ok3yz and k3y-2', ['k3y'])).toBe('ok3yz and k3y-2');
    expect(scrubSecrets({ 'a+b': 'a+b' }, ['a+b'])).toEqual({ '[REDACTED]': '[REDACTED]' });
  });
});
