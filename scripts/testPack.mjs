// Packs every package as `pnpm publish` would, checks what each tarball holds, installs the tarballs
// into fresh React and Vue apps in a temporary directory outside the workspace, and there type-checks
// them (moduleResolution bundler and node16), builds them with Vite (failing on any warning, such as
// a Node builtin externalized for the browser), imports the packages in Node and runs the
// `vstore-service` bin. Run after `pnpm build`. Needs the npm registry for React, Vue, Vite and
// TypeScript, pinned to the versions the workspace has installed; pnpm's shared store keeps it fast.
// Usage: node scripts/testPack.mjs   (VSTORE_PACK_KEEP=1 keeps the temporary directory)
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTarball } from './packedTarball.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'vstore-pack-'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let failed = false;

class StepError extends Error {}

/** Runs `command` with a time limit; throws a StepError carrying its output when it fails. */
function run(command, args, { cwd, timeoutMs = 120_000, env } = {}) {
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

async function step(label, fn) {
  const at = Date.now();
  try {
    const note = await fn();
    console.log(`  ✓ ${label} (${seconds(Date.now() - at)})${note ? ` ${note}` : ''}`);
  } catch (error) {
    failed = true;
    console.log(`  ✗ ${label} (${seconds(Date.now() - at)})`);
    const text = error instanceof StepError ? error.message : (error?.stack ?? String(error));
    console.log(text.replace(/^/gm, '      '));
  }
}

function installedVersion(fromDir, name) {
  const file = join(root, fromDir, 'node_modules', name, 'package.json');
  if (!existsSync(file))
    throw new Error(`${name} is not installed in ${fromDir}; run \`pnpm install\` first`);
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

// ── 1. pack ───────────────────────────────────────────────────────────────────────────────────────
const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir: `packages/${dir}`, file: join(root, 'packages', dir, 'package.json') }))
  .filter(({ file }) => existsSync(file))
  .map(({ dir, file }) => ({ dir, ...JSON.parse(readFileSync(file, 'utf8')) }))
  .filter((pkg) => !pkg.private);
const tarballs = {};
console.log(`packing ${packages.length} packages into ${work}`);
for (const pkg of packages) {
  await step(`${pkg.name}: pack and inspect`, () => {
    const into = join(work, 'tarballs');
    run('pnpm', ['pack', '--pack-destination', into], { cwd: join(root, pkg.dir) });
    const tarball = join(into, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`);
    const { files, problems } = checkTarball(tarball, { dir: pkg.dir, workspace: pkg });
    if (problems.length) throw new StepError(problems.join('\n'));
    tarballs[pkg.name] = tarball;
    return `${files.length} files: ${files.join(', ')}`;
  });
}

// ── 2. the apps ──────────────────────────────────────────────────────────────────────────────────
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
    Object.fromEntries(Object.entries(deps).map(([name, from]) => [name, installedVersion(from, name)]));
  const ours = Object.fromEntries(packages.map((p) => [p.name, `file:${tarballs[p.name]}`]));
  const manifest = {
    name: `vstore-pack-${app.name}`,
    private: true,
    type: 'module',
    dependencies: {
      ...Object.fromEntries(app.packages.map((n) => [n, ours[n]])),
      ...pinned(app.dependencies),
    },
    devDependencies: pinned(app.devDependencies),
    // @vstore/react depends on @vstore/core@<version>, which must come from its tarball too.
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

/** Starts the installed `vstore-service` bin on a free port and reads one spend control through it. */
async function smokeBin(dir) {
  const child = spawn(join(dir, 'node_modules/.bin/vstore-service'), ['--port', '0'], { cwd: dir });
  let output = '';
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new StepError(`no URL within 15 s:\n${output}`)), 15_000);
      const onData = (chunk) => {
        output += chunk;
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[0]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new StepError(`exited with ${code} before listening:\n${output}`)));
    });
    const response = await fetch(`${url}/spend_controls/sc_1`, {
      headers: { Authorization: 'Bearer dev-token' },
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.json();
    if (response.status !== 200 || body.spend_control_id !== 'sc_1')
      throw new StepError(`GET /spend_controls/sc_1 answered ${response.status}: ${JSON.stringify(body)}`);
    return `(${url}, sc_1 at version ${body.version})`;
  } finally {
    child.kill('SIGTERM');
  }
}

const store = run('pnpm', ['store', 'path'], { cwd: root }).stdout.trim();
for (const app of apps) {
  if (app.packages.some((name) => !tarballs[name])) {
    failed = true;
    console.log(`${app.name}: skipped, a tarball it needs failed above`);
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

// ── 3. outcome ───────────────────────────────────────────────────────────────────────────────────
if (failed || process.env.VSTORE_PACK_KEEP) console.log(`kept ${work} for inspection`);
else rmSync(work, { recursive: true, force: true });
console.log(`${failed ? 'FAILED' : 'passed'}: pack and install test in ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
