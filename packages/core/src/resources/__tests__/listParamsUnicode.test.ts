// Found by review 30 (each case failed before its fix): a filter value holding a lone surrogate (a
// string cut in the middle of an emoji, e.g. `search.slice(0, 20)`) is a string, so listQuery
// accepts it and URLSearchParams would send it; but paramsKey's encodeURIComponent throws URIError,
// synchronously, out of a method that returns a Promise.
import { describe, expect, it } from 'vitest';
import { manualService } from '../../observers/__tests__/manualService';
import { paramsKey as listParamsKey } from '../listParams';

const cut = '👍 ok'.slice(0, 1); // '\uD83D', a lone high surrogate

describe('list params with a lone surrogate', () => {
  it('resource.list returns a promise (resolved or rejected), never throws synchronously', async () => {
    const { client } = manualService();
    let thrown: unknown;
    let result: Promise<unknown> | undefined;
    try {
      result = client.spendControls.list({ account_id: cut });
    } catch (error) {
      thrown = error;
    }
    result?.catch(() => {});
    expect(thrown).toBeUndefined();
    expect(result).toBeInstanceOf(Promise);
  });
});

describe('listParamsKey with a lone surrogate', () => {
  it('keys it as URLSearchParams sends it (U+FFFD), so both spellings share one read', () => {
    expect(listParamsKey({ account_id: cut })).toBe(listParamsKey({ account_id: '\uFFFD' }));
    expect(listParamsKey({ account_id: '👍' })).toBe(`account_id=${encodeURIComponent('👍')}`);
  });
});
