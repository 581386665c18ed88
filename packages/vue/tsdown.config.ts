import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  // package.json's exports name index.mjs / index.d.mts; with platform 'neutral' tsdown would write .js.
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  external: ['vue', /^@vstore\/core(\/.*)?$/],
});
