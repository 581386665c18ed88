import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  installArgs,
  npmInstall,
  packedSet,
  pinned,
  pinnedVersion,
  publishedPackages,
  root,
  run,
  StepError,
  seconds,
  setupSizeApp,
} from './consumer.mjs';
import { checkTarball } from './packedTarball.mjs';
import { smokeBin, startServiceBin } from './serviceBin.mjs';
import { closeBrowser, runInBrowser } from './starterBrowser.mjs';

/**
 * The TypeScript versions a starter is checked with besides its own (~5.9): 6.0, which create-vite's
 * Vue template installs, and for the React starter 7.0, which its React template installs (vue-tsc
 * runs on TypeScript's JavaScript API, which 7.0 does not have).
 */
const TYPESCRIPT_6 = '6.0.3';
const TYPESCRIPT_7 = '7.0.2';

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'vstore-pack-'));
let failed = false;

async function step(label, fn) {
  const at = Date.now();
  try {
    const note = await fn();
    console.log(`  ✓ ${label} (${seconds(Date.now() - at)})${note ? ` ${note}` : ''}`);
    return true;
  } catch (error) {
    failed = true;
    console.log(`  ✗ ${label} (${seconds(Date.now() - at)})`);
    const text = error instanceof StepError ? error.message : (error?.stack ?? String(error));
    console.log(text.replace(/^/gm, '      '));
    return false;
  }
}

// ── 1. the tarballs ──────────────────────────────────────────────────────────────────────────────
let set;
try {
  set = packedSet();
} catch (error) {
  console.error(error instanceof StepError ? error.message : error);
  process.exit(1);
}
const packages = publishedPackages();
const sound = new Set();
const versions = new Set(packages.map((p) => p.version));
console.log(`the packed set (${relative(root, dirname(packages[0].tarball))}/), tested in ${work}`);
await step(`one version across the set (${[...versions].join(', ')})`, () => {
  if (versions.size !== 1) throw new StepError(packages.map((p) => `${p.name}@${p.version}`).join('\n'));
});
for (const pkg of packages) {
  const ok = await step(`${pkg.name}: what the tarball holds`, () => {
    const { files, manifest, problems } = checkTarball(pkg.tarball, { dir: pkg.dir, workspace: pkg });
    for (const field of ['dependencies', 'peerDependencies'])
      for (const [name, range] of Object.entries(manifest[field] ?? {}))
        if (name.startsWith('@vstore/') && range !== pkg.version)
          problems.push(`${field}.${name} is "${range}", not the set's version ${pkg.version}`);
    if (problems.length) throw new StepError(problems.join('\n'));
    return `${files.length} files`;
  });
  if (ok) sound.add(pkg.name);
}

// ── 2. the test/pack apps (pnpm, strict types, what loads first) ────────────────────────────────
const tsc = () => ['node_modules/typescript/bin/tsc'];
const apps = [
  {
    name: 'react-app',
    packages: ['@vstore/core', '@vstore/react', '@vstore/service'],
    dependencies: { react: 'examples/react-dashboard', 'react-dom': 'examples/react-dashboard' },
    devDependencies: {
      '@types/react': 'examples/react-dashboard',
      '@types/react-dom': 'examples/react-dashboard',
      '@vitejs/plugin-react': 'examples/react-dashboard',
      vite: 'examples/react-dashboard',
      typescript: '.',
    },
    plugin: ['@vitejs/plugin-react', 'react'],
    jsx: 'react-jsx',
    typecheck: tsc,
  },
  {
    name: 'vue-app',
    packages: ['@vstore/core', '@vstore/vue', '@vstore/service'],
    // It names EditConflictError and TaskFailedError: they load with it, the code that throws them must not.
    namesOnDemandErrors: true,
    dependencies: { vue: 'examples/vue-dashboard' },
    devDependencies: {
      '@vitejs/plugin-vue': 'examples/vue-dashboard',
      vite: 'examples/vue-dashboard',
      'vue-tsc': 'examples/vue-dashboard',
      typescript: '.',
    },
    plugin: ['@vitejs/plugin-vue', 'vue'],
    jsx: 'preserve',
    typecheck: () => ['node_modules/vue-tsc/bin/vue-tsc.js'],
  },
];

