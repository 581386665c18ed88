import { defineConfig } from 'tsdown';

export default defineConfig({
  // index: the fetch handler, web APIs only; node: the Node server (`@vstore/service/node`),
  // which `service.listen()` loads on demand; cli: the command.
  entry: ['src/index.ts', 'src/node.ts', 'src/cli.ts'],
  format: 'esm',
  platform: 'node',
  dts: true,
  sourcemap: true,
});
