// No error carries the token: not one a 2xx body echoed (even as a key its schema refuses), nor the
// one a refresh replaced, named by the app's getToken when that refresh fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { manualService } from '../../observers/__tests__/manualService';
import { defineResource } from '../../resources/defineResource';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Everything an error shows: its message, stack, own fields and cause. */
const shown = (error: unknown) => {
  const e = error as Error;
  return `${e.message} ${e.stack} ${JSON.stringify({ ...e, cause: String(e.cause) })}`;
};

describe('secrets in errors', () => {
  it('keeps a token a 2xx body echoed as a key out of the ResponseShapeError', async () => {
    const { client, held } = manualService({ getToken: () => 'sekret-token-123' });
    const docs = defineResource({
      type: 'doc',
      path: '/docs',
      idKey: 'doc_id',
      schema: z.strictObject({ doc_id: z.string(), version: z.number() }),
    });
    const read = client.resource(docs).get('d_1');
    await flush();
    held[0]?.answer(200, { doc_id: 'd_1', version: 1, 'sekret-token-123': true });
    const error = await read.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseShapeError' });
    expect(shown(error)).toContain('[REDACTED]');
    expect(shown(error)).not.toContain('sekret-token-123');
  });

  it('keeps the refused token out of the error when the refresh after a 401 fails', async () => {
    let calls = 0;
    const { client, held } = manualService({
      getToken: () =>
        ++calls === 1
          ? 'old-token-abcdef'
          : Promise.reject(new Error('refresh refused for old-token-abcdef')),
    });
    const read = client.spendControls.get('sc_1').catch((e: unknown) => e);
    await flush();
    held[0]?.answer(401, { message: 'expired' });
    const error = await read;
    await flush();
    expect(shown(error)).toContain('getToken failed');
    expect(shown(error)).not.toContain('old-token-abcdef');
  });
});
