import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
export const docsDist = join(root, 'docs/.vitepress/dist');

/** The pages the accessibility check runs on: home, both getting-started pages, a guide page, an API page. */
export const AXE_PAGES = [
  '/',
  '/guide/getting-started-react',
  '/guide/getting-started-vue',
  '/guide/resources',
  '/api/@vstore/core/functions/createClient',
];

/** Newest modification time of the site's sources (pages, snippets, config, theme). */
function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    if (['dist', 'cache', 'api', 'node_modules'].includes(entry.name)) return newest;
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }, 0);
}

/**
 * The built docs site. `pnpm docs:build` (run before the browser tests in `pnpm test:all`) builds
 * it; when it is missing or older than its sources, the site is built here, its API reference in
 * report-only mode, since this test is about the guide pages and docs:build is the step that
 * enforces the reference.
 */
export function ensureDocsBuilt(): void {
  const index = join(docsDist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource(join(root, 'docs'))) return;
  for (const args of [
    ['scripts/docs/apiReference.mjs', '--report-only'],
    ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs'],
  ]) {
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', timeout: 600_000 });
    if (run.status !== 0) throw new Error(`docs build failed: node ${args.join(' ')}`);
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A static server for the built site, with VitePress's clean URLs (`/guide/x` → `guide/x.html`). */
export async function serveDocs(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const candidates = [path, `${path}.html`, join(path, 'index.html')].map((p) => join(docsDist, p));
    const file = candidates.find((p) => p.startsWith(docsDist) && existsSync(p) && statSync(p).isFile());
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('docs server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
