import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createTokenProvider } from '../tokenProvider';

describe('createTokenProvider', () => {
  it('calls getToken lazily and caches the token', async () => {
    let calls = 0;
    const tokens = createTokenProvider(() => `t${++calls}`);
    expect(calls).toBe(0);
    expect(await firstValueFrom(tokens.get())).toBe('t1');
    expect(await firstValueFrom(tokens.get())).toBe('t1');
    expect(calls).toBe(1);
  });

  it('shares one pending getToken between concurrent callers', async () => {
    let calls = 0;
    let resolve!: (token: string) => void;
    const tokens = createTokenProvider(() => {
      calls++;
      return new Promise<string>((r) => {
        resolve = r;
      });
    });
    const all = Promise.all([1, 2, 3].map(() => firstValueFrom(tokens.get())));
    resolve('shared');
    expect(await all).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('refreshes once however many requests failed with the same old token', async () => {
    let calls = 0;
    const tokens = createTokenProvider(() => `t${++calls}`);
    const old = await firstValueFrom(tokens.get());
    tokens.invalidate(old);
    const fresh = await firstValueFrom(tokens.get());
    tokens.invalidate(old);
    tokens.invalidate(old);
    expect(await firstValueFrom(tokens.get())).toBe(fresh);
    expect(calls).toBe(2);
  });

  it('forgets a failed getToken so the next call tries again', async () => {
    let calls = 0;
    const tokens = createTokenProvider(() => (++calls === 1 ? Promise.reject(new Error('auth down')) : 'ok'));
    await expect(firstValueFrom(tokens.get())).rejects.toThrow('auth down');
    expect(await firstValueFrom(tokens.get())).toBe('ok');
  });

  it('rejects an empty token without echoing what it got', async () => {
    const tokens = createTokenProvider(() => Promise.resolve(''));
    await expect(firstValueFrom(tokens.get())).rejects.toThrow(
      'getToken must return (or resolve to) a non-empty string',
    );
  });
});
