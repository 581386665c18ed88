// README links must work wherever the README is read. The root README is read in a clone: its
// relative links must name files of the repository. A package README is also read on the
// registry's page, where only the package's own files exist: its links must be absolute (https)
// or stay inside the package. Examples' READMEs are read in a clone, like the root one. (Links in
// docs/ are checked by the VitePress build.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const inRepo = (dir) =>
  readdirSync(join(root, dir))
    .map((name) => join(root, dir, name, 'README.md'))
    .filter((file) => existsSync(file))
    .map((file) => ({ file, scope: root }));
const readmes = [
  { file: join(root, 'README.md'), scope: root },
  ...inRepo('examples'),
  ...readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'README.md')))
    .map((dir) => ({ file: join(dir, 'README.md'), scope: dir })),
];

const problems = [];
for (const { file, scope } of readmes) {
  // Code blocks hold code, not links.
  const text = readFileSync(file, 'utf8').replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1/gm, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^(https?:|mailto:)/.test(target) || target.startsWith('#')) continue;
    const path = resolve(dirname(file), decodeURIComponent(target.split('#')[0]));
    const where = relative(root, file);
    if (!existsSync(path)) problems.push(`${where}: ${target} does not exist`);
    else if (relative(scope, path).startsWith('..')) {
      problems.push(
        `${where}: ${target} leaves the package; use an absolute URL (it is dead on the registry's page)`,
      );
    }
  }
}
if (problems.length > 0) {
  console.error(`README links:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`README links: ${readmes.length} READMEs, every link stays where it can be followed`);
