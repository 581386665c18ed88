import { createService } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './support/browser';
import { ensureDocsBuilt, serveDocs } from './support/docsSite';

// Opens the built docs site, follows the links a new reader follows to a getting-started page, and
// runs the page's own example (its SpendControlCard, mounted by <LiveExample> the way the page's
// main file mounts it) against @vstore/service.
describe('docs site: getting started', () => {
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };
  let api: { url: string; close(): Promise<void> };
  const service = createService({ taskDurationMs: 200 });

  beforeAll(async () => {
    ensureDocsBuilt();
    site = await serveDocs();
    api = await service.listen({ port: 0 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await site?.close();
  });

  async function runExample(page: Page, framework: 'vue' | 'react', version: number) {
    const example = page.locator(`.live-example[data-framework="${framework}"]`);
    await example.locator('input[name="service-url"]').fill(api.url);
    await example.getByRole('button', { name: 'Run the example' }).click();
    const card = example.locator('article.spend-control');
    await card.getByText(new RegExp(`version ${version} · active`)).waitFor({ timeout: 15_000 });
    return card;
  }

  for (const [framework, link] of [
    ['vue', 'Vue in five minutes'],
    ['react', 'React in five minutes'],
  ] as const) {
    it(`follows "${link}" from the home page and runs its example`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(site.url);
      await page.locator('.vp-doc').getByRole('link', { name: link }).click();
      await page.waitForURL(`**/guide/getting-started-${framework}`);
      await expect(page.locator('h1').textContent()).resolves.toContain(link.replace(' in five minutes', ''));
      // The page shows the code that runs below it.
      await expect(page.locator('.vp-doc').textContent()).resolves.toContain('useUpdateSpendControl');

      const before = (await service.fetch(get('/spend_controls/sc_1')).then((r) => r.json())) as {
        version: number;
      };
      const card = await runExample(page, framework, before.version);
      await expect(card.locator('h3').textContent()).resolves.toBeTruthy();

      // Pause: the edit reaches the service and its answer (the next version) reaches the card.
      await card.getByRole('button', { name: 'Pause' }).click();
      await card.getByText(new RegExp(`version ${before.version + 1} · paused`)).waitFor({ timeout: 15_000 });
      const after = (await service.fetch(get('/spend_controls/sc_1')).then((r) => r.json())) as {
        version: number;
        status: string;
      };
      expect(after).toMatchObject({ version: before.version + 1, status: 'paused' });

      // Resume, so the next run starts from an active control again.
      await card.getByRole('button', { name: 'Resume' }).click();
      await card.getByText(new RegExp(`version ${before.version + 2} · active`)).waitFor({ timeout: 15_000 });
      await page.screenshot({ path: screenshotPath(`docs-getting-started-${framework}`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

function get(path: string): Request {
  return new Request(`http://service${path}`, { headers: { authorization: 'Bearer dev-token' } });
}
