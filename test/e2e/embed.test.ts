import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createService, type Service } from '@vstore/service';
import type { Browser, Locator, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, newContext, screenshotPath } from './support/browser';
import { devtools } from './support/devtools';
import { until } from './support/until';
import { writeUnderFaults } from './support/writeUnderFaults';

const root = fileURLToPath(new URL('../../examples/embed', import.meta.url));
const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

let service: Service;
let api: { url: string; close(): Promise<void> };
let host: Server;
let hostUrl: string;
let cdn: Server;
let cdnUrl: string;
let browser: Browser;
let page: Page;
/** Every request the page sent to the service, as `METHOD /path`. */
const sent: string[] = [];
const count = (route: string) => sent.filter((r) => r === route).length;
/** The built files (`dist/…`) the first page requested, in order. */
const scripts: string[] = [];
/** The chunk that holds immer and edit's body, `dist/…` (found by its content, not its hashed name). */
let editChunk: string;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    ),
  );

/**
 * The host page as any static server would send it: index.html and the built files next to each
 * other. `/cdn-page` is the same page loading the widget from another origin (`cdn`), under a path
 * of its own and with a version query, as a CDN serves it: with CORS, which module scripts need.
 */
async function serveHostPage(): Promise<void> {
  const files: Record<string, [string, string]> = { '/': ['index.html', 'text/html'] };
  for (const name of await readdir(`${root}/dist`)) {
    if (name.endsWith('.js')) files[`/dist/${name}`] = [`dist/${name}`, 'text/javascript'];
  }
  host = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/cdn-page') {
      const html = (await readFile(`${root}/index.html`, 'utf8')).replace(
        'src="./dist/vstore-embed.js"',
        `src="${cdnUrl}widgets/v1/vstore-embed.js?v=2"`,
      );
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(await readFile(`${root}/${file[0]}`));
  });
  cdn = createServer(async (req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://cdn').pathname.replace(/^\/widgets\/v1\//, '/dist/')];
    if (!file) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': file[1], 'access-control-allow-origin': '*' })
      .end(await readFile(`${root}/${file[0]}`));
  });
  [hostUrl, cdnUrl] = await Promise.all([listen(host), listen(cdn)]);
}

const widgets = () => page.locator('vstore-spend-control');
const widget = (n: number): Locator => widgets().nth(n);
const versionOf = (n: number) => widget(n).getAttribute('data-version');
const statusOf = (n: number) => widget(n).locator('.pill').textContent();