// The strictest settings a consumer might use. Under bundler, skipLibCheck is off so the shipped .d.mts
// files are checked too (with it on, an import they cannot resolve would silently become `any`); that
// check costs three quarters of the time, so node16 skips it: there the apps' deliberate type errors
// (which an `any` would hide) show the types resolved, and attw (`pnpm check:packages`) checks node16
// resolution inside the .d.mts files.
const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
  noEmit: true,
  types: [],
};
const resolutions = {
  bundler: { module: 'ESNext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16', skipLibCheck: true },
};

function writeApp(app) {
  const dir = join(work, app.name);
  cpSync(join(root, 'test/pack', app.name), dir, { recursive: true });
  const pinned = (deps) =>
    Object.fromEntries(Object.entries(deps).map(([name]) => [name, pinnedVersion(name)]));
  const ours = Object.fromEntries(packages.map((p) => [p.name, `file:${p.tarball}`]));
  const manifest = {
    name: `vstore-pack-${app.name}`,
    private: true,
    type: 'module',
    dependencies: {
      ...Object.fromEntries(app.packages.map((n) => [n, ours[n]])),
      ...pinned(app.dependencies),
    },
    devDependencies: pinned(app.devDependencies),
    // @vstore/react depends on @vstore/core@<version>, which must come from its tarball too: with pnpm
    // that takes an override (docs/guide/installation.md says so); npm, as the starters below show,
    // takes the tarballs given on one command line.
    pnpm: { overrides: ours },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [kind, resolution] of Object.entries(resolutions)) {
    const config = { compilerOptions: { ...compilerOptions, ...resolution, jsx: app.jsx }, include: ['src'] };
    writeFileSync(join(dir, `tsconfig.${kind}.json`), `${JSON.stringify(config, null, 2)}\n`);
  }
  const [plugin, call] = app.plugin;
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    `import ${call} from '${plugin}';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [${call}()] });\n`,
  );
  return dir;
}

/** The directory a package resolves to from `fromDir` (through pnpm's symlinks). */
function packageDir(fromDir, name) {
  const require = createRequire(join(fromDir, 'package.json'));
  return realpathSync(dirname(require.resolve(`${name}/package.json`)));
}

