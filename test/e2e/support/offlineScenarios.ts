import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allViolations } from './axeAll';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { pageDiagnostics, storedJson } from './pageDiagnostics';
import { until } from './until';
import { writeUnderFaults } from './writeUnderFaults';

const AUTH = { authorization: 'Bearer dev-token' };
/** The dashboards' IndexedDB database (dashboard-kit's OFFLINE_DATABASE): outbox, entities, lists. */
const DATABASE = 'vstore-dashboard';

/** A dashboard whose offline path is tested: the React and the Vue one have the same screens and test ids. */
export interface OfflineDashboard {
  name: string;
  /** Folder under examples/. */
  example: string;
  /** Prefix of the screenshots' file names. */
  shots: string;
}

interface Version {
  version: number;
  name: string;
  limit: { amount: number };
}

/**
 * The offline path of a dashboard, in real Chromium with its real IndexedDB and service worker, run
 * in order against one service and one browser context: two edits made offline kept over a reload
 * (the page itself loads offline from its service worker, and its data from IndexedDB), pending in
 * every view and in a second tab, then landed exactly once each when the network is back, sent by
 * one tab only; a conflict found on reconnect, resolved with keep mine and with take theirs; and an
 * account deletion that carries on after a reload. "Offline" is the browser's own network
 * emulation (`context.setOffline`), which fails every request the page makes and sets
 * `navigator.onLine`. The dashboard runs as a production build (the service worker is a build's),
 * served by `vite preview`. axe (every impact) checks each new state.
 */
