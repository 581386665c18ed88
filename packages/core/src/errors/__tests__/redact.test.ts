import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactUrl, scrubError, scrubSecrets } from '../redact';

describe('redact', () => {
  it('redacts credential-bearing query values and userinfo, keeping the rest', () => {
    expect(redactUrl('https://u:p@api.test/x?access_token=abc&version=2&client_secret=s#frag')).toBe(
      `https://${REDACTED}@api.test/x?access_token=${REDACTED}&version=2&client_secret=${REDACTED}#frag`,
    );
    expect(redactUrl('/spend_controls/sc_1?version=3')).toBe('/spend_controls/sc_1?version=3');
    expect(redactUrl('/a?TOKEN=x&api_key=y')).toBe(`/a?TOKEN=${REDACTED}&api_key=${REDACTED}`);
  });

  it('redacts authorization-like headers whatever their case', () => {
    expect(
      redactHeaders({ Authorization: 'Bearer t', 'X-Api-Key': 'k', accept: 'application/json' }),
    ).toEqual({
      Authorization: REDACTED,
      'X-Api-Key': REDACTED,
      accept: 'application/json',
    });
  });

  it('scrubs secrets from nested strings and returns untouched input as is', () => {
    const clean = { a: ['x', { b: 'y' }] };
    expect(scrubSecrets(clean, ['secret-token'])).toBe(clean);
    expect(scrubSecrets({ a: ['x secret-token', { b: 'secret-token!' }] }, ['secret-token'])).toEqual({
      a: [`x ${REDACTED}`, { b: `${REDACTED}!` }],
    });
  });

  it('keeps a __proto__ own key a plain property while scrubbing', () => {
    const input = JSON.parse('{"__proto__":"has secret-token"}') as object;
    const out = scrubSecrets(input, ['secret-token']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe(REDACTED.replace(/^/, 'has '));
  });
});

describe('scrubError', () => {
  // An axios-style error: the request options, Authorization included, hang off the error itself.
  const leaky = () =>
    Object.assign(new TypeError('fetch failed'), {
      options: { headers: { authorization: 'Bearer secret-token' } },
      cause: Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }),
    });

  it('never keeps a foreign error, whose other fields may carry the request and its token', () => {
    const original = leaky();
    const safe = scrubError(original, ['secret-token']);
    expect(safe).not.toBe(original);
    expect(Object.getPrototypeOf(safe)).toBe(Error.prototype);
    expect(inspect(safe, { depth: 10, showHidden: true })).not.toContain('secret-token');
    expect(JSON.stringify(safe)).not.toContain('secret-token');
  });

  it('keeps the name, message and code that tell what failed, with secrets scrubbed', () => {
    const original = Object.assign(new TypeError('fetch failed for secret-token'), { code: 'UND_ERR' });
    original.cause = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    const safe = scrubError(original, ['secret-token']);
    expect(safe).toMatchObject({
      name: 'TypeError',
      message: `fetch failed for ${REDACTED}`,
      code: 'UND_ERR',
    });
    expect(safe.cause).toEqual({ code: 'ECONNREFUSED' });
    expect(safe.stack).not.toContain('secret-token');
  });

  it('turns a thrown non-Error into a plain Error without copying the value', () => {
    expect(scrubError('boom secret-token', ['secret-token']).message).toBe(`boom ${REDACTED}`);
    const safe = scrubError({ headers: { authorization: 'secret-token' } }, ['secret-token']);
    expect(inspect(safe, { depth: 10, showHidden: true })).not.toContain('secret-token');
  });
});
