import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createService } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { invoices } from '../../docs/snippets/invoices';
import { seriousViolations } from './support/axe';
import { launchBrowser, newContext, screenshotPath } from './support/browser';
import { AXE_PAGES, ensureDocsBuilt, serveDocs } from './support/docsSite';

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
      // The URL changes before the new page renders: wait for its heading.
      await page
        .locator('h1', { hasText: link.replace(' in five minutes', '') })
        .waitFor({ timeout: 15_000 });
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

// axe-core (WCAG 2.1 A and AA) over the pages a new reader meets first: the home page, both
// getting-started pages, a guide page and an API page, in the light and the dark theme.
describe('docs site: accessibility', () => {
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    ensureDocsBuilt();
    site = await serveDocs();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe finding on ${AXE_PAGES.length} pages (${colorScheme} theme)`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      const findings: string[] = [];
      for (const path of AXE_PAGES) {
        const page = await context.newPage();
        const response = await page.goto(`${site.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.locator('.VPContent').waitFor();
        for (const v of await seriousViolations(page))
          findings.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        await page.close();
      }
      await context.close();
      expect(findings).toEqual([]);
    });
  }
});

describe('docs: "Your own resources"', () => {
  it("defines the invoice schema that accepts examples/custom-resource's own seed", () => {
    const declared = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../examples/custom-resource/resources.json'), 'utf8'),
    ) as { invoices: { seed: Record<string, unknown>[]; updatable: string[]; idKey: string } };
    expect(declared.invoices.idKey).toBe(invoices.idKey);
    expect([...(invoices.updatable ?? [])].sort()).toEqual([...declared.invoices.updatable].sort());
    expect(declared.invoices.seed.length).toBeGreaterThan(0);
    for (const item of declared.invoices.seed) {
      // The service adds the version fields to each seeded item.
      const served = { ...item, version: 1, version_time: '2026-01-01T00:00:00.000Z' };
      const result = safeParse(invoices.schema, served);
      expect(result.success ? 'accepted' : JSON.stringify(result.error.issues), String(item.invoice_id)).toBe(
        'accepted',
      );
    }
  });
});
