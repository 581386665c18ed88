import { fileURLToPath } from 'node:url';
import { build, createLogger, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./fixtures/browserEntry.ts', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('@vstore/service in a browser bundle', () => {
  it('bundles the fetch handler for the browser without node:http and without a Vite warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn', { allowClearScreen: false });
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    const output = (await build({
      configFile: false,
      root,
      logLevel: 'warn',
      customLogger: logger,
      resolve: { conditions: ['@vstore/source', 'browser', 'module', 'production'] },
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'entry' },
        rollupOptions: { onwarn: (warning) => warnings.push(warning.message) },
      },
    })) as Rollup.RollupOutput[];
    const code = output
      .flatMap((o) => o.output.map((chunk) => ('code' in chunk ? chunk.code : '')))
      .join('\n');
    expect(warnings).toEqual([]);
    expect(code).not.toMatch(/["']node:http["']|__vite_browser_external|createServer\(/);
    // One chunk: no Node server split off for a dynamic import the bundler followed.
    expect(output.flatMap((o) => o.output.map((chunk) => chunk.fileName))).toEqual(['entry.js']);
    expect(code).toContain('createService');
  }, 60_000);
});
