import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCursorSigner } from '../listCursor';
import { listScope } from '../listQuery';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
const scope = listScope('spend_controls', new Map([['status', 'active']]));

describe('createCursorSigner', () => {
  it('reads back the position it signed, for the same scope only', async () => {
    const signer = createCursorSigner();
    const cursor = await signer.issue(scope, 41);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await signer.read(scope, cursor)).toEqual({ ok: true, after: 41 });
    const elsewhere = [
      listScope('accounts', new Map([['status', 'active']])),
      listScope('spend_controls', new Map()),
      listScope('spend_controls', new Map([['status', 'paused']])),
      listScope(
        'spend_controls',
        new Map([
          ['status', 'active'],
          ['interval', 'daily'],
        ]),
      ),
    ];
    for (const other of elsewhere)
      expect(await signer.read(other, cursor)).toEqual({ ok: false, reason: 'foreign' });
  });

  it('signs a scope whatever order its filters came in', () => {
    const a = listScope(
      'spend_controls',
      new Map([
        ['status', 'active'],
        ['account_id', 'acc_1'],
      ]),
    );
    const b = listScope(
      'spend_controls',
      new Map([
        ['account_id', 'acc_1'],
        ['status', 'active'],
      ]),
    );
    expect(a).toBe(b);
    // A value holding the separators cannot pass for another filter set.
    expect(listScope('x', new Map([['a', '1&b=2']]))).not.toBe(
      listScope(
        'x',
        new Map([
          ['a', '1'],
          ['b', '2'],
        ]),
      ),
    );
  });

  it('refuses every cursor with one character changed, added or removed', async () => {
    const signer = createCursorSigner();
    const cursor = await signer.issue(scope, 7);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(cursor.length - 1),
        fc.constantFrom(...ALPHABET),
        fc.constantFrom('change', 'insert', 'delete'),
        async (at, char, edit) => {
          const altered =
            edit === 'change'
              ? cursor.slice(0, at) + char + cursor.slice(at + 1)
              : edit === 'insert'
                ? cursor.slice(0, at) + char + cursor.slice(at)
                : cursor.slice(0, at) + cursor.slice(at + 1);
          fc.pre(altered !== cursor);
          expect((await signer.read(scope, altered)).ok).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('calls what is no cursor at all malformed, and a forged one foreign', async () => {
    const signer = createCursorSigner();
    for (const text of [
      '',
      'abc',
      '12',
      `${'a'.repeat(65)}.${'b'.repeat(43)}`,
      'eyJhZnRlciI6MX0',
      '{"after":1}',
    ]) {
      expect(await signer.read(scope, text)).toEqual({ ok: false, reason: 'malformed' });
    }
    // The payload of a real cursor with a made-up signature: base64 of JSON is not enough.
    const payload = btoa(JSON.stringify({ after: 1000 })).replace(/=+$/, '');
    expect(await signer.read(scope, `${payload}.${'A'.repeat(42)}A`)).toEqual({
      ok: false,
      reason: 'foreign',
    });
  });

  it('accepts a cursor of another signer only when both were given the same secret', async () => {
    const secret = 'a shared secret, 16+ characters';
    const issued = await createCursorSigner(secret).issue(scope, 3);
    expect(await createCursorSigner(secret).read(scope, issued)).toEqual({ ok: true, after: 3 });
    expect(await createCursorSigner('another secret of some length').read(scope, issued)).toMatchObject({
      ok: false,
    });
    const random = await createCursorSigner().issue(scope, 3);
    expect(await createCursorSigner().read(scope, random)).toEqual({ ok: false, reason: 'foreign' });
  });
});
