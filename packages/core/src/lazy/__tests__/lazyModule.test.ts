import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../lazyModule';

describe('lazyModule', () => {
  it('imports once, shares the load between callers, and gives the module without waiting after', async () => {
    const module = { name: 'm' };
    const importer = vi.fn(async () => module);
    const lazy = lazyModule(importer);
    expect(lazy.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(lazy.loaded()).toBe(module);
    await lazy.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of failing until the page reloads', async () => {
    const module = { name: 'm' };
    const importer = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(module);
    const lazy = lazyModule(importer);
    await expect(lazy.load()).rejects.toThrow(TypeError);
    expect(lazy.loaded()).toBeUndefined();
    await expect(lazy.load()).resolves.toBe(module);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
