// No classic `zod` import in this file: classic loads zod's English locale for every schema, and the
// point here is what an app that ships only `zod/mini` (the built-in schemas) reads.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decodeSuccess } from '../../http/request';
import { spendControlSchema } from '../../resources/spendControls';
import { ResponseShapeError } from '../apiError';
import { issueMessage } from '../issueMessage';

const request = { method: 'GET', endpoint: '/spend_controls/sc_1', time: '2025-01-01T00:00:00.000Z' };
const raw = (body: unknown) => ({ status: 200, headers: new Headers(), text: JSON.stringify(body) });

describe('issueMessage', () => {
  it('says what was expected where zod/mini, without a locale, says only "Invalid input"', () => {
    const body = {
      spend_control_id: 7,
      version: 0,
      version_time: 'x',
      status: 'gone',
      secret: 'tok_live_123',
    };
    const bare = z.safeParse(spendControlSchema, body).error?.issues ?? [];
    // The version check is the built-in schemas' own refinement, which carries its words.
    expect(bare.map((i) => i.message)).toEqual(['Invalid input', 'expected 1 or more', 'Invalid input']);

    const error = (() => {
      try {
        decodeSuccess(raw(body), spendControlSchema, () => request);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ResponseShapeError);
    const issues = (error as ResponseShapeError).issues;
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['spend_control_id', 'expected string'],
      ['version', 'expected 1 or more'],
      ['status', 'expected one of "active", "paused"'],
    ]);
    expect((error as Error).message).toContain(
      'spend_control_id: expected string; version: expected 1 or more',
    );
    // Schema facts only: the offending values never reach the message.
    expect((error as Error).message).not.toMatch(/gone|tok_live|\b7\b/);
  });

  it('keeps a message the schema gives, and names the code of issues it has no words for', () => {
    const custom = z.safeParse(z.string({ error: 'a name is required' }), 1).error?.issues[0];
    expect(custom && issueMessage(custom)).toBe('a name is required');
    const tooBig = z.safeParse(z.string().check(z.maxLength(2)), 'abc').error?.issues[0];
    expect(tooBig && issueMessage(tooBig)).toBe('too big: <= 2');
    const tooSmall = z.safeParse(z.string().check(z.minLength(2)), 'a').error?.issues[0];
    expect(tooSmall && issueMessage(tooSmall)).toBe('too small: >= 2');
    const other = z.safeParse(z.string().check(z.regex(/^a/)), 'b').error?.issues[0];
    expect(other && issueMessage(other)).toBe('Invalid input (invalid_format)');
  });
});
