import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  // package.json's exports name index.mjs / index.d.mts; with platform 'neutral' tsdown would write .js.
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  // Peer and workspace dependencies stay imports: the app provides React, and core is shared.
  external: ['react', 'react-dom', /^@vstore\/core(\/.*)?$/],
});
