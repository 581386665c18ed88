import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { until } from './until';
import { type RunningApp, startViteApp } from './viteServer';

/** One of the example dashboards: the React and the Vue one show the same screens with the same test ids. */
export interface DashboardUnderTest {
  /** The describe() title. */
  name: string;
  /** Folder under examples/. */
  example: string;
  /** Prefix of the screenshots' file names. */
  shots: string;
  /** Environment for its Vite dev server, besides the service URL. */
  env?: Record<string, string>;
  /** What its first load must have sent, given as `METHOD /path` per request. */
  checkFirstLoad(sent: readonly string[]): void;
}

/**
 * The dashboard scenarios, run in order against one service and one page (each builds on the state
 * the previous one left): load, an edit re-applied over a concurrent writer, a refused edit, a real
 * conflict resolved with keep mine and with take theirs, history and diff, switching controls, an account deletion followed to its task's end, and chaos.
 */
export function dashboardScenarios(dashboard: DashboardUnderTest): void {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));
  const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

  let service: Service;
  let api: { url: string; close(): Promise<void> };
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  /** Every request the page sent to the service, as `METHOD /path`. */
  const sent: string[] = [];

  const testId = (id: string) => page.getByTestId(id);
  const text = async (id: string) => (await testId(id).first().textContent())?.trim() ?? '';

  /** A write from outside the browser, retried on the faults the chaos profile injects (bounded). */
  async function secondWriter(id: string, patch: object, attempts = 10): Promise<number> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const response = await fetch(`${api.url}/spend_controls/${id}`, {
        method: 'PATCH',
        headers: AUTH,
        body: JSON.stringify(patch),
      });
      if (response.ok) return ((await response.json()) as { version: number }).version;
      await response.body?.cancel();
      // 409 too: like any careful writer, try again against the latest state.
      if (![409, 429, 500, 502, 503].includes(response.status))
        throw new Error(`PATCH ${id}: ${response.status}`);
      const retryAfter = Number(response.headers.get('retry-after') ?? 0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(retryAfter * 1000, 50)));
    }
    throw new Error(`PATCH ${id} did not succeed in ${attempts} attempts`);
  }

  describe(dashboard.name, () => {
    // Inside the describe, so one file could run two dashboards without their hooks clashing.
    beforeAll(async () => {
      // A write window wide enough that the two writers below really overlap; a short task.
      service = createService({ writeDelayMs: 400, taskDurationMs: 1500 });
      api = await service.listen({ host: '127.0.0.1', port: 0 });
      app = await startViteApp(root, { VITE_SERVICE_URL: api.url, ...dashboard.env });
      browser = await launchBrowser();
      page = await (await newContext(browser)).newPage();
      page.on('request', (request) => {
        if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS') {
          sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
        }
      });
      await page.goto(app.url);
      await testId('sc-card-sc_1').waitFor();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await api?.close();
    });

    it('shows the controls with their versions and connects to the live stream', async () => {
      await until('sc_1 loaded', async () => (await text('sc-detail-version')) === 'v1');
      await until('SSE open', async () => (await testId('sse-state').getAttribute('data-state')) === 'open');
      dashboard.checkFirstLoad(sent);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-1-loaded`), fullPage: true });
    });

    it('re-applies an edit over a concurrent writer: both changes kept, version +2', async () => {
      let intercepted = 0;
      await page.route(`${api.url}/spend_controls/sc_1`, async (route) => {
        if (route.request().method() !== 'PATCH' || intercepted++ > 0) return route.continue();
        // The other writer goes first and sits in its write window when the browser's PATCH arrives.
        const other = secondWriter('sc_1', { name: 'Travel (ops)' }, 1);
        await until(
          'the second writer to be inside its write window',
          () => service.inspect().pendingWrites > 0,
        );
        await route.continue();
        await other;
      });
      await testId('edit-amount').fill('6500');
      await testId('edit-save').click();
      const outcome = testId('edit-outcome');
      await outcome.waitFor({ timeout: 15_000 });
      await page.unroute(`${api.url}/spend_controls/sc_1`);
      expect(await outcome.textContent()).toMatch(/Saved as version 3, on top of someone else's change/);
      expect(await outcome.textContent()).toContain('name: Travel → Travel (ops)');
      expect(await outcome.textContent()).toMatch(/2 attempts/);
      expect(await text('sc-detail-version')).toBe('v3');
      expect(await text('sc-field-name')).toBe('Travel (ops)');
      expect(await text('sc-field-limit')).toBe('$6,500.00');
      expect(service.inspect().spendControls.sc_1).toBe(3);
      await page.screenshot({
        path: screenshotPath(`${dashboard.shots}-2-conflict-reapplied`),
        fullPage: true,
      });
    });

    it('refuses to save a cleared limit and says why, and sees the current amount as no change', async () => {
      const patches = sent.filter((r) => r === 'PATCH /spend_controls/sc_1').length;
      await testId('edit-amount').fill('');
      await testId('edit-amount-error').waitFor();
      expect(await testId('edit-save').isDisabled()).toBe(true);
      await testId('edit-amount').press('Enter');
      await testId('edit-amount').fill('6500');
      await testId('edit-amount-error').waitFor({ state: 'detached' });
      // Left focused, the number input makes Chrome scroll on the next click elsewhere, which then misses.
      await testId('edit-amount').blur();
      // The number input gives a number, the form's base a string: the same amount is still no change.
      expect(await testId('edit-save').isDisabled()).toBe(true);
      expect(sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(patches);
    });

    it('stops at a real conflict on the same field: base / yours / theirs, then keep mine', async () => {
      await testId('edit-amount').fill('7000');
      // Between the form opening (on v3) and the save, someone else sets the same field.
      await secondWriter('sc_1', { limit: { amount: 7100, currency: 'USD' } }, 1);
      await until('v4 to arrive by event', async () => (await text('sc-detail-version')) === 'v4');
      const patches = sent.filter((r) => r === 'PATCH /spend_controls/sc_1').length;
      await testId('edit-save').click();
      const row = testId('conflict-panel').getByTestId('conflict-row-limit');
      await row.waitFor();
      expect(await row.getByTestId('conflict-base').textContent()).toBe('$6,500.00');
      expect(await row.getByTestId('conflict-mine').textContent()).toBe('$7,000.00');
      expect(await row.getByTestId('conflict-theirs').textContent()).toBe('$7,100.00');
      expect(await testId('conflict-panel').locator('tbody tr').count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('conflict-title');
      // Nothing was sent: the other writer's value stands until this person decides.
      expect(sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(patches);
      expect(service.inspect().spendControls.sc_1).toBe(4);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-2b-conflict`), fullPage: true });
      await testId('conflict-keep-mine-limit').click();
      expect(await text('conflict-resolved')).toBe(
        'Kept yours for Limit. Save to write your changes on top of theirs.',
      );
      await testId('edit-save').click();
      await until('v5 saved', async () => (await text('edit-outcome')).includes('Saved as version 5.'));
      expect(service.inspect().spendControls.sc_1).toBe(5);
      expect(await text('sc-field-limit')).toBe('$7,000.00');
    });

    it('resolves a conflict with take theirs: nothing of mine is sent', async () => {
      await testId('edit-amount').fill('7200');
      await secondWriter('sc_1', { limit: { amount: 7300, currency: 'USD' } }, 1);
      await until('v6 to arrive by event', async () => (await text('sc-detail-version')) === 'v6');
      await testId('edit-save').click();
      await testId('conflict-take-theirs-limit').click();
      await testId('conflict-panel').waitFor({ state: 'detached' });
      expect(await text('conflict-resolved')).toBe(
        'Took theirs for Limit. Nothing of yours is left to save.',
      );
      expect(await testId('edit-amount').inputValue()).toBe('7300');
      expect(await testId('edit-save').isDisabled()).toBe(true);
      expect(service.inspect().spendControls.sc_1).toBe(6);
      expect(await text('sc-field-limit')).toBe('$7,300.00');
    });

    it('lists the history and diffs any two versions through historical reads', async () => {
      await testId('history-row-3').waitFor();
      await testId('diff-left').selectOption('1');
      await testId('diff-right').selectOption('3');
      const diff = testId('version-diff');
      await diff.getByText('Version 1').waitFor();
      await until(
        'the diff of v1 and v3',
        async () => (await diff.textContent())?.includes('$6,500.00') ?? false,
      );
      const changed = await diff.locator('tr[data-changed="true"] th').allTextContents();
      expect(changed).toEqual(['Name', 'Limit', 'Version time']);
      await diff.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-3-history-diff`), fullPage: true });
    });

    it("starts another control's history from its own newest versions, not the last one's picks", async () => {
      await testId('sc-card-sc_2').getByRole('button').click();
      await until(
        'sc_2 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_2',
      );
      await testId('history-row-1').waitFor();
      expect(await testId('diff-left').inputValue()).toBe('1');
      expect(await testId('diff-right').inputValue()).toBe('1');
      await testId('version-diff').waitFor();
      await testId('sc-card-sc_1').getByRole('button').click();
      await until(
        'sc_1 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_1',
      );
    });

    it('deletes an account and follows its task to completed', async () => {
      await testId('delete-acc_2').click();
      const progress = testId('account-acc_2').getByTestId('task-progress');
      await progress.waitFor();
      await until('the task to run', async () => (await progress.getAttribute('data-status')) === 'running');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-4-deleting`), fullPage: true });
      await until(
        'the task to complete',
        async () => (await progress.getAttribute('data-status')) === 'completed',
      );
      await testId('account-acc_2').getByTestId('account-deleted').waitFor();
      expect(service.inspect().accounts.acc_2?.status).toBe('closed');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-5-deleted`), fullPage: true });
    });

    it('rides out the chaos profile and still converges', async () => {
      // click, not check: the box turns on only once the service confirms the new profile.
      await testId('chaos-toggle').click();
      await until('chaos on', () => service.inspect().faults === 'chaos');
      await testId('sc-card-sc_2').getByRole('button').click();
      await until(
        'sc_2 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_2',
      );
      // Refresh until the browser itself has been rate limited (bounded: 8% of requests start a 429 burst).
      for (let i = 0; i < 150 && Number(await text('net-429')) === 0; i++) {
        await testId('sc-detail')
          .getByRole('button', { name: /Refresh/ })
          .click();
        await until(
          'the refresh to settle',
          async () => !(await text('sc-detail')).includes('Refreshing'),
          30_000,
        );
      }
      expect(Number(await text('net-429'))).toBeGreaterThan(0);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-6-chaos`), fullPage: true });
      // Meanwhile others write: duplicated and reordered webhooks reach the dashboard.
      for (let i = 1; i <= 6; i++)
        await secondWriter('sc_2', { limit: { amount: 1200 + i * 100, currency: 'USD' } });
      const latest = service.inspect().spendControls.sc_2!;
      await until(
        `card sc_2 to show v${latest}`,
        async () =>
          (await testId('sc-card-sc_2').getByTestId('sc-card-version').textContent()) === `v${latest}`,
        30_000,
      );
      expect(await text('sc-field-limit')).toBe('$1,800.00');
      await testId(`history-row-${latest}`).waitFor({ timeout: 30_000 });
      expect(Number(await text('net-retries'))).toBeGreaterThan(0);
      expect(Number(await text('events-stale')) + Number(await text('events-duplicate'))).toBeGreaterThan(0);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-7-chaos-converged`), fullPage: true });
      await testId('chaos-toggle').click();
      await until('chaos off', () => service.inspect().faults === 'none');
    });
  });
}