export function offlineScenarios(dashboard: OfflineDashboard): void {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));
  let service: Service;
  let api: { url: string; close(): Promise<void> };
  let outDir: string;
  let app: PreviewServer;
  let url: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every request any page of the context sent to the service, as `METHOD /path`. */
  const sent: string[] = [];
  /** What the pages printed, for a failure's report. */
  const diagnostics = pageDiagnostics();

  const watch = (on: Page, name: string) => {
    diagnostics.watch(on, name);
    on.on('request', (request) => {
      if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS')
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
  };
  const patches = (id: string) => sent.filter((r) => r === `PATCH /spend_controls/${id}`).length;
  const text = async (on: Page, id: string) => (await on.getByTestId(id).first().textContent())?.trim() ?? '';
  const indicator = (on: Page) => on.getByTestId('offline-indicator');
  const entries = (on: Page) => on.getByTestId('outbox-entry');
  const rowLimit = (on: Page, id: string) => on.getByTestId(`sc-card-${id}`).locator('td.amount');

  async function accessible(on: Page, state: string): Promise<void> {
    const violations = await allViolations(on);
    expect(
      violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.targets.join(', ')}`),
      `axe violations ${state}`,
    ).toEqual([]);
  }

  /** Opens the dashboard in `on` and waits for sc_1's row and for the service worker to control the page. */
  async function load(on: Page): Promise<void> {
    await on.goto(url);
    await on.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
    await until('the service worker to control the page', () =>
      on.evaluate(() => navigator.serviceWorker.controller !== null),
    );
  }

  /** Types into the edit form of the selected control and saves. */
  async function save(on: Page, field: 'edit-amount' | 'edit-name', value: string): Promise<void> {
    await on.getByTestId(field).fill(value);
    await on.getByTestId('edit-save').click();
  }

  async function history(id: string): Promise<Version[]> {
    const response = await fetch(`${api.url}/spend_controls/${id}/history`, { headers: AUTH });
    return ((await response.json()) as { data: Version[] }).data;
  }

  async function offline(on: boolean): Promise<void> {
    await context.setOffline(on);
    await until(
      `the page to be ${on ? 'offline' : 'online'}`,
      async () => ((await indicator(page).getAttribute('data-online')) === 'false') === on,
    );
  }

  describe(`${dashboard.name}: offline`, () => {
    beforeAll(async () => {
      // Tasks long enough that a page reloads while one runs.
      service = createService({ taskDurationMs: 5000 });
      api = await service.listen({ host: '127.0.0.1', port: 0 });
      outDir = mkdtempSync(join(tmpdir(), `${dashboard.example}-`));
      // Vite puts the process's VITE_* settings on import.meta.env of the build, and builds for
      // production (import.meta.env.PROD, which registers the service worker) only under
      // NODE_ENV=production; vitest runs with NODE_ENV=test.
      process.env.VITE_SERVICE_URL = api.url;
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
      app = await preview({
        root,
        logLevel: 'error',
        build: { outDir },
        preview: { host: '127.0.0.1', port: 0, strictPort: false },
      });
      url = app.resolvedUrls?.local[0] ?? '';
      browser = await launchBrowser();
      context = await newContext(browser);
      page = await context.newPage();
      watch(page, 'tab 1');
      await load(page);
    });

    afterEach(async (test) => {
      if (test.task.result?.state === 'fail' && page) {
        const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
        await page.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}`), fullPage: true });
        console.error(`${dashboard.name}, what the pages said:\n${await diagnostics.report(page, DATABASE)}`);
      }
    });

    afterAll(async () => {
      await browser?.close();
      await new Promise<void>((resolve) => (app ? app.httpServer.close(() => resolve()) : resolve()));
      await api?.close();
      if (outDir) rmSync(outDir, { recursive: true, force: true });
    });

    it('says it is online, with nothing waiting', async () => {
      expect(await indicator(page).getAttribute('data-online')).toBe('true');
      expect(await text(page, 'offline-indicator')).toBe('Online');
      expect(await page.getByTestId('outbox-panel').count()).toBe(0);
      await accessible(page, 'online');
    });

    it('keeps two offline edits over a reload, pending everywhere, and lands each once when back online', async () => {
      await offline(true);
      expect(await text(page, 'offline-indicator')).toBe('Offline');
      await save(page, 'edit-amount', '7000');
      await until('the first change to wait', async () => (await entries(page).count()) === 1);
      // The outbox's view: every reader shows the change, the detail and the table's row alike.
      expect(await text(page, 'sc-field-limit')).toBe('$7,000.00');
      expect(await rowLimit(page, 'sc_1').textContent()).toContain('$7,000.00');
      expect(await text(page, 'edit-pending')).toMatch(/sent when you are back online/);
      await save(page, 'edit-name', 'Travel (offline)');
      await until('the second change to wait', async () => (await entries(page).count()) === 2);
      expect(await text(page, 'offline-indicator')).toBe('Offline · 2 changes waiting');
      expect(await entries(page).getByTestId('outbox-entry-state').allTextContents()).toEqual([
        'waiting until you are back online',
        'waiting until you are back online',
      ]);
      expect(await page.getByTestId('sc-card-sc_1').getByRole('button').textContent()).toBe(
        'Travel (offline)',
      );
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-offline-1-pending`), fullPage: true });
      await accessible(page, 'with two changes waiting offline');

      // A reload while offline: the page comes from its service worker, the data from IndexedDB. The
      // page saves its entities and lists a while after they change (persistStore, persistLists), so
      // the reload waits for both to hold sc_1: a reload sooner would rightly find nothing saved.
      // One read of the database per check covers both (bounded at 30 s, two default waits).
      await until(
        'the page to save sc_1 under vstore:store and dashboard:lists',
        async () => {
          const saved = await storedJson(page, DATABASE);
          return ['vstore:store', 'dashboard:lists'].every((key) => saved.get(key)?.includes('"sc_1"'));
        },
        30_000,
      );
      await page.reload();
      await page.getByTestId('sc-card-sc_1').waitFor();
      await until('both changes restored', async () => (await entries(page).count()) === 2);
      expect(await text(page, 'offline-indicator')).toBe('Offline · 2 changes waiting');
      expect(await text(page, 'sc-field-limit')).toBe('$7,000.00');
      expect(await text(page, 'sc-field-name')).toBe('Travel (offline)');
      expect(await rowLimit(page, 'sc_1').textContent()).toContain('$7,000.00');
      await page.screenshot({
        path: screenshotPath(`${dashboard.shots}-offline-2-reloaded`),
        fullPage: true,
      });
      await accessible(page, 'reloaded offline');

      // A second tab sees the same changes waiting; it does not send them (one tab holds the lock).
      const second = await context.newPage();
      watch(second, 'tab 2');
      try {
        await second.goto(url);
        await until('the second tab to list both', async () => (await entries(second).count()) === 2);
        expect(await text(second, 'sc-field-limit')).toBe('$7,000.00');
        expect(patches('sc_1')).toBe(0);

        await offline(false);
        for (const tab of [page, second])
          await until('every change to land', async () => (await entries(tab).count()) === 0, 30_000);
        for (const tab of [page, second])
          await until(
            'sc_1 at v3 in every tab',
            async () =>
              (await tab.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').textContent()) === 'v3',
          );
        expect(await text(second, 'sc-field-name')).toBe('Travel (offline)');
        expect(await text(page, 'offline-indicator')).toBe('Online');
      } finally {
        await second.close();
      }
      // Each change landed once: one PATCH each, and one version each in the service's history.
      expect(patches('sc_1')).toBe(2);
      const versions = await history('sc_1');
      expect(versions.map((v) => [v.version, v.name, v.limit.amount])).toEqual([
        [1, 'Travel', 5000],
        [2, 'Travel', 7000],
        [3, 'Travel (offline)', 7000],
      ]);
      await accessible(page, 'after the changes landed');
    });

    it('shows a conflict found on reconnect as base / yours / theirs, and sends mine once kept', async () => {
      await offline(true);
      await save(page, 'edit-amount', '8000');
      await until('the change to wait', async () => (await entries(page).count()) === 1);
      // Meanwhile, someone else sets the same field.
      await writeUnderFaults(api.url, '/spend_controls/sc_1', { limit: { amount: 8100, currency: 'USD' } });
      const before = patches('sc_1');
      await offline(false);
      const panel = page.getByTestId('outbox-panel').getByTestId('conflict-panel');
      await panel.waitFor({ timeout: 30_000 });
      const row = panel.getByTestId('conflict-row-limit');
      expect(await row.getByTestId('conflict-base').textContent()).toBe('$7,000.00');
      expect(await row.getByTestId('conflict-mine').textContent()).toBe('$8,000.00');
      expect(await row.getByTestId('conflict-theirs').textContent()).toBe('$8,100.00');
      expect(await text(page, 'offline-indicator')).toBe('Online · 1 conflict to resolve');
      // Nothing was sent: theirs stands until this person decides.
      expect(patches('sc_1')).toBe(before);
      expect(service.inspect().spendControls.sc_1).toBe(4);
      await page.screenshot({
        path: screenshotPath(`${dashboard.shots}-offline-3-conflict`),
        fullPage: true,
      });
      await accessible(page, 'with a conflict found on reconnect');

      await panel.getByTestId('conflict-keep-mine-limit').click();
      await until(
        'the resolution said',
        async () =>
          (await text(page, 'outbox-resolved')) === 'Kept yours for Limit. Sending yours over theirs.',
      );
      await until('mine to land', async () => (await entries(page).count()) === 0, 30_000);
      await until('v5 shown', async () => (await text(page, 'sc-detail-version')) === 'v5');
      expect(patches('sc_1')).toBe(before + 1);
      expect(await text(page, 'sc-field-limit')).toBe('$8,000.00');
      await accessible(page, 'after keeping mine');
    });

    it('takes theirs for the conflicting field and still sends the rest of mine', async () => {
      await offline(true);
      await page.getByTestId('edit-name').fill('Travel (mine)');
      await save(page, 'edit-amount', '9000');
      await until('the change to wait', async () => (await entries(page).count()) === 1);
      await writeUnderFaults(api.url, '/spend_controls/sc_1', { limit: { amount: 9100, currency: 'USD' } });
      await offline(false);
      const panel = page.getByTestId('outbox-panel').getByTestId('conflict-panel');
      await panel.waitFor({ timeout: 30_000 });
      expect(await panel.locator('tbody tr').count()).toBe(1);
      // The last resolution's sentence is gone while a new conflict waits.
      expect(await page.getByTestId('outbox-resolved').count()).toBe(0);
      await panel.getByTestId('conflict-take-theirs-limit').click();
      await until(
        'the resolution said',
        async () =>
          (await text(page, 'outbox-resolved')) ===
          'Took theirs for Limit. Sending the rest of yours over theirs.',
      );
      await until('the rest to land', async () => (await entries(page).count()) === 0, 30_000);
      await until('v7 shown', async () => (await text(page, 'sc-detail-version')) === 'v7');
      const latest = (await history('sc_1')).at(-1);
      expect(latest).toMatchObject({ version: 7, name: 'Travel (mine)', limit: { amount: 9100 } });
      // The form says nothing failed: dropping the held change was this person's choice.
      expect(await page.getByTestId('edit-form').getByTestId('error-panel').count()).toBe(0);
      await accessible(page, 'after taking theirs');
    });

    it('follows an account deletion through a reload to its end', async () => {
      await page.getByTestId('delete-acc_2').click();
      await page.getByTestId('confirm-delete-acc_2').click();
      const progress = () => page.getByTestId('account-acc_2').getByTestId('task-progress');
      await until(
        'the task to run',
        async () => (await progress().getAttribute('data-status')) === 'running',
      );
      expect(sent.filter((r) => r === 'DELETE /accounts/acc_2')).toHaveLength(1);
      await accessible(page, 'while a deletion runs');

      await page.reload();
      await page.getByTestId('account-acc_2').waitFor();
      // The outbox restored the deletion with its task: the row shows it running, then done.
      await progress().waitFor({ timeout: 15_000 });
      await page.screenshot({
        path: screenshotPath(`${dashboard.shots}-offline-4-deleting`),
        fullPage: true,
      });
      await until(
        'the task to complete',
        async () => (await progress().getAttribute('data-status')) === 'completed',
        30_000,
      );
      await page.getByTestId('account-acc_2').getByTestId('account-deleted').waitFor({ timeout: 15_000 });
      await until('the outbox to let it go', async () => (await entries(page).count()) === 0);
      expect(service.inspect().accounts.acc_2?.status).toBe('closed');
      // Deleted once: the page after the reload followed the task, it did not delete again.
      expect(sent.filter((r) => r === 'DELETE /accounts/acc_2')).toHaveLength(1);
      await accessible(page, 'after the deletion finished');
    });
  });
}
