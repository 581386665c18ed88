// A built starter run in headless Chromium against the `vstore-service` bin (scripts/testPack.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { findChromium } from './chromiumPath.mjs';
import { root, run, StepError } from './consumer.mjs';

/** A static server for a built app, and its URL. */
async function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

let browser;
async function chromium() {
  if (browser) return browser;
  run(process.execPath, [join(root, 'scripts/ensureChromium.mjs')], { cwd: root, timeoutMs: 600_000 });
  const { chromium: launcher } = await import('playwright-core');
  const executablePath = findChromium();
  browser = await launcher.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
  return browser;
}

/** Opens a built starter, waits for the three spend controls, pauses or resumes sc_1 and waits for its next version. */
export async function runInBrowser(appDir) {
  const site = await serve(appDir);
  const page = await (await chromium()).newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(site.url);
    const rows = page.locator('li[data-id]');
    await rows.nth(2).waitFor({ timeout: 15_000 });
    const row = page.locator('li[data-id="sc_1"]');
    const before = Number(/version\s+(\d+)/.exec(await row.textContent())?.[1]);
    await row.getByRole('button').click();
    await page
      .locator('li[data-id="sc_1"]', { hasText: new RegExp(`version\\s+${before + 1}\\b`) })
      .waitFor({ timeout: 15_000 });
    if (errors.length) throw new StepError(`errors in the page:\n${errors.join('\n')}`);
    return `(${await rows.count()} spend controls, sc_1 from version ${before} to ${before + 1})`;
  } finally {
    await page.close();
    await site.close();
  }
}

/** Closes the browser, if a starter opened one. */
export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}
