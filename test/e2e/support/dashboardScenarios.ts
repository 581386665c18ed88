import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { devtools } from './devtools';
import { until } from './until';
import { type RunningApp, startViteApp } from './viteServer';
import { writeUnderFaults } from './writeUnderFaults';

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
  /** Where to save the screenshot of the dashboard with the devtools open, if anywhere besides test-results. */
  devtoolsScreenshot?: string;
}

/**
 * The dashboard scenarios, run in order against one service and one page (each builds on the state
 * the previous one left): load, an edit re-applied over a concurrent writer, a refused edit, a real
 * conflict resolved with keep mine and with take theirs, history and diff, switching controls, an account deletion followed to its task's end, and chaos.
 */
export function dashboardScenarios(dashboard: DashboardUnderTest): void {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));

  let service: Service;
  let api: { url: string; close(): Promise<void> };
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  /** Every request the page sent to the service, as `METHOD /path` (admin reads go through the dev server). */
  const sent: string[] = [];
  /** When the page read the service's fault profile. */
  const adminReads: number[] = [];

  const testId = (id: string) => page.getByTestId(id);
  const text = async (id: string) => (await testId(id).first().textContent())?.trim() ?? '';

  /** A write from outside the browser, retried on the faults the chaos profile injects (bounded). */
  const secondWriter = (id: string, patch: object, attempts = 10): Promise<number> =>
    writeUnderFaults(api.url, `/spend_controls/${id}`, patch, attempts);

  /** sc_3's own URL with any query string (`?version=`), so no read of it slips past a route. */
  const sc3Route = () =>
    new RegExp(`^${api.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/spend_controls/sc_3(\\?.*)?$`);

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
        const url = request.url();
        if (
          (url.startsWith(api.url) || url.startsWith(`${app.url}__admin/`)) &&
          request.method() !== 'OPTIONS'
        ) {
          sent.push(`${request.method()} ${new URL(url).pathname}`);
          if (url.startsWith(`${app.url}__admin/state`)) adminReads.push(Date.now());
        }
      });
      await page.goto(app.url);
      await testId('sc-card-sc_1').waitFor();
    });

    // A failed scenario leaves a picture of the page behind, to see what it showed instead.
    afterEach(async (context) => {
      if (context.task.result?.state === 'fail' && page) {
        const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
        await page.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}`), fullPage: true });
      }
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
      // The chaos switch reads the profile at mount and then every 2 s: never twice at once.
      await until('the fault profile read', () => adminReads.length > 0);
      expect(await testId('chaos-state').getAttribute('data-profile')).toBe('none');
      for (let i = 1; i < adminReads.length; i++)
        expect(adminReads[i]! - adminReads[i - 1]!).toBeGreaterThan(1000);
      expect(await text('tab-role')).toBe('(this tab holds the stream)');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-1-loaded`), fullPage: true });
    });

    it("lands an edit over a concurrent writer's change to another field: both kept, version +2", async () => {
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
      // The outbox met the 409, read the latest, found no field both changed, and sent again.
      expect(sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(2);
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
      expect(await text('diff-single')).toBe(
        'Only version 1 exists so far: a comparison needs two versions.',
      );
      expect(await testId('diff-left').count()).toBe(0);
      expect(await testId('version-diff').count()).toBe(0);
      await testId('sc-card-sc_1').getByRole('button').click();
      await until(
        'sc_1 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_1',
      );
    });

    it('deletes an account and follows its task to completed', async () => {
      const name = (await testId('account-acc_2').locator('strong').first().textContent()) ?? '';
      expect(name).not.toBe('acc_2');
      await testId('delete-acc_2').click();
      // Nothing is sent until the deletion is confirmed.
      expect(sent.filter((r) => r.startsWith('DELETE'))).toEqual([]);
      await testId('confirm-delete-acc_2').click();
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
      // The account keeps its name once it is gone, shown once (innerText: as laid out, one line per block).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
      expect(await testId('account-acc_2').locator('.account-head').innerText()).toMatch(
        new RegExp(`^${name}\\s+acc_2\\s+deleted$`),
      );
      expect(
        await testId('account-acc_2')
          .getByRole('progressbar', { name: /Deletion of the account/ })
          .count(),
      ).toBe(1);
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
      // A read can still fail once its bounded retries are spent (chaos answers 5xx in bursts): the
      // history then offers Retry, and a user takes it.
      await until(
        `history to show v${latest}`,
        async () => {
          if ((await testId(`history-row-${latest}`).count()) > 0) return true;
          const retry = testId('history-error').getByTestId('error-retry');
          if ((await retry.count()) > 0) await retry.first().click();
          return false;
        },
        30_000,
      );
      expect(Number(await text('net-retries'))).toBeGreaterThan(0);
      expect(Number(await text('events-stale')) + Number(await text('events-duplicate'))).toBeGreaterThan(0);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-7-chaos-converged`), fullPage: true });
      await testId('chaos-toggle').click();
      await until('chaos off', () => service.inspect().faults === 'none');
    });

    it('follows the fault profile when it is changed from outside, custom settings included', async () => {
      const state = testId('chaos-state');
      service.setFaults('chaos');
      await until('chaos shown', async () => (await state.getAttribute('data-profile')) === 'chaos', 6000);
      expect(await testId('chaos-toggle').isChecked()).toBe(true);
      service.setFaults({ latencyRate: 0.1 });
      await until('custom shown', async () => (await state.getAttribute('data-profile')) === 'custom', 6000);
      expect(await state.textContent()).toBe('Custom fault settings are on');
      service.setFaults('none');
      await until('none shown', async () => (await state.getAttribute('data-profile')) === 'none', 6000);
      expect(await testId('chaos-toggle').isChecked()).toBe(false);
      expect(await state.textContent()).toBe('Faults off');
    });

    it('lists a webhook refused as stale in the devtools, and the stale counter moves', async () => {
      const panel = devtools(page);
      await panel.open();
      const staleBefore = Number(await text('events-stale'));
      // The service's own chaos profile, as the demo runs it: a quarter of the webhooks held back 2 s
      // and a quarter repeated 1 s later, both longer than the time between these writes (a 400 ms
      // write window plus 300 ms), so an older event lands after a newer state, as in the wild.
      // Writes until one shows, at most 16: at about 0.44 per write that one of its events comes
      // late, none in fifteen chances is about 0.02 %.
      // sc_3's own: the chaos scenario above already had sc_2's events refused.
      const staleShown = async () =>
        (await panel.rows()).some(
          (r) => r.outcome === 'stale' && r.origin === 'event' && r.text.includes('spend_control/sc_3'),
        );
      // None before: what shows below came from this chaos.
      expect(await staleShown()).toBe(false);
      let writes = 0;
      service.setFaults('chaos');
      try {
        for (let i = 1; i <= 16 && !(await staleShown()); i++) {
          await secondWriter('sc_3', { limit: { amount: 3000 + i * 10, currency: 'USD' } });
          writes++;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        await until('a stale event in the devtools', staleShown, 20_000);
        console.info(`stale event shown after ${writes} writes under chaos`);
      } finally {
        service.setFaults('none');
      }
      await until('the stale counter to move', async () => Number(await text('events-stale')) > staleBefore);
      expect(await panel.summary()).toMatch(/[1-9]\d* stale/);
      await panel.filterOutcome('stale');
      const rows = await panel.rows();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.outcome === 'stale')).toBe(true);
      expect(rows[0]?.text).toMatch(/spend_control\/sc_3refused: staleevent/);
      // The picture shows the control whose events were refused.
      await testId('sc-card-sc_3').getByRole('button').click();
      await until(
        'sc_3 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_3',
      );
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-8-devtools`) });
      if (dashboard.devtoolsScreenshot) await page.screenshot({ path: dashboard.devtoolsScreenshot });
      await panel.filterOutcome('all');
      await panel.close();
    });

    it('shows a failed read once, without a doubled period, with a Retry that recovers', async () => {
      await testId('sc-card-sc_3').getByRole('button').click();
      await until(
        'sc_3 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_3',
      );
      // Settled first: the latest version shown and no read of it in flight that a refresh could join.
      const latest = service.inspect().spendControls.sc_3;
      await until(
        'sc_3 at its latest version',
        async () => (await text('sc-detail-version')) === `v${latest}`,
      );
      const refresh = testId('sc-detail').getByRole('button', { name: 'Refresh' });
      await until('no read in flight', async () => (await refresh.textContent()) === 'Refresh');
      const route = sc3Route();
      await page.route(route, (r) =>
        r.request().method() === 'GET'
          ? r.fulfill({
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '0' },
              body: JSON.stringify({
                message: 'The service is busy.',
                type: 'ServiceUnavailable',
                trace_id: 'tr_e2e',
              }),
            })
          : r.continue(),
      );
      try {
        await refresh.click();
        const panel = testId('sc-detail').getByTestId('error-panel');
        await panel.waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('error-panel').count()).toBe(1);
        expect(await page.getByTestId('support-info').count()).toBe(1);
        const message = (await panel.getByTestId('error-message').textContent()) ?? '';
        expect(message).toContain('The service is busy.');
        expect(message).not.toMatch(/\.\./);
        expect(await panel.locator('.error-title').textContent()).toBe('Loading sc_3 failed (HTTP 503)');
        await page.screenshot({ path: screenshotPath(`${dashboard.shots}-9-error`), fullPage: true });
      } finally {
        await page.unroute(route);
      }
      await testId('error-retry').click();
      await testId('error-panel').waitFor({ state: 'detached', timeout: 30_000 });
    });

    it('keeps a save the service cannot take yet as waiting, with the reason, and lands it once it can', async () => {
      // sc_3 is selected. The service reports a conflict, and the reads of the latest version that follow fail.
      const route = sc3Route();
      const held = Number((await text('sc-detail-version')).slice(1));
      await page.route(route, (r) =>
        r.request().method() === 'PATCH'
          ? r.fulfill({
              status: 409,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                message: 'The spend control changed.',
                type: 'ConcurrentUpdate',
                trace_id: 'tr_e2e_409',
                details: {
                  object_type: 'spend_control',
                  object_id: 'sc_3',
                  expected_version: held,
                  found_version: held + 1,
                },
              }),
            })
          : r.fulfill({
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '0' },
              body: JSON.stringify({
                message: 'The service is busy.',
                type: 'ServiceUnavailable',
                trace_id: 'tr_e2e',
              }),
            }),
      );
      const entry = testId('outbox-panel').locator('[data-testid="outbox-entry"][data-entity="sc_3"]');
      try {
        await testId('edit-name').fill('Meals (e2e)');
        await testId('edit-save').click();
        // Every view shows the change at once; the outbox keeps it and says why it waits.
        await until('the change shown', async () => (await text('sc-field-name')) === 'Meals (e2e)');
        await until(
          'the reason it waits',
          async () =>
            (await entry.getByTestId('outbox-entry-state').textContent()) ===
            'waiting to try again (the service answered HTTP 503)',
          30_000,
        );
        expect(await text('offline-indicator')).toBe('Online · 1 change sending');
        expect(await testId('edit-form').getByTestId('error-panel').count()).toBe(0);
      } finally {
        await page.unroute(route);
      }
      // The outbox tries again by itself (backoff), and the save lands.
      const saved = page.getByRole('status').filter({ hasText: 'Saved as version' });
      await saved.waitFor({ timeout: 45_000 });
      expect(await text('sc-field-name')).toBe('Meals (e2e)');
      await until('the outbox to be empty', async () => (await entry.count()) === 0);
    });

    it('shows every field a version changed, and pages the history past 20 rows', async () => {
      await testId('sc-card-sc_2').getByRole('button').click();
      await until(
        'sc_2 selected',
        async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_2',
      );
      // An Interval change: the old table had no column for it and showed two identical rows.
      const intervalVersion = await secondWriter('sc_2', { interval: 'weekly' });
      let latest = intervalVersion;
      while (latest <= 21)
        latest = await secondWriter('sc_2', { limit: { amount: 1000 + latest, currency: 'USD' } });
      const page1 = testId('version-history');
      await until(
        'the newest version listed',
        async () => (await testId(`history-row-${latest}`).count()) === 1,
        30_000,
      );
      expect(await testId('history-page').textContent()).toBe(`Page 1 of ${Math.ceil(latest / 20)}`);
      expect(await page1.locator('table.versions tbody tr').count()).toBe(20);
      const changes = (v: number) =>
        testId(`history-row-${v}`).getByTestId('history-change').allTextContents();
      expect(await changes(intervalVersion)).toEqual(['Interval: monthly → weekly']);
      await testId('history-older').click();
      await testId('history-row-1').waitFor();
      expect(await testId('history-page').textContent()).toBe(`Page 2 of ${Math.ceil(latest / 20)}`);
      await testId('history-newer').click();
      await testId(`history-row-${latest}`).waitFor();
    });

    it('has no serious or critical accessibility violations (axe-core), devtools open', async () => {
      await devtools(page).open();
      const violations = await seriousViolations(page);
      expect(violations).toEqual([]);
    });

    it('shares one event stream between tabs: a second tab follows the first over BroadcastChannel', async () => {
      const second = await page.context().newPage();
      const sentBySecond: string[] = [];
      second.on('request', (request) => {
        if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS')
          sentBySecond.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      try {
        await second.goto(app.url);
        await second.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
        expect(await second.getByTestId('tab-role').getAttribute('data-role')).toBe('follower');
        expect(await testId('tab-role').getAttribute('data-role')).toBe('leader');
        const panel = devtools(second);
        await panel.open();
        const version = await secondWriter('sc_1', { name: 'Travel (tabs)' });
        await until(
          'the second tab to show the write',
          async () =>
            (await second.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').textContent()) ===
            `v${version}`,
        );
        const rows = await panel.rows();
        expect(
          rows.some(
            (r) =>
              r.origin === 'broadcast' && r.outcome === 'applied' && r.text.includes('spend_control/sc_1'),
          ),
        ).toBe(true);
        expect(rows.find((r) => r.origin === 'broadcast')?.text).toContain('other tab');
        // The leading tab holds the only event stream.
        expect(sentBySecond).not.toContain('GET /events');
        await second.screenshot({ path: screenshotPath(`${dashboard.shots}-10-second-tab`) });
      } finally {
        await second.close();
      }
    });
  });
}
