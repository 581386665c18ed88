// After `changeset version`: the starters (examples/starter-*) name the @vstore packages by registry
// range, since a user copies them out of the repository, so they sit outside the pnpm workspace and
// Changesets does not see them. This moves each of their @vstore ranges to `^` the new version of
// that package. A script because no tool versions apps that are not workspace packages.
// Usage: node scripts/syncStarters.mjs [root]   (root: the repository, by default this one)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const versions = Object.fromEntries(
  readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')))
    .map((manifest) => [manifest.name, manifest.version]),
);
for (const name of readdirSync(join(root, 'examples')).filter((n) => n.startsWith('starter-'))) {
  const file = join(root, 'examples', name, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const field of ['dependencies', 'devDependencies'])
    for (const dependency of Object.keys(manifest[field] ?? {}))
      if (versions[dependency] && manifest[field][dependency] !== `^${versions[dependency]}`) {
        manifest[field][dependency] = `^${versions[dependency]}`;
        changed = true;
      }
  if (changed) {
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`examples/${name}: @vstore ranges moved to the new versions`);
  }
}
