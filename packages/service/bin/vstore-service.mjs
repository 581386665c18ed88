#!/usr/bin/env node
// The `vstore-service` command. A committed file, so `pnpm install` can link it before any build:
// inside the vstore workspace (where tsdown.config.ts sits next to src/) it runs the TypeScript
// source through tsx, always current; anywhere else (an install from the registry or a tarball)
// it runs the built CLI.
import { existsSync } from 'node:fs';

const here = (path) => new URL(path, import.meta.url);
const inWorkspace = existsSync(here('../tsdown.config.ts')) && existsSync(here('../src/cli.ts'));

if (inWorkspace) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(here('../src/cli.ts').href, import.meta.url);
} else if (existsSync(here('../dist/cli.mjs'))) {
  await import(here('../dist/cli.mjs').href);
} else {
  console.error('vstore-service: dist/cli.mjs is missing; reinstall @vstore/service (or run `pnpm build`).');
  process.exit(1);
}
