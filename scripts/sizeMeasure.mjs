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
  if (path.startsWith('app:')) return 'app entry';
  if (path.includes('rolldown')) return 'bundler runtime';
  const workspace = /^(?:app:)?packages\/([^/]+)\//.exec(path);
  if (workspace) return `@vstore/${workspace[1]}`;
  if (/^(?:app:)?examples\//.test(path)) return 'app';
  const modules = path.split('node_modules/').at(-1) ?? path;
  const parts = modules.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

/** An app entry given as source text, resolved from the repository root like a file there. */
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

/**
 * An app entry as a production app ships it: bundled, minified, ESM, browser, `NODE_ENV=production`,
 * `external` left out, and split at dynamic imports. `initial` is what the page loads before any of
 * the entry's code runs: the entry chunk and the chunks it imports statically; `total` adds the
 * chunks loaded on demand (`import()`). Each file is gzipped on its own, as it is served.
 */
export async function measureApp({ code, external = [] }) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['app-entry'],
    plugins: [virtualEntry(code)],
    bundle: true,
    splitting: true,
    outdir: resolve(root, 'node_modules/.cache/size'),
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: CONDITIONS,
    define: { 'process.env.NODE_ENV': '"production"' },
    external,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((k) => outputs[k].entryPoint !== undefined);
  const initialSet = new Set();
  const visit = (out) => {
    if (initialSet.has(out)) return;
    initialSet.add(out);
    for (const imp of outputs[out].imports)
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entryOut);
  const chunks = Object.keys(outputs).map((out) => {
    const bytes = files.get(resolve(root, out));
    return {
      file: out.split('/').at(-1),
      initial: initialSet.has(out),
      minBytes: bytes.byteLength,
      gzipBytes: gzip(bytes),
      inputs: outputs[out].inputs,
    };
  });
  const sum = (list) => ({
    minBytes: list.reduce((n, c) => n + c.minBytes, 0),
    gzipBytes: list.reduce((n, c) => n + c.gzipBytes, 0),
  });
  const byPackage = (list) => {
    const map = new Map();
    for (const c of list)
      for (const [path, input] of Object.entries(c.inputs))
        map.set(owner(path), (map.get(owner(path)) ?? 0) + input.bytesInOutput);
    return [...map].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
  };
  const initial = chunks.filter((c) => c.initial);
  const lazy = chunks.filter((c) => !c.initial);
  return {
    initial: sum(initial),
    total: sum(chunks),
    initialParts: byPackage(initial),
    lazyParts: byPackage(lazy),
    lazyChunks: lazy.map(({ inputs, ...c }) => c),
  };
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
 * as they are (`file` names the script a page loads; every file of the build counts in `total`).
 */
export async function measureVite({ viteRoot, file }) {
  const { build: viteBuild } = await import('vite');
  const dir = resolve(root, viteRoot);
  const output = await viteBuild({
    root: dir,
    configFile: resolve(dir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const sized = chunks
    .filter((c) => c.type === 'chunk')
    .map((c) => {
      const bytes = Buffer.from(c.code);
      return { file: c.fileName, minBytes: bytes.byteLength, gzipBytes: gzip(bytes), modules: c.modules };
    });
  const main = sized.find((c) => c.file === file);
  if (!main) throw new Error(`${viteRoot}: the build wrote no ${file}`);
  // The bundler reports each module's length before minification: scaled to the minified file, the
  // shares are an estimate.
  const parts = new Map();
  const modules = Object.entries(main.modules ?? {});
  const rendered = modules.reduce((n, [, info]) => n + (info.renderedLength ?? 0), 0) || 1;
  for (const [path, info] of modules) {
    const rel = path.startsWith(root) ? path.slice(root.length + 1) : path;
    const share = ((info.renderedLength ?? 0) * main.minBytes) / rendered;
    parts.set(owner(rel), (parts.get(owner(rel)) ?? 0) + share);
  }
  return {
    initial: { minBytes: main.minBytes, gzipBytes: main.gzipBytes },
    total: {
      minBytes: sized.reduce((n, c) => n + c.minBytes, 0),
      gzipBytes: sized.reduce((n, c) => n + c.gzipBytes, 0),
    },
    initialParts: [...parts].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]),
    lazyParts: [],
    lazyChunks: sized.filter((c) => c !== main).map(({ modules, ...c }) => c),
  };
}
