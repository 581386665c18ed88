import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The workspace resolves its packages through the `@vstore/source` export condition (src/, no build);
// a tarball ships dist/ only, so `pnpm pack` publishes `publishConfig.exports` instead. That copy has
// to follow every change to `exports`: an entry added to one and not the other ships a package without
// it. `pnpm test:pack` checks the tarballs themselves; this catches the drift in the unit run.
// sherif (`pnpm lint`) lints the manifests as a monorepo (one version of each dependency, ordered
// fields, …); these checks are what it does not know: the published copy of `exports`, the registry
// metadata, the release group and the starters, which live outside the workspace.

const ROOT = resolve(import.meta.dirname, '../..');
const REPOSITORY = 'https://github.com/vstore-dev/vstore';

interface Manifest {
  name: string;
  private?: boolean;
  license?: string;
  description?: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  files?: string[];
  exports?: unknown;
  publishConfig?: { exports?: unknown };
}

/** `exports` as published: the same entries and conditions, without `@vstore/source`. */
function withoutSourceCondition(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([condition]) => condition !== '@vstore/source')
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

function sourceTargets(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '@vstore/source' && typeof inner === 'string' ? [inner] : sourceTargets(inner),
  );
}

const packages = readdirSync(resolve(ROOT, 'packages'))
  .map((dir) => ({ dir: `packages/${dir}`, file: resolve(ROOT, 'packages', dir, 'package.json') }))
  .filter(({ file }) => existsSync(file))
  .map(({ dir, file }) => ({ dir, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest }))
  .filter(({ manifest }) => !manifest.private);

describe('published package manifests', () => {
  it('finds the packages', () => {
    expect(packages.map((p) => p.manifest.name)).toEqual(
      expect.arrayContaining(['@vstore/core', '@vstore/react', '@vstore/vue', '@vstore/service']),
    );
  });

  describe.each(packages)('$manifest.name', ({ dir, manifest }) => {
    it('publishes exports without the source condition, and ships no src/', () => {
      expect(manifest.publishConfig?.exports, 'publishConfig.exports must follow exports').toEqual(
        withoutSourceCondition(manifest.exports),
      );
      expect(manifest.files?.filter((entry) => /^!?\.?\/?src\b/.test(entry))).toEqual([]);
    });

    it('points the source condition at files that exist', () => {
      const targets = sourceTargets(manifest.exports);
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) expect(existsSync(resolve(ROOT, dir, target)), target).toBe(true);
    });

    it('carries the license and registry metadata', () => {
      expect(readFileSync(resolve(ROOT, dir, 'LICENSE'), 'utf8')).toBe(
        readFileSync(resolve(ROOT, 'LICENSE'), 'utf8'),
      );
      expect(manifest).toMatchObject({
        license: 'MIT',
        description: expect.any(String),
        keywords: expect.arrayContaining(['vstore']),
        homepage: `${REPOSITORY}/tree/main/${dir}#readme`,
        bugs: { url: `${REPOSITORY}/issues` },
        repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory: dir },
      });
    });
  });
});

describe('release set', () => {
  const config = JSON.parse(readFileSync(resolve(ROOT, '.changeset/config.json'), 'utf8')) as {
    fixed: string[][];
  };
  const names = packages.map((p) => p.manifest.name).sort();

  it('releases every published package in one fixed group, at one version', () => {
    expect([...(config.fixed[0] ?? [])].sort()).toEqual(names);
    expect(new Set(packages.map((p) => (p.manifest as Manifest & { version: string }).version)).size).toBe(1);
  });

  it('gives each published package a changelog that ships in its tarball', () => {
    for (const { dir, manifest } of packages) {
      expect(readFileSync(resolve(ROOT, dir, 'CHANGELOG.md'), 'utf8')).toMatch(
        new RegExp(`^# ${manifest.name}\n`),
      );
      expect(manifest.files).toContain('CHANGELOG.md');
    }
  });

  it("names the set's current version in the starters, which sit outside the workspace", () => {
    const version = (packages[0]?.manifest as (Manifest & { version: string }) | undefined)?.version;
    const starters = readdirSync(resolve(ROOT, 'examples')).filter((name) => name.startsWith('starter-'));
    expect(starters).toEqual(['starter-react', 'starter-vue']);
    for (const name of starters) {
      const manifest = JSON.parse(readFileSync(resolve(ROOT, 'examples', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const ranges = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
        ([dep]) => dep.startsWith('@vstore/'),
      );
      expect(ranges.length, name).toBeGreaterThan(0);
      for (const [dep, range] of ranges)
        expect(`${name}: ${dep}@${range}`).toBe(`${name}: ${dep}@^${version}`);
    }
  });
});
