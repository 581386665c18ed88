import { fileURLToPath } from 'node:url';
import { createClient } from '@vstore/core';
import { createService, type ListeningService, type Service } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './support/browser';
import { type RunningApp, startViteApp } from './support/viteServer';

// Two pages of one origin in headless Chromium, each with its own client and store, joined only
// by createCrossTab (BroadcastChannel) and pollTaskShared (Web Locks).

const root = fileURLToPath(new URL('./fixtures/crossTab', import.meta.url));

let service: Service;
let api: ListeningService;
let app: RunningApp;
let browser: Browser;
let pageA: Page;
let pageB: Page;

beforeAll(async () => {
  service = createService({ taskDurationMs: 800 });
  api = await service.listen({ host: '127.0.0.1', port: 0 });
  app = await startViteApp(root);
  browser = await launchBrowser();
  const context = await newContext(browser);
  const open = async (name: string) => {
    const page = await context.newPage();
    await page.goto(`${app.url}?name=${name}&service=${encodeURIComponent(api.url)}`);
    await page.waitForFunction(() => window.vstore !== undefined, undefined, { timeout: 30_000 });
    return page;
  };
  pageA = await open('A');
  pageB = await open('B');
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await api?.close();
  await service?.close();
});

const requestsOf = (page: Page) => page.evaluate(() => [...(window.vstore?.requests ?? [])]);

describe('two tabs of one origin', () => {
  it('shows an update fetched in one tab in the other, without a request there', async () => {
    expect(await pageA.evaluate(() => window.vstore?.fetchSpendControl('sc_1'))).toBe(1);
    await pageB.waitForFunction(() => window.vstore?.version('spend_control', 'sc_1') === 1, undefined, {
      timeout: 10_000,
    });

    // A change made elsewhere, then fetched by tab A only.
    await createClient({ baseUrl: api.url, getToken: () => 'dev-token' }).spendControls.update('sc_1', {
      name: 'Travel (renamed)',
    });
    expect(await pageA.evaluate(() => window.vstore?.fetchSpendControl('sc_1'))).toBe(2);
    await pageB.waitForFunction(() => window.vstore?.version('spend_control', 'sc_1') === 2, undefined, {
      timeout: 10_000,
    });
    await expect.poll(() => pageB.locator('#sc_1').textContent()).toBe('v2 · Travel (renamed)');
    expect(await requestsOf(pageB)).toEqual([]);
    expect(await requestsOf(pageA)).toEqual(['GET /spend_controls/sc_1', 'GET /spend_controls/sc_1']);
  });

  it('polls a task from one tab only, and both tabs see it finish', async () => {
    expect(await pageA.evaluate(() => window.vstore?.hasWebLocks())).toBe(true);
    const taskId = await pageA.evaluate(() => window.vstore?.deleteAccount('acc_2'));
    expect(taskId).toEqual(expect.any(String));
    const [seenA, seenB] = await Promise.all([
      pageA.evaluate((id) => window.vstore?.pollTask(id), taskId as string),
      pageB.evaluate((id) => window.vstore?.pollTask(id), taskId as string),
    ]);
    expect(seenA?.at(-1)).toBe('completed');
    expect(seenB?.at(-1)).toBe('completed');

    const polls = async (page: Page) =>
      (await requestsOf(page)).filter((r) => r === `GET /tasks/${taskId}`).length;
    const counts = [await polls(pageA), await polls(pageB)];
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    expect(Math.max(...counts)).toBeGreaterThan(1);
    expect(service.inspect().tasks[taskId as string]).toBe('completed');

    await pageA.screenshot({ path: screenshotPath('crossTab-A') });
    await pageB.screenshot({ path: screenshotPath('crossTab-B') });
  });
});
