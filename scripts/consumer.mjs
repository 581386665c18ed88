// An app outside the workspace, as a stranger makes one: the packed set that `pnpm pack:all` wrote
// into packed/, installed with the install line the docs give (npm, the tarballs of the set on one
// line, so the bindings' exact dependency on @vstore/core is met by the core tarball next to it), and
// registry packages pinned to the versions this workspace has installed. Shared by
// scripts/testPack.mjs and scripts/size.mjs; a script because it is the setup of those checks, not a
// measurement a tool makes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packedDir = join(root, 'packed');

export class StepError extends Error {}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `command` with a time limit; throws a StepError carrying its output when it fails. */
export function run(command, args, { cwd, timeoutMs = 180_000, env } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    // Plain output to match and print: CI=true makes some tools colour theirs.
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips colour codes
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (result.error || result.status !== 0) {
    const why =
      result.error?.code === 'ETIMEDOUT' ? `timed out after ${seconds(timeoutMs)}` : `exit ${result.status}`;
    throw new StepError(`\`${command} ${args.join(' ')}\` failed (${why}):\n${output}`);
  }
  return { stdout: result.stdout, stderr: result.stderr, output };
}

/** The published packages of the workspace: `{ dir, tarball, ...manifest }`, by name. */
export function publishedPackages() {
  return readdirSync(join(root, 'packages'))
    .map((name) => ({ dir: `packages/${name}`, file: join(root, 'packages', name, 'package.json') }))
    .filter(({ file }) => existsSync(file))
    .map(({ dir, file }) => ({ dir, ...JSON.parse(readFileSync(file, 'utf8')) }))
    .filter((pkg) => !pkg.private)
    .map((pkg) => ({
      ...pkg,
      tarball: join(packedDir, `${pkg.name.replace(/^@/, '').replace('/', '-')}.tgz`),
    }));
}

/** Newest modification time under `path` (node_modules and dist left out). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/**
 * The packed set, checked to be there and newer than every package's sources and manifest, so a
 * check never runs on tarballs older than the code (run `pnpm pack:all` first).
 */
export function packedSet() {
  const packages = publishedPackages();
  const missing = packages.filter((pkg) => !existsSync(pkg.tarball));
  if (missing.length)
    throw new StepError(
      `no tarball for ${missing.map((p) => p.name).join(', ')} in ${relative(root, packedDir)}/: run \`pnpm pack:all\``,
    );
  const stale = packages.filter((pkg) => statSync(pkg.tarball).mtimeMs < newest(join(root, pkg.dir)));
  if (stale.length)
    throw new StepError(
      `${stale.map((p) => relative(root, p.tarball)).join(', ')} older than the package's files: run \`pnpm pack:all\``,
    );
  return Object.fromEntries(packages.map((pkg) => [pkg.name, pkg]));
}

/** The version of `name` this workspace has installed (root first, then the examples that use it). */
export function pinnedVersion(name) {
  const places = ['.', 'examples/react-dashboard', 'examples/vue-dashboard', 'packages/core'];
  for (const place of places) {
    const file = join(root, place, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  throw new StepError(`${name} is not installed in the workspace; run \`pnpm install\` (and add it if new)`);
}

/** `name@version` for each name, at the version the workspace has. */
export const pinned = (names) => names.map((name) => `${name}@${pinnedVersion(name)}`);

/**
 * The docs' install line for `names` (e.g. @vstore/core and @vstore/react): `npm install` with their
 * tarballs' paths, all on one line.
 */
export function installArgs(set, names) {
  return names.map((name) => {
    if (!set[name]) throw new StepError(`${name} is not a published package of the workspace`);
    return set[name].tarball;
  });
}

/** `npm install` in `dir`, quietly, with a time limit; `args` as npm takes them. */
export function npmInstall(dir, args, { timeoutMs = 300_000 } = {}) {
  return run('npm', ['install', '--no-fund', '--no-audit', '--loglevel=error', ...args], {
    cwd: dir,
    timeoutMs,
  });
}

/** Writes a minimal package.json for an app in `dir`. */
function writeManifest(dir, name) {
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, private: true, version: '0.0.0', type: 'module' }, null, 2)}\n`,
  );
}

/** What the size app installs from the registry besides the packed set: the frameworks, the peers' packages, the bundlers. */
const SIZE_APP_REGISTRY = [
  'react',
  'react-dom',
  'vue',
  '@tanstack/react-query',
  '@tanstack/vue-query',
  'zod',
  'ky',
  'swr',
  'vite',
  'esbuild',
];

/**
 * The app in which scripts/size.mjs measures: every packed package, installed with the docs' line,
 * and the registry packages of SIZE_APP_REGISTRY at the workspace's versions, in one `npm install`.
 */
export function setupSizeApp(dir, set) {
  writeManifest(dir, 'vstore-size');
  npmInstall(dir, [...installArgs(set, Object.keys(set)), ...pinned(SIZE_APP_REGISTRY)]);
}
