import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CIRCULAR, REDACTED, redactUrl, scrubError, scrubSecrets, userinfoSecrets } from '../redact';

describe('redact', () => {
  it('redacts credential-bearing query values and userinfo, keeping the rest', () => {
    expect(redactUrl('https://u:p@api.test/x?access_token=abc&version=2&client_secret=s#frag')).toBe(
      `https://${REDACTED}@api.test/x?access_token=${REDACTED}&version=2&client_secret=${REDACTED}#frag`,
    );
    expect(redactUrl('/spend_controls/sc_1?version=3')).toBe('/spend_controls/sc_1?version=3');
    expect(redactUrl('/a?TOKEN=x&api_key=y')).toBe(`/a?TOKEN=${REDACTED}&api_key=${REDACTED}`);
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

describe('scrubSecrets at any depth', () => {
  const nest = (depth: number, leaf: unknown): unknown => {
    let value = leaf;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { d: value };
    return value;
  };

  it.each([33, 40, 1_000, 20_000])('scrubs a token echoed %i levels deep', (depth) => {
    const out = scrubSecrets(nest(depth, 'echo secret-token'), ['secret-token']);
    let leaf: unknown = out;
    for (let i = depth - 1; i >= 0; i--) leaf = i % 2 ? (leaf as unknown[])[0] : (leaf as { d: unknown }).d;
    expect(leaf).toBe(`echo ${REDACTED}`);
  });

  it('keeps a deep tree without secrets as the same object', () => {
    const clean = nest(1_000, 'nothing here');
    expect(scrubSecrets(clean, ['secret-token'])).toBe(clean);
  });

  it('scrubs a token used as an object key, at the top and deep down', () => {
    const input = JSON.parse('{"secret-token":1,"a":{"b":[{"Bearer secret-token":{"ok":2}}]}}') as object;
    const out = scrubSecrets(input, ['secret-token']);
    expect(JSON.stringify(out)).not.toContain('secret-token');
    expect(out).toEqual({ [REDACTED]: 1, a: { b: [{ [`Bearer ${REDACTED}`]: { ok: 2 } }] } });
  });

  it('ends on a cycle, replacing the reference back with a marker', () => {
    const cyclic: Record<string, unknown> = { note: 'secret-token' };
    cyclic.self = cyclic;
    cyclic.list = [cyclic, { deeper: cyclic }];
    const out = scrubSecrets(cyclic, ['secret-token']) as Record<string, unknown>;
    expect(out).toEqual({ note: REDACTED, self: CIRCULAR, list: [CIRCULAR, { deeper: CIRCULAR }] });
    expect(() => JSON.stringify(out)).not.toThrow();
  });

  it('visits a shared object once and reuses its scrubbed copy', () => {
    const shared = { t: 'secret-token' };
    const out = scrubSecrets({ a: shared, b: [shared] }, ['secret-token']) as {
      a: unknown;
      b: unknown[];
    };
    expect(out.a).toEqual({ t: REDACTED });
    expect(out.b[0]).toBe(out.a);
  });

  it('replaces the longest secret first, so no part of a longer one is left', () => {
    expect(scrubSecrets('id alice:hunter22', ['hunter22', 'alice:hunter22'])).toBe(`id ${REDACTED}`);
  });
});

describe('userinfo in a base URL', () => {
  it('yields the credentials in each spelling, and none without userinfo', () => {
    expect(userinfoSecrets('https://al%40ice:p%40ss-word@api.test/v1')).toEqual(
      expect.arrayContaining(['al%40ice:p%40ss-word', 'p%40ss-word', 'p@ss-word', 'al@ice']),
    );
    expect(userinfoSecrets('https://api.test/v1')).toEqual([]);
    expect(userinfoSecrets('not a url')).toEqual([]);
  });

  it('redacts userinfo wherever a text quotes a URL', () => {
    const text =
      'Request cannot be constructed from a URL that includes credentials: https://bob:hunter2@api.test/x';
    expect(redactUrl(text)).toBe(
      `Request cannot be constructed from a URL that includes credentials: https://${REDACTED}@api.test/x`,
    );
    expect(redactUrl('mail bob@example.com about https://a.test/x')).toBe(
      'mail bob@example.com about https://a.test/x',
    );
  });

  it('leaves no userinfo in a scrubbed platform error', () => {
    const error = new TypeError('cannot fetch https://bob:hunter2@api.test/x');
    const safe = scrubError(error, []);
    expect(`${safe.message} ${safe.stack}`).not.toContain('hunter2');
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

describe('scrubSecrets (property)', () => {
  const SECRET = 'tok_prop_1234';
  // JSON trees whose strings and keys sometimes carry the secret, at any depth.
  const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constant(SECRET), fc.constant(`Bearer ${SECRET}!`));
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(text, tie('tree'), { maxKeys: 4 }),
    ),
  }));

  it('leaves no secret anywhere, and returns a tree without one as is', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const out = scrubSecrets(value, [SECRET]);
        expect(JSON.stringify(out)).not.toContain(SECRET);
        if (!JSON.stringify(value).includes(SECRET)) expect(out).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});
