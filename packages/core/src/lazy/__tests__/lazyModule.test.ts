import { of } from 'rxjs';
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

  it('use$ runs over the module at subscription once it is in, and after the load before that', async () => {
    const module = { name: 'm' };
    let resolve: (value: typeof module) => void = () => {};
    const lazy = lazyModule(() => new Promise<typeof module>((r) => (resolve = r)));
    const run = vi.fn((m: typeof module) => of(m.name));
    const values: string[] = [];
    const pending = new Promise<void>((done) =>
      lazy.use$(run).subscribe({ next: (v) => values.push(v), complete: done }),
    );
    expect(run).not.toHaveBeenCalled();
    resolve(module);
    await pending;
    expect(values).toEqual(['m']);
    // Loaded: a new subscription runs synchronously.
    lazy.use$(run).subscribe((v) => values.push(v));
    expect(values).toEqual(['m', 'm']);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('use$ starts nothing when unsubscribed before the load resolves; a failed load is the error, and the next subscription loads again', async () => {
    const module = { name: 'm' };
    const importer = vi
      .fn<() => Promise<typeof module>>()
      .mockResolvedValueOnce(module)
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(module);
    const run = vi.fn((m: typeof module) => of(m.name));
    const dropped = lazyModule(importer);
    dropped.use$(run).subscribe().unsubscribe();
    // The same load the subscription started; its own reaction to it ran first.
    await expect(dropped.load()).resolves.toBe(module);
    expect(run).not.toHaveBeenCalled();
    const failing = lazyModule(importer);
    const error = await new Promise((done) => failing.use$(run).subscribe({ error: done }));
    expect(error).toBeInstanceOf(TypeError);
    expect(run).not.toHaveBeenCalled();
    // The next subscription tries the load again.
    await expect(new Promise((done) => failing.use$(run).subscribe(done))).resolves.toBe('m');
  });
});