const store = run('pnpm', ['store', 'path'], { cwd: root }).stdout.trim();
for (const app of apps) {
  if (app.packages.some((name) => !sound.has(name))) {
    failed = true;
    console.log(`${app.name}: not run, a tarball it needs failed its inspection above`);
    continue;
  }
  console.log(`${app.name} (${relative(root, join(root, 'test/pack', app.name))} → ${join(work, app.name)})`);
  let dir;
  await step('install the tarballs and the pinned registry packages', () => {
    dir = writeApp(app);
    // CI=true would make pnpm insist on a lockfile the fresh app does not have.
    run(
      'pnpm',
      [
        'install',
        '--no-frozen-lockfile',
        '--prefer-offline',
        '--store-dir',
        store,
        '--reporter',
        'append-only',
      ],
      { cwd: dir, timeoutMs: 300_000 },
    );
  });
  if (!dir || !existsSync(join(dir, 'node_modules'))) continue;
  const [binding] = app.packages.filter((n) => n !== '@vstore/core' && n !== '@vstore/service');
  await step(`one copy of @vstore/core, shared with ${binding}`, () => {
    const direct = packageDir(dir, '@vstore/core');
    const viaBinding = packageDir(packageDir(dir, binding), '@vstore/core');
    if (direct !== viaBinding) throw new StepError(`two copies:\n${direct}\n${viaBinding}`);
  });
  for (const kind of Object.keys(resolutions)) {
    await step(`types check, moduleResolution ${kind}`, () => {
      run('node', [...app.typecheck(), '-p', `tsconfig.${kind}.json`], { cwd: dir });
    });
  }
  await step('vite build, no warnings', () => {
    const { output } = run('node', ['node_modules/vite/bin/vite.js', 'build'], { cwd: dir });
    const externalized = output.split('\n').filter((l) => /externalized for browser compatibility/i.test(l));
    if (externalized.length)
      throw new StepError(`a Node builtin reaches the browser bundle:\n${externalized.join('\n')}`);
    const warnings = output.split('\n').filter((l) => /\bwarn(ing)?\b|\(!\)/i.test(l));
    if (warnings.length) throw new StepError(`warnings:\n${warnings.join('\n')}`);
    const assets = readdirSync(join(dir, 'dist/assets'));
    // What core loads on first use must stay out of the app's entry when built from the package
    // (its tsdown chunk groups): the task-polling engine, the SSE stream and edit's body with immer,
    // even in an app that names the errors they throw; unless it names them, those errors too; and
    // what the app never calls (webhook ingestion, server-rendering snapshots) must not ride along
    // with what it does, through code a bundler cannot drop (a static block, a module-level Map).
    // Each is found by a string only its own code holds.
    const entry = assets.find((name) => /^index-.*\.js$/.test(name));
    if (!entry) throw new StepError(`no entry chunk (index-*.js) among ${assets.join(', ')}`);
    // The entry and the chunks it imports statically: what the page loads before the app runs.
    const initial = new Set([entry]);
    let initialCode = '';
    for (const name of initial) {
      const code = readFileSync(join(dir, 'dist/assets', name), 'utf8');
      initialCode += `${code}\n`;
      for (const [, file] of code.matchAll(/\bimport\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
        initial.add(file);
    }
    for (const [what, marker] of [
      ['the task-polling engine', 'visibilitychange'],
      ['the SSE stream', 'Event stream answered'],
      ["edit's body with immer", '"Patches"'],
      ...(app.namesOnDemandErrors
        ? []
        : [
            ["the polling engine's TaskCancelledError", 'was cancelled before it finished'],
            ["edit's EditConflictError", 'Another writer changed'],
          ]),
      ['webhook ingestion (UnsupportedSchemaVersionError)', 'supported majors'],
      ['server-rendering snapshots (InvalidSnapshotError)', 'pass what dehydrate(client) returned'],
    ]) {
      if (initialCode.includes(marker))
        throw new StepError(
          `${what} is in what the page loads first (${[...initial].join(', ')}), not on demand`,
        );
    }
    // Account deletion holds no string of its own (and the service, bundled here too, sends DELETEs),
    // so it is found by its chunk: a file of its own, outside what the page loads first.
    const deletion = assets.find((name) => name.startsWith('accountDeletion-'));
    if (!deletion || initial.has(deletion))
      throw new StepError(`account deletion is not a chunk loaded on demand (${assets.join(', ')})`);
    return `(${assets.join(', ')})`;
  });
  await step('packages import in Node', () => {
    const names = app.packages.map((n) => JSON.stringify(n)).join(', ');
    const script = `for (const name of [${names}]) { const m = await import(name); if (typeof m.createClient !== 'function' && typeof m.createService !== 'function') throw new Error(name + ' exports neither createClient nor createService'); }`;
    run('node', ['--input-type=module', '-e', script], { cwd: dir });
  });
  if (app.packages.includes('@vstore/service'))
    await step('vstore-service bin serves a read', () => smokeBin(dir));
}

// ── 3. the starters ──────────────────────────────────────────────────────────────────────────────
const starters = [
  {
    name: 'starter-react',
    binding: '@vstore/react',
    esbuild: 'src/main.tsx',
    typescript: [TYPESCRIPT_6, TYPESCRIPT_7],
  },
  { name: 'starter-vue', binding: '@vstore/vue', typescript: [TYPESCRIPT_6] },
];
for (const starter of starters) {
  const names = ['@vstore/core', starter.binding, '@vstore/service'];
  if (names.some((name) => !sound.has(name))) {
    failed = true;
    console.log(`${starter.name}: not run, a tarball it needs failed its inspection above`);
    continue;
  }
  const dir = join(work, starter.name);
  console.log(`${starter.name} (examples/${starter.name} → ${dir})`);
  const installed = await step(
    `npm install ${names.map((n) => relative(root, set[n].tarball)).join(' ')}`,
    () => {
      cpSync(join(root, 'examples', starter.name), dir, {
        recursive: true,
        filter: (source) => !/[\\/](node_modules|dist|dist-esbuild)$/.test(source),
      });
      npmInstall(dir, installArgs(set, names));
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (!String(manifest.devDependencies?.['@vstore/service']).startsWith('file:'))
        throw new StepError('@vstore/service left devDependencies or was not installed from its tarball');
    },
  );
  if (!installed) continue;
  await step(`one copy of @vstore/core, shared with ${starter.binding}`, () => {
    const direct = packageDir(dir, '@vstore/core');
    const viaBinding = packageDir(packageDir(dir, starter.binding), '@vstore/core');
    if (direct !== viaBinding) throw new StepError(`two copies:\n${direct}\n${viaBinding}`);
  });
  const tsVersion = () =>
    JSON.parse(readFileSync(join(dir, 'node_modules/typescript/package.json'), 'utf8')).version;
  await step(
    `types check with its TypeScript (${tsVersion()})`,
    () => void run('npm', ['run', 'typecheck'], { cwd: dir }),
  );
  let service;
  await step('vite build, no warnings', async () => {
    service = await startServiceBin(dir);
    const { output } = run('node', ['node_modules/vite/bin/vite.js', 'build'], {
      cwd: dir,
      env: { VITE_VSTORE_URL: service.url },
    });
    const warnings = output
      .split('\n')
      .filter((l) => /\bwarn(ing)?\b|\(!\)|externalized for browser/i.test(l));
    if (warnings.length) throw new StepError(`warnings:\n${warnings.join('\n')}`);
  });
  if (service)
    await step('the Vite build runs against the vstore-service bin', () => runInBrowser(join(dir, 'dist')));
  if (starter.esbuild && service)
    await step('esbuild build (bundle, splitting, minify), run against the service', () => {
      // --no-save: a later `npm install` prunes it again, so it is used at once.
      npmInstall(dir, ['--no-save', ...pinned(['esbuild'])]);
      const out = join(dir, 'dist-esbuild');
      const { output } = run(
        join(dir, 'node_modules/.bin/esbuild'),
        [
          starter.esbuild,
          '--bundle',
          '--splitting',
          '--format=esm',
          '--minify',
          `--outdir=${out}`,
          `--define:import.meta.env.VITE_VSTORE_URL=${JSON.stringify(service.url)}`,
          '--log-level=warning',
        ],
        { cwd: dir },
      );
      if (/\[WARNING\]/.test(output)) throw new StepError(`warnings:\n${output}`);
      writeFileSync(
        join(out, 'index.html'),
        '<!doctype html><html lang="en"><title>esbuild</title><div id="root"></div><script type="module" src="/main.js"></script></html>',
      );
      return runInBrowser(out);
    });
  for (const version of starter.typescript)
    await step(`types check with TypeScript ${version}`, () => {
      npmInstall(dir, ['--no-save', `typescript@${version}`]);
      if (tsVersion() !== version) throw new StepError(`typescript is ${tsVersion()} after the install`);
      run('npm', ['run', 'typecheck'], { cwd: dir });
    });
  service?.stop();
}
await closeBrowser();

// ── 4. the size budgets ──────────────────────────────────────────────────────────────────────────
console.log(`size budgets (${join(work, 'size')})`);
if (Object.keys(set).some((name) => !sound.has(name))) {
  failed = true;
  console.log('  not run: a tarball failed its inspection above');
} else {
  const sizeDir = join(work, 'size');
  mkdirSync(sizeDir);
  const installed = await step('npm install the packed set, the peers and the bundlers', () =>
    setupSizeApp(sizeDir, set),
  );
  if (installed)
    await step('scripts/size.mjs: every budget met under Vite and esbuild', () => {
      const { output } = run(process.execPath, [join(root, 'scripts/size.mjs'), '--dir', sizeDir], {
        cwd: root,
      });
      console.log(output.replace(/^/gm, '      '));
    });
}

// ── 5. outcome ───────────────────────────────────────────────────────────────────────────────────
if (failed || process.env.VSTORE_PACK_KEEP) console.log(`kept ${work} for inspection`);
else rmSync(work, { recursive: true, force: true });
console.log(`${failed ? 'FAILED' : 'passed'}: pack and install test in ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
