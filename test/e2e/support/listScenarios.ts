import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allViolations } from './axeAll';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { until } from './until';
import { type RunningApp, startViteApp } from './viteServer';
import { writeUnderFaults } from './writeUnderFaults';

const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

/** Which dashboard: the React and the Vue one show the same screens with the same test ids. */
export interface ListDashboard {
  name: string;
  /** Folder under examples/. */
  example: string;
  /** Prefix of the screenshots' file names. */
  shots: string;
  env?: Record<string, string>;
}

/**
 * The spend-control table of a dashboard, run in order against one service: paging with "load
 * more", a row updated live by another client, a row created elsewhere appearing in this tab and
 * another, a row leaving when its status stops matching the filter, and an account deleted in one
 * browser context and seen deleted in another, its controls read-only with the reason. axe (every
 * impact) checks every new state.
 */
export function listScenarios(dashboard: ListDashboard): void {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));
  let service: Service;
  let api: { url: string; close(): Promise<void> };
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  /** The first tab (it holds the event stream), and a second tab of the same browser (it follows). */
  let page: Page;
  let second: Page;
  /** What each tab sent to the service, as `METHOD /path?query`. */
  const sent = new Map<Page, string[]>();

  const rowVersion = (on: Page, id: string) =>
    on.getByTestId(`sc-card-${id}`).getByTestId('sc-card-version').textContent();
  const rowIds = (on: Page) =>
    on
      .locator('[data-testid="sc-list"] tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')?.replace('sc-card-', '')));
  const count = async (on: Page) => (await on.getByTestId('sc-list-count').textContent())?.trim() ?? '';

  /** Opens the dashboard in `on` and waits for the first page of acc_1's controls. */
  async function load(on: Page): Promise<void> {
    const requests: string[] = [];
    sent.set(on, requests);
    on.on('request', (request) => {
      const url = new URL(request.url());
      if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS')
        requests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await on.goto(app.url);
    await on.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
  }

  async function create(name: string, status: 'active' | 'paused' = 'active'): Promise<string> {
    const response = await fetch(`${api.url}/spend_controls`, {
      method: 'POST',
      headers: { ...AUTH, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        name,
        limit: { amount: 250, currency: 'USD' },
        interval: 'weekly',
        account_id: 'acc_1',
      }),
    });
    if (response.status !== 201) throw new Error(`POST /spend_controls: ${response.status}`);
    const id = ((await response.json()) as { spend_control_id: string }).spend_control_id;
    // A control is created active; pausing it is a second write.
    if (status === 'paused') await writeUnderFaults(api.url, `/spend_controls/${id}`, { status });
    return id;
  }

  async function accessible(on: Page, state: string): Promise<void> {
    const violations = await allViolations(on);
    expect(
      violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.targets.join(', ')}`),
      `axe violations ${state}`,
    ).toEqual([]);
  }

  describe(`${dashboard.name}: the spend-control table`, () => {
    beforeAll(async () => {
      service = createService({ taskDurationMs: 1500 });
      api = await service.listen({ host: '127.0.0.1', port: 0 });
      // 3 seeded controls on acc_1 and 9 more: two pages of 10.
      for (let i = 1; i <= 9; i++) await create(`Team ${i}`, i % 3 === 0 ? 'paused' : 'active');
      app = await startViteApp(root, { VITE_SERVICE_URL: api.url, ...dashboard.env });
      browser = await launchBrowser();
      context = await newContext(browser);
      page = await context.newPage();
      await load(page);
    });

    afterEach(async (test) => {
      if (test.task.result?.state === 'fail' && page) {
        const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
        await page.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}`), fullPage: true });
      }
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await api?.close();
    });

    it('shows the first page of 10, then the rest with load more, each control once', async () => {
      await until('the first page', async () => (await count(page)) === '10 shown, more to load');
      expect(await rowIds(page)).toHaveLength(10);
      expect(sent.get(page)?.filter((r) => r.startsWith('GET /spend_controls?'))).toEqual([
        'GET /spend_controls?account_id=acc_1&limit=10',
      ]);
      await accessible(page, 'with a next page');
      await page.getByTestId('sc-load-more').click();
      await until('the second page', async () => (await count(page)) === '12 shown');
      const ids = await rowIds(page);
      expect(new Set(ids).size).toBe(12);
      expect(ids.slice(0, 3)).toEqual(['sc_1', 'sc_2', 'sc_3']);
      expect(await page.getByTestId('sc-load-more').count()).toBe(0);
      await accessible(page, 'with every page loaded');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-list-1-paged`), fullPage: true });
    });

    it('updates a row live when another client edits it, with no read of that control', async () => {
      second = await context.newPage();
      await load(second);
      await second.getByTestId('sc-load-more').click();
      await until('the second tab’s pages', async () => (await count(second)) === '12 shown');
      const before = sent.get(page)?.length ?? 0;
      const version = await writeUnderFaults(api.url, '/spend_controls/sc_2', { name: 'Software (ops)' });
      for (const tab of [page, second])
        await until(`sc_2 at v${version}`, async () => (await rowVersion(tab, 'sc_2')) === `v${version}`);
      expect(await page.getByTestId('sc-card-sc_2').getByRole('button').textContent()).toBe('Software (ops)');
      // The event carried it: no read of sc_2, and the list was not read again.
      expect(
        sent
          .get(page)
          ?.slice(before)
          .filter((r) => r.startsWith('GET /spend_controls')),
      ).toEqual([]);
    });

    it('shows a control created elsewhere at the end of the table, in this tab and another', async () => {
      const id = await create('Created elsewhere');
      for (const tab of [page, second]) {
        await until(`${id} in the table`, async () => (await rowIds(tab)).at(-1) === id);
        expect(await count(tab)).toBe('13 shown');
      }
      expect(await rowVersion(second, id)).toBe('v1');
      await accessible(second, 'with a created row, in the second tab');
      await second.screenshot({ path: screenshotPath(`${dashboard.shots}-list-2-created`), fullPage: true });
    });

    it('filters by status, and a row leaves when its status stops matching', async () => {
      await page.getByTestId('sc-status-filter').selectOption('active');
      await until('only active rows', async () => {
        const statuses = await page.getByTestId('sc-card-status').allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === 'active');
      });
      expect(await rowIds(page)).not.toContain('sc_3');
      expect(sent.get(page)?.some((r) => r.includes('status=active'))).toBe(true);
      expect(await rowIds(page)).toContain('sc_2');
      await accessible(page, 'filtered to active');
      // Another client pauses sc_2: it leaves the active table at once, without a read.
      await writeUnderFaults(api.url, '/spend_controls/sc_2', { status: 'paused' });
      await until('sc_2 to leave', async () => !(await rowIds(page)).includes('sc_2'));
      // The unfiltered table of the second tab keeps it, as paused.
      await until(
        'sc_2 paused in the second tab',
        async () =>
          (await second.getByTestId('sc-card-sc_2').getByTestId('sc-card-status').textContent()) === 'paused',
      );
      await page.getByTestId('sc-status-filter').selectOption('paused');
      await until('sc_2 among the paused', async () => (await rowIds(page)).includes('sc_2'));
      await accessible(page, 'filtered to paused');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-list-3-paused`), fullPage: true });
      await page.getByTestId('sc-status-filter').selectOption('all');
      await until('every row again', async () => (await rowIds(page)).includes('sc_1'));
    });

    it('shows a deletion made in another browser as deleted, its controls read-only with the reason', async () => {
      // Another person: a browser context of its own (own storage and tabs, own event stream).
      const other = await (await newContext(browser)).newPage();
      await load(other);
      await other.getByTestId('edit-form').waitFor();
      const name = (await other.getByTestId('account-acc_1').locator('strong').first().textContent()) ?? '';
      expect(name).not.toBe('acc_1');
      await page.getByTestId('delete-acc_1').click();
      await page.getByTestId('confirm-delete-acc_1').click();
      const progress = page.getByTestId('account-acc_1').getByTestId('task-progress');
      await until(
        'the task to complete',
        async () => (await progress.getAttribute('data-status')) === 'completed',
      );
      for (const tab of [page, second, other]) {
        const account = tab.getByTestId('account-acc_1');
        await until(
          'the account deleted',
          async () => (await account.getAttribute('data-state')) === 'deleted',
        );
        await account.getByTestId('account-deleted').waitFor();
        expect(await account.locator('strong').first().textContent()).toBe(name);
        expect(await account.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
        const reason = `Account ${name} was deleted, so its spend controls can no longer be changed.`;
        await until(
          'the table read-only',
          async () => (await tab.getByTestId('sc-list-readonly').textContent()) === reason,
        );
        expect(await tab.getByTestId('sc-readonly').textContent()).toBe(reason);
        expect(await tab.getByTestId('edit-form').count()).toBe(0);
      }
      // Where the deletion did not start, the row says why there is nothing to do.
      const note = await other.getByTestId('account-acc_1').getByTestId('account-reason').textContent();
      expect(note?.replace(/\s+/g, ' ').trim()).toBe(
        'Deleted (here, by an event or in another tab). Its spend controls are read-only.',
      );
      expect(service.inspect().accounts.acc_1?.status).toBe('closed');
      await accessible(other, 'after a deletion seen from another browser');
      await other.screenshot({
        path: screenshotPath(`${dashboard.shots}-list-4-deleted-elsewhere`),
        fullPage: true,
      });
      await other.context().close();
    });
  });
}
