import { describe, expect, it, vi } from 'vitest';
import { offlineShell } from '../offlineShell';

describe('offlineShell', () => {
  it('writes sw.js into a build, storing every file of the bundle but source maps, and the page', () => {
    const plugin = offlineShell();
    expect(plugin.apply).toBe('build');
    const emitFile = vi.fn();
    const generate = plugin.generateBundle as unknown as (
      this: { emitFile: typeof emitFile },
      options: unknown,
      bundle: Record<string, unknown>,
    ) => void;
    generate.call(
      { emitFile },
      {},
      { 'assets/index-1.js': {}, 'assets/index-1.js.map': {}, 'index.html': {} },
    );
    expect(emitFile).toHaveBeenCalledOnce();
    const [{ fileName, source }] = emitFile.mock.calls[0] as [{ fileName: string; source: string }];
    expect(fileName).toBe('sw.js');
    expect(source).toContain('const FILES = ["/","/assets/index-1.js","/index.html"];');
    // Only the page's own GETs: the service (another origin) and the admin proxy pass by.
    expect(source).toContain("url.origin !== self.location.origin || url.pathname.startsWith('/__admin')");
    // The service worker is plain script the browser runs as it is.
    expect(() => new Function(source)).not.toThrow();
  });
});
