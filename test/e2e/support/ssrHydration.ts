import { createService } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { until } from './until';

/** One of the server-rendering examples: a function that starts its server against a service. */
export interface SsrExampleUnderTest {
  name: string;
  start(options: { serviceUrl: string }): Promise<{ url: string; close(): Promise<void> }>;
}

const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

/**
 * Loads a server-rendered detail view in headless Chromium and lets it hydrate: the console must
 * hold no warning or error (hydration mismatches are reported there), the markup must be what the
 * server sent (as the browser parsed it with JavaScript off), the hydrated reads must not be read
 * again at mount, and the page must then respond (its handlers are attached).
 */
export function ssrHydrationScenario(example: SsrExampleUnderTest): void {
  let api: { url: string; close(): Promise<void> };
  let app: { url: string; close(): Promise<void> };
  let browser: Browser;
  // The server formats times in its own zone; a browser in another zone would render other text.
  const timezoneId = Intl.DateTimeFormat().resolvedOptions().timeZone;

  describe(example.name, () => {
    beforeAll(async () => {
      api = await createService().listen({ host: '127.0.0.1', port: 0 });
      // Three versions, so the history and the diff of the two newest have something to show.
      for (const name of ['Travel (Q2)', 'Travel <b>&</b> "meals"']) {
        const response = await fetch(`${api.url}/spend_controls/sc_1`, {
          method: 'PATCH',
          headers: AUTH,
          body: JSON.stringify({ name }),
        });
        expect(response.status).toBe(200);
      }
      app = await example.start({ serviceUrl: api.url });
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await api?.close();
    });

    it('hydrates without a warning, keeps the markup, reads nothing it was given, and responds', async () => {
      const url = `${app.url}controls/sc_1`;
      const staticContext = await browser.newContext({ javaScriptEnabled: false, timezoneId });
      const staticPage = await staticContext.newPage();
      await staticPage.goto(url);
      const serverMarkup = await staticPage.locator('#root').innerHTML();
      await staticContext.close();
      expect(serverMarkup).toContain('Travel &lt;b&gt;&amp;&lt;/b&gt; "meals"');
      expect(serverMarkup).toContain('data-testid="history-row-3"');
      expect(serverMarkup).toContain('data-testid="version-diff"');

      const context = await browser.newContext({ timezoneId });
      const page: Page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          logged.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
      const sent: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(api.url)) return;
        const { pathname, search } = new URL(request.url());
        sent.push(`${request.method()} ${pathname}${search}`);
      });

      await page.goto(url);
      await until('hydration', async () => (await page.locator('html[data-hydrated]').count()) === 1);
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
      expect(await page.locator('#root').innerHTML()).toBe(serverMarkup);
      // The latest copy is covered by maxAgeMs and versions never change: neither is asked for again.
      expect(sent.filter((r) => r === 'GET /spend_controls/sc_1' || r.includes('version='))).toEqual([]);

      await page.getByRole('button', { name: 'Refresh' }).click();
      await until('the refresh read', () => sent.includes('GET /spend_controls/sc_1'));
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
      await context.close();
    });

    it('hydrates a read that failed on the server with the same error, and no warning', async () => {
      const context = await browser.newContext({ timezoneId });
      const page: Page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => {
        // The read asked again at mount gets its 404 again, which Chromium logs as a failed resource.
        if (message.text().startsWith('Failed to load resource')) return;
        if (message.type() === 'error' || message.type() === 'warning')
          logged.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
      // Each load renders anew (a new trace id and time), so the server's markup is read from this very
      // load: the page's script is held until it is read, and the service until hydration is compared.
      const script = gate();
      const service = gate();
      await page.route(/\/src\/entryClient\./, async (route) => {
        await script.held;
        await route.continue();
      });
      await page.route(
        (target) => target.href.startsWith(api.url),
        async (route) => {
          await service.held;
          await route.continue();
        },
      );
      await page.goto(`${app.url}controls/sc_404`, { waitUntil: 'commit' });
      await page.getByTestId('error-panel').waitFor();
      const serverError = await page.getByTestId('error-panel').innerHTML();
      expect(await page.getByTestId('error-panel').locator('.error-title').textContent()).toBe(
        'Loading sc_404 failed (HTTP 404)',
      );
      expect(serverError).toContain('"resource_id": "sc_404"');
      script.release();
      await until('hydration', async () => (await page.locator('html[data-hydrated]').count()) === 1);
      expect(await page.getByTestId('error-panel').innerHTML()).toBe(serverError);
      service.release();
      await page.waitForLoadState('networkidle');
      expect(logged).toEqual([]);
      await context.close();
    });
  });
}

/** A promise that a test releases, to hold a route until then. */
function gate() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => release() };
}
