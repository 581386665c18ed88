import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError, createServiceAdmin } from '../serviceAdmin';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createServiceAdmin', () => {
  it('reads the profile from /__admin/state with the token, custom settings included', async () => {
    const fetch = vi.fn(async () => reply(200, { faults: 'custom', requests: {} }));
    vi.stubGlobal('fetch', fetch);
    await expect(createServiceAdmin('secret-token').faults()).resolves.toBe('custom');
    expect(fetch).toHaveBeenCalledWith('/__admin/state', {
      headers: { authorization: 'Bearer secret-token' },
    });
  });

  it('switches the profile with a JSON body and returns what the service then reports', async () => {
    const fetch = vi.fn(async () => reply(200, { profile: 'chaos' }));
    vi.stubGlobal('fetch', fetch);
    await expect(createServiceAdmin('t').setProfile('chaos')).resolves.toBe('chaos');
    expect(fetch).toHaveBeenCalledWith('/__admin/faults', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"profile":"chaos"}',
    });
  });

  it('a refusal is an AdminError naming the status, never the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { message: 'no' })),
    );
    const error = await createServiceAdmin('secret-token')
      .faults()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminError);
    expect((error as Error).message).toBe("The service's admin route /state answered HTTP 401.");
    expect(String((error as Error).message)).not.toContain('secret-token');
  });

  it('an answer without a known profile is an AdminError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { faults: 'loud' })),
    );
    await expect(createServiceAdmin('t').faults()).rejects.toBeInstanceOf(AdminError);
  });
});
