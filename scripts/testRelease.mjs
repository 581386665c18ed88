// The release flow end to end, without publishing: in a temporary git repository holding the
// workspace's manifests, changelogs and .changeset/config.json, it adds a changeset for one package,
// runs `changeset status` and `changeset version` (the command the release workflow's version pull
// request runs) and checks what a release would carry: every published package at the same new
// version (the fixed group), a CHANGELOG.md entry in each, the changeset's text in the one it names,
// the private examples untouched, the changeset consumed, and the rewritten files still passing
// `biome check`. A script because it drives the tool rather than measuring anything: Changesets has
// no dry-run mode of its own.
// Usage: node scripts/testRelease.mjs   (VSTORE_RELEASE_KEEP=1 keeps the temporary directory)
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'vstore-release-'));
const changeset = join(root, 'node_modules/@changesets/cli/bin.js');
const problems = [];
const started = Date.now();

function run(command, args, { allowFailure = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (!allowFailure && result.status !== 0)
    throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status}):\n${output}`);
  return output;
}
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

// ── the workspace, as far as Changesets reads it ─────────────────────────────────────────────────
const workspaceDirs = (parent) =>
  readdirSync(join(root, parent))
    .map((name) => `${parent}/${name}`)
    .filter((dir) => existsSync(join(root, dir, 'package.json')));
const dirs = [...workspaceDirs('packages'), ...workspaceDirs('examples'), 'test/react18'];
const starters = dirs.filter((dir) => dir.startsWith('examples/starter-'));
if (starters.length === 0) problems.push('no examples/starter-* to check');
for (const file of ['package.json', 'pnpm-workspace.yaml', 'biome.json', '.changeset/config.json']) {
  mkdirSync(dirname(join(work, file)), { recursive: true });
  cpSync(join(root, file), join(work, file));
}
for (const dir of dirs) {
  mkdirSync(join(work, dir), { recursive: true });
  for (const file of ['package.json', 'CHANGELOG.md'])
    if (existsSync(join(root, dir, file))) cpSync(join(root, dir, file), join(work, dir, file));
}
// Changesets loads its changelog generator from the repository's node_modules.
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
writeFileSync(join(work, '.gitignore'), 'node_modules\n');

const config = readJson(join(work, '.changeset/config.json'));
const fixed = config.fixed?.[0] ?? [];
const published = dirs
  .map((dir) => ({ dir, manifest: readJson(join(work, dir, 'package.json')) }))
  .filter(({ manifest }) => !manifest.private);
const privateOnes = dirs
  .map((dir) => ({ dir, manifest: readJson(join(work, dir, 'package.json')) }))
  .filter(({ manifest }) => manifest.private);
const names = published.map(({ manifest }) => manifest.name).sort();
if (JSON.stringify([...fixed].sort()) !== JSON.stringify(names))
  problems.push(`the fixed group (${fixed.join(', ')}) is not the published packages (${names.join(', ')})`);
const versions = new Set(published.map(({ manifest }) => manifest.version));
if (versions.size !== 1)
  problems.push(`the published packages carry ${[...versions].join(', ')}, not one version`);
const [current] = versions;
for (const { dir, manifest } of published)
  if (!readFileSync(join(work, dir, 'CHANGELOG.md'), 'utf8').startsWith(`# ${manifest.name}\n`))
    problems.push(`${dir}/CHANGELOG.md does not start with "# ${manifest.name}"`);

// ── a changeset, as `pnpm changeset` writes one ──────────────────────────────────────────────────
const [major, minor] = current.split('.').map(Number);
const next = `${major}.${minor + 1}.0`;
const summary = 'Release-flow check: a minor change to @vstore/react only.';
run('git', ['init', '-q', '-b', 'main']);
run('git', ['-c', 'user.name=release-check', '-c', 'user.email=release-check@localhost', 'add', '-A']);
run('git', [
  '-c',
  'user.name=release-check',
  '-c',
  'user.email=release-check@localhost',
  'commit',
  '-qm',
  'base',
]);
writeFileSync(join(work, '.changeset/release-check.md'), `---\n'@vstore/react': minor\n---\n\n${summary}\n`);
run('git', ['-c', 'user.name=release-check', '-c', 'user.email=release-check@localhost', 'add', '-A']);
run('git', [
  '-c',
  'user.name=release-check',
  '-c',
  'user.email=release-check@localhost',
  'commit',
  '-qm',
  'changeset',
]);

