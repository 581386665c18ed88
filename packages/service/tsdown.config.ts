import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: 'esm',
  // listen() and the CLI need node:http; fetch() itself uses web APIs only.
  platform: 'node',
  dts: true,
  sourcemap: true,
});
