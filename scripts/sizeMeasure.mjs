// How bundle sizes are measured, shared by scripts/size.mjs (the budgets, `pnpm size`, and the docs
// table, `pnpm size --write`) and scripts/testPack.mjs (which checks the budgets in its consumer app).
// A hand-written script because no tool measures this: size-limit, the well-kept one, has no
// Vite/rolldown plugin, and its esbuild plugin either sums every file a build writes or keeps the
// files named by `entry`, so it cannot report the initial load (the entry and the chunks it imports
// statically, transitively) apart from the chunks loaded on demand, which is what these budgets are
// about; its current major also needs Node 22, and this repository supports Node 20.19.
//
// Stacks are measured as an app gets them: in a consumer directory outside the workspace where the
// packed tarballs and the peers were installed from the registry (scripts/consumer.mjs), with the
// bundlers' default resolution conditions (no `@vstore/source`, no `es2015`), once with Vite and
// once with esbuild, both from that directory. Each output file is gzipped on its own at level 9.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).byteLength;

/** A module of the consumer directory (the bundler a measurement runs with), imported from there. */
async function importFrom(dir, name) {
  const require = createRequire(join(dir, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/** Which package a bundled input file belongs to, for breakdowns. */
function owner(path) {
  const normal = path.split(sep).join('/');
  if (/(^|\/)entry-[\w-]+\.js$/.test(normal)) return 'app entry';
  if (normal.startsWith('\0') || normal.includes('rolldown') || normal.startsWith('vite/'))
    return 'bundler runtime';
  const workspace = /^(?:app:)?packages\/([^/]+)\//.exec(normal);
  if (workspace) return `@vstore/${workspace[1]}`;
  if (/^(?:app:)?examples\//.test(normal)) return 'app';
  if (!normal.includes('node_modules/')) return 'app';
  const parts = normal.split('node_modules/').at(-1).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? normal);
}

/** Bytes by package, largest first; `modules` is a list of [path, renderedBytes] scaled to `minBytes`. */
function shares(list) {
  const parts = new Map();
  for (const { modules, minBytes } of list) {
    const rendered = modules.reduce((n, [, bytes]) => n + bytes, 0) || 1;
    for (const [path, bytes] of modules)
      parts.set(owner(path), (parts.get(owner(path)) ?? 0) + (bytes * minBytes) / rendered);
  }
  return [...parts].filter(([, bytes]) => bytes >= 1).sort((a, b) => b[1] - a[1]);
}

const sum = (list) => ({
  minBytes: list.reduce((n, c) => n + c.minBytes, 0),
  gzipBytes: list.reduce((n, c) => n + c.gzipBytes, 0),
});

/**
 * Sizes of a build's chunks, each `{ file, code, imports (static, by file name), modules: [path,
 * bytes][] }`. `initial` is the main chunk and what it imports statically, transitively; `mount`
 * adds the lazy chunks that hold a module named in `mount` (a file name without its extension) and
 * what they import statically: for an app that loads them as it starts (the embed widget connects to
 * the event stream when its first element mounts).
 */
function sizeChunks(chunks, main, mount = []) {
  const byName = new Map(chunks.map((c) => [c.file, c]));
  const moduleName = (path) => /([^/\\]+?)(?:\.[^./\\]*)?$/.exec(path)?.[1] ?? path;
  const withStaticImports = (roots) => {
    const set = new Set();
    const visit = (chunk) => {
      if (!chunk || set.has(chunk)) return;
      set.add(chunk);
      for (const name of chunk.imports) visit(byName.get(name));
    };
    for (const chunk of roots) visit(chunk);
    return set;
  };
  const initialSet = withStaticImports([main]);
  const atMount = chunks.filter(
    (c) => !initialSet.has(c) && c.modules.some(([path]) => mount.includes(moduleName(path))),
  );
  const missing = mount.filter(
    (name) => !atMount.some((c) => c.modules.some(([path]) => moduleName(path) === name)),
  );
  if (missing.length > 0) throw new Error(`no lazy chunk holds the mount module(s) ${missing.join(', ')}`);
  const mountSet = withStaticImports([main, ...atMount]);
  const sized = chunks.map((c) => {
    const bytes = Buffer.from(c.code);
    return {
      ...c,
      initial: initialSet.has(c),
      mount: mountSet.has(c),
      minBytes: bytes.byteLength,
      gzipBytes: gzip(bytes),
    };
  });
  const initial = sized.filter((c) => c.initial);
  const lazy = sized.filter((c) => !c.initial);
  const atMountSized = sized.filter((c) => c.mount);
  return {
    main: sum(sized.filter((c) => c.file === main.file)),
    initial: sum(initial),
    mount: sum(atMountSized),
    total: sum(sized),
    initialParts: shares(initial),
    mountParts: shares(atMountSized),
    lazyParts: shares(lazy),
    afterMountParts: shares(sized.filter((c) => !c.mount)),
    initialFiles: initial.length,
    /** Each module of the initial load and its bytes in the output (before minification for Vite). */
    initialModules: initial.flatMap((c) => c.modules),
    lazyModules: lazy.flatMap((c) => c.modules),
    lazyChunks: lazy.map(({ file, minBytes, gzipBytes, mount: atStart }) => ({
      file,
      minBytes,
      gzipBytes,
      mount: atStart,
    })),
  };
}

/** Writes an app entry into the consumer directory, where its imports resolve as the app's would. */
function writeEntry(dir, name, code) {
  const folder = join(dir, 'size-entries');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `entry-${name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}.js`);
  writeFileSync(file, `${code}\n`);
  return file;
}

/**
 * An app entry as a Vite 8 app ships it: `vite build` with Vite's defaults (rolldown, its default
 * minifier and target, default resolution conditions, `process.env.NODE_ENV` replaced by the mode),
 * run from the consumer directory `dir`, `external` left out, split at dynamic imports.
 * The entry re-exports the names it measures so they stay live; 'allow-extension' keeps those exports
 * and lets the bundler add some, as it may for an app's entry that exports nothing (Vite's own
 * default, `false`, would drop the exports and with them everything measured; 'strict' would split
 * the modules the entry shares with lazy chunks into extra initial files, which no app ships).
 * `modulePreload: false`: the preload polyfill goes with an HTML entry, whatever the app imports.
 */
export async function measureViteApp({ dir, name, code, external = [], conditions }) {
  const { build, defaultClientConditions } = await importFrom(dir, 'vite');
  const input = writeEntry(dir, `vite-${name}`, code);
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    ...(conditions ? { resolve: { conditions: [...conditions, ...defaultClientConditions] } } : {}),
    build: {
      write: false,
      modulePreload: false,
      rollupOptions: { input, external, preserveEntrySignatures: 'allow-extension' },
    },
  });
  const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  return sizeChunks(...viteChunks(files, dir, (c) => c.isEntry));
}

