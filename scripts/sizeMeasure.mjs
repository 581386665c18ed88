// How bundle sizes are measured, shared by scripts/size.mjs (the budgets) and scripts/stackSize.mjs
// (docs/size.md), so a budget and the figure the docs print are the same measurement.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Resolution as an app's bundler does it, plus two choices:
 * - `@vstore/source`: workspace packages resolve to their TypeScript, so no package build is needed.
 * - `es2015`: rxjs 7 publishes its ES2015 build under this export condition (and its `es2015` field);
 *   without it every bundler takes the `default` condition, rxjs's ES5 build, which is larger and
 *   brings more of `tslib`. The example apps set the same condition in their Vite config.
 */
export const CONDITIONS = ['@vstore/source', 'es2015'];

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).byteLength;

/** Which package a bundled input file belongs to, for breakdowns. */
export function owner(path) {
  if (path.includes('app-entry')) return 'app entry';
  if (path.startsWith('\0') || path.includes('rolldown')) return 'bundler runtime';
  const workspace = /^(?:app:)?packages\/([^/]+)\//.exec(path);
  if (workspace) return `@vstore/${workspace[1]}`;
  if (/^(?:app:)?examples\//.test(path)) return 'app';
  const modules = path.split('node_modules/').at(-1) ?? path;
  const parts = modules.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

/** An app entry given as source text, resolved from the repository root like a file there (esbuild). */
function virtualEntry(code) {
  return {
    name: 'app-entry',
    setup(b) {
      b.onResolve({ filter: /^app-entry$/ }, () => ({ path: 'app-entry.js', namespace: 'app' }));
      b.onLoad({ filter: /.*/, namespace: 'app' }, () => ({
        contents: code,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/** A module's name as a budget's `mount` list gives it: its file name without the extension. */
const moduleName = (path) => /([^/\\]+?)(?:\.[^./\\]*)?$/.exec(path)?.[1] ?? path;

/**
 * Sizes of a Vite build's chunks. `initial` is the entry and what it imports statically,
 * transitively. `mount` adds the lazy chunks that hold a module named in `mount` (see moduleName)
 * and what they import statically: for an app that loads them as it starts (the embed widget
 * connects to the event stream when its first element mounts), so they are part of its first load.
 */
function sizeChunks(output, isMain, mount = []) {
  const chunks = output.filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
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
  const main = chunks.find(isMain);
  const initialSet = withStaticImports([main]);
  const atMount = chunks.filter(
    (c) =>
      !initialSet.has(c) && Object.keys(c.modules ?? {}).some((path) => mount.includes(moduleName(path))),
  );
  const missing = mount.filter(
    (name) => !atMount.some((c) => Object.keys(c.modules ?? {}).some((p) => moduleName(p) === name)),
  );
  if (missing.length > 0) throw new Error(`no lazy chunk holds the mount module(s) ${missing.join(', ')}`);
  const mountSet = withStaticImports([main, ...atMount]);
  const sized = chunks.map((c) => {
    const bytes = Buffer.from(c.code);
    return {
      chunk: c,
      file: c.fileName,
      initial: initialSet.has(c),
      mount: mountSet.has(c),
      minBytes: bytes.byteLength,
      gzipBytes: gzip(bytes),
    };
  });
  const sum = (list) => ({
    minBytes: list.reduce((n, c) => n + c.minBytes, 0),
    gzipBytes: list.reduce((n, c) => n + c.gzipBytes, 0),
  });
  // The bundler reports each module's length before minification: scaled to the minified chunk, the
  // shares by package are an estimate.
  const byPackage = (list) => {
    const parts = new Map();
    for (const { chunk, minBytes } of list) {
      const modules = Object.entries(chunk.modules ?? {});
      const rendered = modules.reduce((n, [, info]) => n + (info.renderedLength ?? 0), 0) || 1;
      for (const [path, info] of modules) {
        const rel = path.startsWith(root) ? path.slice(root.length + 1) : path;
        parts.set(
          owner(rel),
          (parts.get(owner(rel)) ?? 0) + ((info.renderedLength ?? 0) * minBytes) / rendered,
        );
      }
    }
    return [...parts].filter(([, bytes]) => bytes >= 1).sort((a, b) => b[1] - a[1]);
  };
  const initial = sized.filter((c) => c.initial);
  const lazy = sized.filter((c) => !c.initial);
  const atMountSized = sized.filter((c) => c.mount);
  return {
    main: sum(sized.filter((c) => c.chunk === main)),
    initial: sum(initial),
    mount: sum(atMountSized),
    total: sum(sized),
    initialParts: byPackage(initial),
    mountParts: byPackage(atMountSized),
    lazyParts: byPackage(lazy),
    afterMountParts: byPackage(sized.filter((c) => !c.mount)),
    initialFiles: initial.length,
    lazyChunks: lazy.map(({ chunk, ...c }) => c),
  };
}

/** The module Vite wraps every `import()` of an app build in (`__vitePreload`). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * An app entry as a Vite app ships it: `vite build` (Vite 8, rolldown, its default minifier), ESM,
 * browser, `NODE_ENV=production`, `external` left out, split at dynamic imports. `initial` is what
 * the page loads before the entry runs: the entry chunk and the chunks it imports statically; `total`
 * adds the chunks loaded on demand (`import()`). Each file is gzipped on its own, as it is served.
 * `preloadHelper: false` builds the same app with Vite's preload helper reduced to a bare `import()`,
 * only to report what the helper itself weighs (budgets and tables count it, as an app ships it).
 */
export async function measureApp({ code, external = [], preloadHelper = true }) {
  const { build: viteBuild, defaultClientConditions } = await import('vite');
  const output = await viteBuild({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: [...CONDITIONS, ...defaultClientConditions] },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'app-entry',
        // Before Vite's own plugins, so that `preloadHelper: false` can replace its helper module.
        enforce: 'pre',
        resolveId: (id) => (id === 'virtual:app-entry' ? '\0app-entry' : null),
        load: (id) =>
          id === '\0app-entry'
            ? code
            : !preloadHelper && id === PRELOAD_HELPER
              ? 'export const __vitePreload = (load) => load();'
              : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      // A real app's entry (index.html's script) exports nothing, so Vite lets the bundler move modules
      // shared with lazy chunks into it (`preserveEntrySignatures: false`). This entry re-exports the
      // hooks to keep them live; 'allow-extension' keeps those exports and gives the bundler the same
      // freedom. ('strict' would split the shared modules into extra initial files, which no app ships.)
      rollupOptions: { input: 'virtual:app-entry', external, preserveEntrySignatures: 'allow-extension' },
    },
  });
  const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  // Should Vite rename the helper's module, the stub would miss it and the helper would weigh 0 B.
  if (!preloadHelper && files.some((f) => f.type === 'chunk' && f.code.includes('vite:preloadError')))
    throw new Error(
      `Vite's preload helper is no longer ${JSON.stringify(PRELOAD_HELPER)}: update sizeMeasure.mjs`,
    );
  return sizeChunks(files, (c) => c.isEntry);
}

/** One package's own code: a file entry, every export kept, `external` left out (no splitting). */
export async function measureOwn({ entry, code, external = [] }) {
  const result = await build({
    absWorkingDir: root,
    ...(code ? { entryPoints: ['app-entry'], plugins: [virtualEntry(code)] } : { entryPoints: [entry] }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: CONDITIONS,
    mainFields: ['module', 'main'],
    external,
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return { minBytes: bytes.byteLength, gzipBytes: gzip(bytes) };
}

/**
 * A Vite app's production build, with the app's own vite.config: the files it writes are measured
 * as they are (`file` names the script a page loads; `mount`, the modules of lazy chunks it loads as
 * it starts, see sizeChunks).
 */
export async function measureVite({ viteRoot, file, mount = [] }) {
  const { build: viteBuild } = await import('vite');
  const dir = resolve(root, viteRoot);
  const output = await viteBuild({
    root: dir,
    configFile: resolve(dir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  if (!chunks.some((c) => c.fileName === file)) throw new Error(`${viteRoot}: the build wrote no ${file}`);
  return sizeChunks(chunks, (c) => c.fileName === file, mount);
}
