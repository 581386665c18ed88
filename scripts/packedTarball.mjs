// What a published tarball must hold, checked on the tarball `pnpm pack` wrote (after publishConfig
// was applied and `workspace:` ranges were replaced), not on the workspace's package.json. These are
// this repository's rules (files only under dist/, no source condition left, the changelog and the
// license shipped, the registry metadata pointing at this repository); publint and attw, which
// `pnpm check:packages` runs on the same tarballs, check what is general to every package.
import { execFileSync } from 'node:child_process';

const REPOSITORY = 'https://github.com/vstore-dev/vstore';
// Everything else must sit under dist/: no src/, no tests, no configs.
const TOP_LEVEL = /^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/;

/** Every file path an `exports` (or `bin`) value names, whatever the conditions. */
function targets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(targets);
}

/**
 * Lists `tarball` and reads its package.json (nothing is unpacked) and returns the problems found,
 * one line each (empty when sound).
 * `workspace` is the package's own package.json, and `dir` its directory in the repository.
 */
export function checkTarball(tarball, { dir, workspace }) {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  );
  const problems = [];

  const listed = (list) => `${list.slice(0, 5).join(', ')}${list.length > 5 ? `, … (${list.length})` : ''}`;
  // A bin may be a small launcher outside dist/ (the service's picks src/ in the workspace, dist/ elsewhere).
  const bins = new Set(targets(manifest.bin).map((target) => target.replace(/^\.\//, '')));
  const stray = files.filter((file) => !TOP_LEVEL.test(file) && !file.startsWith('dist/') && !bins.has(file));
  if (stray.length) problems.push(`ships files outside dist/: ${listed(stray)}`);
  const tests = files.filter((file) => /(^|\/)__tests__\/|\.(test|spec)\.[cm]?[jt]sx?$/.test(file));
  if (tests.length) problems.push(`ships tests: ${listed(tests)}`);
  if (!files.includes('LICENSE')) problems.push('has no LICENSE');
  if (!files.includes('CHANGELOG.md')) problems.push('has no CHANGELOG.md');

  // The workspace's source condition points at src/, which the tarball lacks.
  if (JSON.stringify(manifest).includes('@vstore/source'))
    problems.push(
      'package.json still names the @vstore/source condition (publishConfig.exports missing or stale?)',
    );
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {}))
      if (String(range).startsWith('workspace:')) problems.push(`${field}.${name} is "${range}"`);
  }
  // publishConfig.exports replaces exports on packing, so an entry added to one only is lost.
  const published = Object.keys(manifest.exports ?? {}).join(', ');
  const declared = Object.keys(workspace.exports ?? {}).join(', ');
  if (published !== declared)
    problems.push(`publishes the entries ${published}, but exports has ${declared}`);
  const named = [
    ...targets(manifest.exports),
    ...targets(manifest.bin),
    ...[manifest.main, manifest.module, manifest.types, manifest.typings].filter(Boolean),
  ];
  for (const target of named) {
    const file = target.replace(/^\.\//, '');
    if (!file.includes('*') && !files.includes(file))
      problems.push(`package.json names ${target}, which the tarball lacks (run \`pnpm build\` first?)`);
  }

  if (manifest.license !== 'MIT') problems.push(`license is ${JSON.stringify(manifest.license)}, not "MIT"`);
  if (!manifest.description) problems.push('has no description');
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) problems.push('has no keywords');
  if (!manifest.homepage?.startsWith(REPOSITORY)) problems.push(`homepage is not under ${REPOSITORY}`);
  if (!manifest.bugs?.url?.startsWith(REPOSITORY)) problems.push(`bugs.url is not under ${REPOSITORY}`);
  if (manifest.repository?.url !== `git+${REPOSITORY}.git` || manifest.repository?.directory !== dir)
    problems.push(`repository should be { url: git+${REPOSITORY}.git, directory: ${dir} }`);
  return { manifest, files, problems };
}
