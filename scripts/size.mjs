// Bundle-size budgets: measures each entry of size-budget.json as an app would ship it and fails
// above `limitBytes` (gzip -9). Three kinds of entry (scripts/sizeMeasure.mjs says how each is built):
// - `entry`: one package's own code, every export kept, `external` left out;
// - `app`: an app entry given as source, built by Vite (split at dynamic imports); the limit applies to
//   the initial load (the entry chunk and what it imports statically), the lazy chunks are shown;
// - `vite`: an example app's production build with its own vite.config (`vite`: its folder, `file`: the
//   script a page loads). The limit applies to what the page loads before the user does anything: the
//   entry, what it imports statically, and the lazy chunks it loads as it starts, named by a module
//   they hold in `mount` (the embed widget's SSE stream: it connects when its first element mounts).
// Usage: node scripts/size.mjs [--json]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureApp, measureOwn, measureVite, root } from './sizeMeasure.mjs';

const { entries } = JSON.parse(readFileSync(resolve(root, 'size-budget.json'), 'utf8'));

async function measure(item) {
  if (item.app) return measureApp({ code: item.app, external: item.external });
  if (item.vite) {
    const measured = await measureVite({ viteRoot: item.vite, file: item.file, mount: item.mount });
    return { ...measured, initial: measured.mount };
  }
  const own = await measureOwn(item);
  return { initial: own, total: own };
}

const rows = [];
for (const item of entries) {
  try {
    const { initial, total } = await measure(item);
    rows.push({ ...item, minBytes: initial.minBytes, gzipBytes: initial.gzipBytes, total });
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
    'with lazy chunks': r.error || r.total.gzipBytes === r.gzipBytes ? '' : kb(r.total.gzipBytes),
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
