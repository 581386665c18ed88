// Bundle-size budget: bundles each entry of size-budget.json as an app would ship it (esbuild, bundled,
// minified, ESM, platform-neutral, the entry's `external` left out), gzips it and fails above `limitBytes`.
// Usage: node scripts/size.mjs [--json]
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { entries } = JSON.parse(readFileSync(resolve(root, 'size-budget.json'), 'utf8'));

/**
 * The entry's export names. `unused` names (re-exported namespaces such as core's `z`) are left out
 * of the measure: an app that never imports them pays nothing for them, as bundlers tree-shake them.
 */
async function entryPoint(entry, external, unused) {
  if (!unused?.length) return { entryPoints: [entry] };
  const probe = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['@vstore/source'],
    mainFields: ['module', 'main'],
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const names = Object.values(probe.metafile.outputs)[0].exports.filter((name) => !unused.includes(name));
  return {
    stdin: {
      contents: `export { ${names.join(', ')} } from './${entry}';`,
      resolveDir: root,
      sourcefile: 'size-entry.js',
    },
  };
}

async function measure({ entry, external = [], unused }) {
  const result = await build({
    absWorkingDir: root,
    ...(await entryPoint(entry, external, unused)),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    // Workspace packages resolve to their TypeScript through the `@vstore/source` export condition.
    conditions: ['@vstore/source'],
    mainFields: ['module', 'main'],
    external,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}

const rows = [];
for (const item of entries) {
  try {
    rows.push({ ...item, ...(await measure(item)) });
  } catch (error) {
    rows.push({ ...item, error: error instanceof Error ? error.message.split('\n')[0] : String(error) });
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
  const table = rows.map((r) => ({
    entry: r.name,
    external: (r.external ?? []).join(', ') || '-',
    min: r.error ? '-' : kb(r.minBytes),
    'min+gz': r.error ? '-' : kb(r.gzipBytes),
    limit: kb(r.limitBytes),
    result: r.error ? `error: ${r.error}` : r.gzipBytes <= r.limitBytes ? 'ok' : 'OVER BUDGET',
  }));
  console.table(table);
}

const failed = rows.filter((r) => r.error || r.gzipBytes > r.limitBytes);
if (failed.length > 0) {
  console.error(`size budget exceeded or unbuildable: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