beforeAll(async () => {
  await build({ root, logLevel: 'error' });
  // The host page's devtools, a script of its own (examples/embed/vite.devtools.config.ts).
  await build({ root, configFile: `${root}/vite.devtools.config.ts`, logLevel: 'error' });
  const immerChunks: string[] = [];
  for (const name of await readdir(`${root}/dist`)) {
    const code = await readFile(`${root}/dist/${name}`);
    console.info(`${name}: ${code.byteLength} B raw, ${gzipSync(code, { level: 9 }).byteLength} B gzip`);
    if (code.includes('[Immer]')) immerChunks.push(name);
  }
  expect(immerChunks).toHaveLength(1);
  editChunk = `dist/${immerChunks[0]}`;
  service = createService({ taskDurationMs: 500 });
  api = await service.listen({ host: '127.0.0.1', port: 0 });
  await serveHostPage();
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  // The host's own bootstrap points the widgets at this run's service before the script loads.
  await page.addInitScript((serviceUrl) => {
    window.vstoreEmbed = { serviceUrl, token: 'dev-token' };
  }, api.url);
  page.on('request', (request) => {
    if (request.url().startsWith(`${hostUrl}dist/`)) scripts.push(request.url().slice(hostUrl.length));
    if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS') {
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  await page.goto(hostUrl);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await new Promise((resolve) => cdn?.close(resolve));
  await api?.close();
});

describe('embedded <vstore-spend-control> widgets', () => {
  it('load three widgets with one read per control and one event connection', async () => {
    await until('all widgets loaded', async () => {
      const versions = await widgets().evaluateAll((els) =>
        els.map((el) => (el as HTMLElement).dataset.version),
      );
      return versions.length === 3 && versions.every(Boolean);
    });
    expect(count('GET /spend_controls/sc_1')).toBe(1);
    expect(count('GET /spend_controls/sc_2')).toBe(1);
    expect(count('GET /events')).toBe(1);
    expect(await widget(0).locator('.name').textContent()).toBe(
      await widget(1).locator('.name').textContent(),
    );
    // Shadow DOM keeps the host's loud `button { background: hotpink }` out.
    const background = await widget(0)
      .getByRole('button', { name: 'Pause' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 105, 180)');
    await page.screenshot({ path: screenshotPath('embed-1-loaded'), fullPage: true });
  });

  it("load immer and edit's body only on the first edit, from next to the entry, and edit", async () => {
    // At mount: the entry, what it imports, and the SSE stream (the widgets connect); not the edit chunk.
    expect(scripts[0]).toBe('dist/vstore-embed.js');
    expect(scripts.some((s) => s.startsWith('dist/sseStream-'))).toBe(true);
    expect(scripts).not.toContain(editChunk);
    const limitBefore = await widget(2).locator('.limit').textContent();
    const versionBefore = Number(await versionOf(2));
    const loaded = page.waitForEvent('requestfinished', {
      predicate: (request) => request.url() === `${hostUrl}${editChunk}`,
      timeout: 15_000,
    });
    await widget(2)
      .getByRole('button', { name: /^\+100 limit for / })
      .click();
    const response = await (await loaded).response();
    expect(response?.status()).toBe(200);
    // Until the widget shows the new version or an error, so a failed edit fails here with its message.
    const error = () => widget(2).locator('.error').textContent();
    await until(
      'the sc_2 widget raised, or an error',
      async () => Number(await versionOf(2)) === versionBefore + 1 || Boolean(await error()),
    );
    expect(await error()).toBe('');
    expect(Number(await versionOf(2))).toBe(versionBefore + 1);
    const amount = (text: string | null) => Number(text?.replace(/[^\d.]/g, ''));
    expect(amount(await widget(2).locator('.limit').textContent())).toBe(amount(limitBefore) + 100);
    expect(scripts.filter((s) => s === editChunk)).toHaveLength(1);
  });

  it('leave no token readable in the page once the script has read it', async () => {
    const left = await page.evaluate(() => ({
      attribute: document.querySelector('script[src$="vstore-embed.js"]')?.getAttribute('data-token'),
      global: window.vstoreEmbed?.token,
    }));
    expect(left).toEqual({ attribute: null, global: undefined });
  });

  it('take the token from a getToken callback the host page provides', async () => {
    const other = await (await newContext(browser)).newPage();
    try {
      await other.addInitScript((serviceUrl) => {
        const calls = { n: 0 };
        Object.assign(window, { tokenCalls: calls });
        window.vstoreEmbed = {
          serviceUrl,
          getToken: () => {
            calls.n += 1;
            return 'dev-token';
          },
        };
      }, api.url);
      await other.goto(hostUrl);
      await until('the widgets of the second page loaded', async () => {
        const versions = await other
          .locator('vstore-spend-control')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.version));
        return versions.length === 3 && versions.every(Boolean);
      });
      const calls = await other.evaluate(
        () => (window as unknown as { tokenCalls: { n: number } }).tokenCalls.n,
      );
      expect(calls).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('work from another origin and path (CORS), the tag found with its version query', async () => {
    const other = await (await newContext(browser)).newPage();
    try {
      // No token here: the tag's data-token is the one the widgets must read.
      await other.addInitScript((serviceUrl) => {
        window.vstoreEmbed = { serviceUrl };
      }, api.url);
      const fetched: string[] = [];
      other.on('requestfinished', (request) => {
        if (request.url().startsWith(cdnUrl)) fetched.push(request.url().slice(cdnUrl.length));
      });
      await other.goto(`${hostUrl}cdn-page`);
      await until('the widgets of the CDN page loaded', async () => {
        const versions = await other
          .locator('vstore-spend-control')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.version));
        return versions.length === 3 && versions.every(Boolean);
      });
      expect(fetched[0]).toBe('widgets/v1/vstore-embed.js?v=2');
      expect(fetched.filter((f) => f.startsWith('widgets/v1/embed-runtime-'))).toHaveLength(1);
      // The event stream's chunk comes when the widgets connect, which may finish after their reads.
      await until('the event stream chunk loaded', async () =>
        fetched.some((f) => f.startsWith('widgets/v1/sseStream-')),
      );
      // The module found its own tag through import.meta.url (query included) and took the token off it.
      expect(
        await other.evaluate(() =>
          document.querySelector('script[type="module"]')?.hasAttribute('data-token'),
        ),
      ).toBe(false);
      expect(
        await other.evaluate(() =>
          (window as unknown as { VStoreEmbed: { runtimeStatus(): object } }).VStoreEmbed.runtimeStatus(),
        ),
      ).toEqual({ widgets: 3, connected: true });
    } finally {
      await other.close();
    }
  });

  it('keep both widgets of one control in step from a single request', async () => {
    const before = sent.length;
    await widget(0).getByRole('button', { name: 'Pause' }).click();
    await until(
      'both sc_1 widgets paused',
      async () => (await statusOf(0)) === 'paused' && (await statusOf(1)) === 'paused',
    );
    expect(sent.slice(before)).toEqual(['PATCH /spend_controls/sc_1']);
    expect(await versionOf(0)).toBe('2');
    expect(await versionOf(1)).toBe('2');
    expect(await statusOf(2)).toBe('active');
    await page.screenshot({ path: screenshotPath('embed-2-paused-from-one-widget'), fullPage: true });
  });

  it('follow a change made elsewhere through the shared event connection, without a request', async () => {
    const before = sent.length;
    const response = await fetch(`${api.url}/spend_controls/sc_1`, {
      method: 'PATCH',
      headers: AUTH,
      body: JSON.stringify({ name: 'Travel (finance)' }),
    });
    expect(response.status).toBe(200);
    await until(
      'both sc_1 widgets at v3',
      async () => (await versionOf(0)) === '3' && (await versionOf(1)) === '3',
    );
    expect(await widget(1).locator('.name').textContent()).toBe('Travel (finance)');
    expect(sent.slice(before)).toEqual([]);
    await page.screenshot({ path: screenshotPath('embed-3-event-pushed'), fullPage: true });
  });

  it('name each Pause button after the control it acts on', async () => {
    for (let n = 0; n < 3; n++) {
      const toggle = widget(n).locator('.actions button').first();
      const name = await widget(n).locator('.name').textContent();
      const label = await toggle.textContent();
      expect(label).toMatch(/^(Pause|Resume)$/);
      expect(await toggle.getAttribute('aria-label')).toBe(`${label} ${name}`);
      await widget(n)
        .getByRole('button', { name: `${label} ${name}` })
        .waitFor();
    }
  });

  it("list a webhook refused as stale in the host page's devtools", async () => {
    const panel = devtools(page);
    await panel.open();
    // The service's own chaos profile: a quarter of the webhooks held back 2 s and a quarter repeated
    // 1 s later, longer than the 300 ms between writes, so an older event lands after a newer one.
    // Writes (retried through chaos's 429s and 5xx) until one shows, at most 16: at about 0.44 per
    // write that one of its events comes late, none in fifteen chances is about 0.02 %.
    const staleShown = async () =>
      (await panel.rows()).some((r) => r.outcome === 'stale' && r.origin === 'event');
    // None before: what shows below came from this chaos.
    expect(await staleShown()).toBe(false);
    let writes = 0;
    service.setFaults('chaos');
    try {
      for (let i = 1; i <= 16 && !(await staleShown()); i++) {
        await writeUnderFaults(api.url, '/spend_controls/sc_2', {
          limit: { amount: 2000 + i * 10, currency: 'USD' },
        });
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await until('a stale event in the devtools', staleShown, 20_000);
      console.info(`stale event shown after ${writes} writes under chaos`);
    } finally {
      service.setFaults('none');
    }
    expect(await panel.summary()).toMatch(/[1-9]\d* stale/);
    await page.screenshot({ path: screenshotPath('embed-4-devtools'), fullPage: true });
    // The host's loud `button { background: hotpink }` and `* { letter-spacing }` stay out of the panel.
    const style = await panel.panel.getByRole('button', { name: 'vstore devtools' }).evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      spacing: getComputedStyle(el).letterSpacing,
    }));
    expect(style).toEqual({ background: 'rgb(33, 38, 45)', spacing: 'normal' });
  });

  it('have no serious or critical accessibility violations (axe-core), devtools open', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('close the event connection when the last widget is removed, and reopen it for a new one', async () => {
    const status = () =>
      page.evaluate(() =>
        (window as unknown as { VStoreEmbed: { runtimeStatus(): object } }).VStoreEmbed.runtimeStatus(),
      );
    const closed = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url() === `${api.url}/events`,
      timeout: 15_000,
    });
    await widget(0).evaluate((el) => el.remove());
    expect(await status()).toEqual({ widgets: 2, connected: true });
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('vstore-spend-control')) el.remove();
    });
    expect(await status()).toEqual({ widgets: 0, connected: false });
    await closed;

    const before = sent.length;
    await page.evaluate(() => {
      const el = document.createElement('vstore-spend-control');
      el.setAttribute('control-id', 'sc_1');
      document.querySelector('.grid')?.append(el);
    });
    await until('the new widget loaded', async () => (await versionOf(0)) === '3');
    expect(sent.slice(before).sort()).toEqual(['GET /events', 'GET /spend_controls/sc_1']);
    expect(await status()).toEqual({ widgets: 1, connected: true });
  });
});