const status = run(process.execPath, [changeset, 'status', '--verbose']);
for (const name of names)
  if (!new RegExp(`${name.replace('/', '\\/')}\\s+${next.replaceAll('.', '\\.')}`).test(status))
    problems.push(`\`changeset status\` does not plan ${name}@${next}:\n${status}`);

const versionScript = readJson(join(root, 'package.json')).scripts['version-packages'];
if (versionScript !== 'changeset version && node scripts/syncStarters.mjs')
  problems.push(`version-packages is "${versionScript}", not the steps this check runs`);
run(process.execPath, [changeset, 'version']);
run(process.execPath, [join(root, 'scripts/syncStarters.mjs'), work]);

for (const { dir, manifest } of published) {
  const after = readJson(join(work, dir, 'package.json'));
  if (after.version !== next)
    problems.push(`${manifest.name} is at ${after.version} after the version step, not ${next}`);
  for (const [name, range] of Object.entries(after.dependencies ?? {}))
    if (name.startsWith('@vstore/') && range !== manifest.dependencies[name])
      problems.push(
        `${manifest.name}'s dependency ${name} became ${range} (pnpm pack pins workspace:* itself)`,
      );
  const changelog = readFileSync(join(work, dir, 'CHANGELOG.md'), 'utf8');
  if (!changelog.startsWith(`# ${manifest.name}\n\n## ${next}\n`))
    problems.push(`${dir}/CHANGELOG.md has no "## ${next}" entry at its top`);
  if (!changelog.includes(`## ${current}`)) problems.push(`${dir}/CHANGELOG.md lost its ${current} entry`);
  if (manifest.name === '@vstore/react' && !changelog.includes(summary))
    problems.push(`${dir}/CHANGELOG.md does not carry the changeset's text`);
}
for (const dir of starters) {
  const after = readJson(join(work, dir, 'package.json'));
  const ranges = Object.entries({ ...after.dependencies, ...after.devDependencies }).filter(([name]) =>
    name.startsWith('@vstore/'),
  );
  if (ranges.length === 0) problems.push(`${dir} names no @vstore package`);
  for (const [name, range] of ranges)
    if (range !== `^${next}`)
      problems.push(`${dir}: ${name} is "${range}" after the version step, not "^${next}"`);
}
for (const { dir, manifest } of privateOnes.filter(({ dir }) => !starters.includes(dir))) {
  const after = readJson(join(work, dir, 'package.json'));
  if (after.version !== manifest.version)
    problems.push(`the private ${dir} was versioned (${after.version})`);
  if (existsSync(join(work, dir, 'CHANGELOG.md')) && !existsSync(join(root, dir, 'CHANGELOG.md')))
    problems.push(`the private ${dir} got a CHANGELOG.md`);
}
if (existsSync(join(work, '.changeset/release-check.md'))) problems.push('the changeset was not consumed');

// The version pull request must pass the lint step like any other.
const changed = run('git', ['status', '--porcelain'])
  .split('\n')
  .map((line) => line.slice(3).trim())
  .filter((file) => file.endsWith('.json'));
const lint = spawnSync(
  process.execPath,
  [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'check', ...changed],
  {
    cwd: work,
    encoding: 'utf8',
  },
);
if (lint.status !== 0)
  problems.push(`biome check fails on the rewritten manifests:\n${lint.stdout}${lint.stderr}`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`release flow: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  console.error(`kept ${work}`);
  process.exit(1);
}
if (!process.env.VSTORE_RELEASE_KEEP) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
console.log(
  `release flow: changeset version took ${names.length} packages from ${current} to ${next} with a changelog entry each (${seconds} s)`,
);
