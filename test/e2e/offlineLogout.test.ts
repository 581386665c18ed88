import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { type RunningApp, startViteApp } from './support/viteServer';

// The outbox and persistStore over real IndexedDB (headless Chromium). The logout recipe
// of docs/guide/offline.md ("Clearing on logout") run in one page.

const root = fileURLToPath(new URL('./fixtures/offlineLogout', import.meta.url));
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startViteApp(root);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('indexedDbStorage on logout', () => {
  it('lets go of the database on close, so the documented deletion completes and the next login opens', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(app.url);
    await page.waitForFunction(() => 'logout' in window, undefined, { timeout: 30_000 });
    const outcome = await page.evaluate(() =>
      (
        window as unknown as { logout: { logoutAsDocumented(): Promise<unknown> } }
      ).logout.logoutAsDocumented(),
    );
    expect(outcome).toEqual({ deletion: 'deleted', nextLogin: 'ready with 0 entries' });
  });
});