/** Vite's output as sizeChunks takes it; module paths relative to `base`. */
function viteChunks(files, base, isMain) {
  const chunks = files
    .filter((f) => f.type === 'chunk')
    .map((c) => ({
      file: c.fileName,
      code: c.code,
      imports: c.imports,
      modules: Object.entries(c.modules ?? {}).map(([path, info]) => [
        path.startsWith('\0') ? path : relative(base, path),
        info.renderedLength ?? 0,
      ]),
      isEntry: c.isEntry,
      fileName: c.fileName,
    }));
  return [chunks, chunks.find(isMain)];
}

/**
 * An app entry as esbuild bundles it for the browser: `bundle`, `splitting` (so `import()` makes
 * chunks), ESM, `minify`, default resolution conditions; esbuild replaces `process.env.NODE_ENV`
 * with "production" itself when minifying for the browser. Run from the consumer directory `dir`.
 * `conditions` (both functions) adds resolution conditions: only to report what a setting would
 * change, never for a budget.
 */
export async function measureEsbuildApp({ dir, name, code, external = [], conditions }) {
  const { build } = await importFrom(dir, 'esbuild');
  const entry = writeEntry(dir, `esbuild-${name}`, code);
  const outdir = join(dir, 'size-out', name.replace(/[^\w]+/g, '-'));
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    external,
    ...(conditions ? { conditions } : {}),
    metafile: true,
    write: false,
    outdir,
    logLevel: 'silent',
  });
  const code_ = new Map(result.outputFiles.map((f) => [relative(dir, f.path), f.contents]));
  const chunks = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, info]) => ({
      file,
      code: code_.get(file) ?? new Uint8Array(),
      imports: info.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path),
      modules: Object.entries(info.inputs).map(([path, { bytesInOutput }]) => [path, bytesInOutput]),
      entryPoint: info.entryPoint,
    }));
  const main = chunks.find((c) => c.entryPoint && resolve(dir, c.entryPoint) === entry);
  if (!main) throw new Error(`esbuild wrote no chunk for the entry ${entry}`);
  return sizeChunks(chunks, main);
}

/**
 * One package's own code as published: its `dist` entry in the consumer directory, every export kept,
 * `external` (its dependencies) left out, one file (esbuild, no splitting, platform-neutral).
 */
export async function measureOwn({ dir, name, code, external = [] }) {
  const { build } = await importFrom(dir, 'esbuild');
  const entry = writeEntry(dir, `own-${name}`, code);
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external,
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return { minBytes: bytes.byteLength, gzipBytes: gzip(bytes) };
}

/**
 * An example app's production build with its own vite.config, in the workspace (the embed widget is
 * built by this repository and shipped as files, so its own build is what a host page gets): `file`
 * names the script a page loads; `mount`, the modules of lazy chunks it loads as it starts.
 */
export async function measureWorkspaceVite({ viteRoot, file, mount = [] }) {
  const { build } = await import('vite');
  const dir = resolve(root, viteRoot);
  const output = await build({
    root: dir,
    configFile: resolve(dir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  });
  const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  if (!files.some((c) => c.fileName === file)) throw new Error(`${viteRoot}: the build wrote no ${file}`);
  return sizeChunks(...viteChunks(files, root, (c) => c.fileName === file), mount);
}
