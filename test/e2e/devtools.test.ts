import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allViolations } from './support/axeAll';
import { launchBrowser, screenshotPath } from './support/browser';
import { contentUnderPanel, devtools, scrollPage } from './support/devtools';
import { until } from './support/until';
import { type RunningApp, startViteApp } from './support/viteServer';

// @vstore/devtools as a person uses it in the two dashboards: collapsed and docked without covering
// the page at a desktop (1280 px) and a phone (390 px) width, resized, remembered, its counts after a
// normal session, an entity and two of its versions, a failed read to look at and its recovery, and
// the Reads view with the spend-control list's pages; and the dashboard's own small fixes on the way.
// Every state visited is checked with axe-core, every impact.

const DASHBOARDS = [
  { name: 'React dashboard', example: 'react-dashboard', shots: 'devtools-react' },
  { name: 'Vue dashboard', example: 'vue-dashboard', shots: 'devtools-vue' },
] as const;

const DESKTOP = { width: 1280, height: 900 };
const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };
const PHONE = { width: 390, height: 844 };

for (const dashboard of DASHBOARDS) {
  describe(`@vstore/devtools in the ${dashboard.name}`, () => {
    const root = fileURLToPath(new URL(`../../examples/${dashboard.example}`, import.meta.url));
    let service: Service;
    let api: { url: string; close(): Promise<void> };
    let app: RunningApp;
    let browser: Browser;
    /** The desktop page the scenarios share, in order; other pages are made per test. */
    let page: Page;
    const pages: Page[] = [];

    /** A page in a context of its own (its own localStorage), loaded and settled. */
    async function open(viewport: { width: number; height: number }): Promise<Page> {
      const context = await browser.newContext({ viewport });
      const opened = await context.newPage();
      pages.push(opened);
      await opened.goto(app.url);
      await opened.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
      await opened.getByTestId('history-row-1').waitFor();
      return opened;
    }

    const testId = (id: string, on = page) => on.getByTestId(id);
    const text = async (id: string, on = page) => (await testId(id, on).first().textContent())?.trim() ?? '';
    const select = async (id: string, on = page) => {
      await testId(`sc-card-${id}`, on).getByRole('button').click();
      await until(
        `${id} selected`,
        async () => (await testId('sc-detail', on).getAttribute('data-id')) === id,
      );
    };

    /** No axe violation of any impact in the page as it is now. */
    async function accessible(on: Page, state: string): Promise<void> {
      const violations = await allViolations(on);
      expect(
        violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.targets.join(', ')}`),
        `axe in ${dashboard.name}: ${state}`,
      ).toEqual([]);
    }

    /** The panel covers no content at the top, middle and bottom of the page. */
    async function coversNothing(on: Page, state: string): Promise<void> {
      for (const share of [0, 0.5, 1]) {
        await scrollPage(on, share);
        const coverage = await contentUnderPanel(on);
        expect(coverage.visible, `${state}: content shows`).toBeGreaterThan(20);
        expect(coverage.panel.width * coverage.panel.height, `${state}: the panel shows`).toBeGreaterThan(0);
        expect(coverage.covered, `${state}, scrolled ${share * 100} %`).toEqual([]);
      }
      await scrollPage(on, 0);
    }

    beforeAll(async () => {
      service = createService({ taskDurationMs: 1500 });
      api = await service.listen({ host: '127.0.0.1', port: 0 });
      app = await startViteApp(root, { VITE_SERVICE_URL: api.url });
      browser = await launchBrowser();
      page = await open(DESKTOP);
    });

    afterEach(async (context) => {
      if (context.task.result?.state === 'fail') {
        const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 50);
        for (const [i, shown] of pages.entries())
          if (!shown.isClosed())
            await shown.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}-${i}`) });
      }
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await api?.close();
    });

    it('reads nothing to look at after a normal session, its duplicates counted apart as routine', async () => {
      const panel = devtools(page);
      await until('the first load settled', async () => /\d+ routine/.test(await panel.summary()));
      // A fresh load: the history read repeats the latest version, which is routine, not a refusal to look at.
      expect(await panel.summary()).toMatch(
        / · 0 to look at \(0 stale, 0 deleted, 0 removed, 0 failed\) · [1-9]\d* routine$/,
      );
      await until(
        'the live stream',
        async () => (await testId('sse-state').getAttribute('data-state')) === 'open',
      );

      // A normal session: look around, edit and save, read the history, compare, refresh.
      await select('sc_2');
      await select('sc_3');
      await select('sc_1');
      await testId('edit-name').fill('Travel (e2e)');
      await testId('edit-save').click();
      await until('the save', async () => (await text('edit-outcome')).includes('Saved as version 2'));
      await testId('history-row-2').waitFor();
      await testId('diff-left').selectOption('1');
      await testId('sc-detail').getByRole('button', { name: 'Refresh' }).click();
      await until('the refresh', async () => !(await text('sc-detail')).includes('Refreshing'));
      // The save's own webhook comes back too, a duplicate of what the reply stored (or the reverse).
      await until('the event of the save', async () => Number(await text('events-received')) > 0);

      const summary = await panel.summary();
      expect(summary).toMatch(
        / · 0 to look at \(0 stale, 0 deleted, 0 removed, 0 failed\) · [1-9]\d* routine$/,
      );
      const routine = Number(/(\d+) routine/.exec(summary)?.[1]);
      await panel.open();
      expect(await panel.problems()).toEqual([]);
      expect(await panel.panel.locator('#problems-note').textContent()).toBe('Nothing to look at.');
      await panel.filterOutcome('routine');
      const rows = await panel.rows();
      expect(rows.length).toBe(routine);
      expect(rows.every((r) => r.outcome === 'duplicate')).toBe(true);
      await panel.filterOutcome('all');
      await accessible(page, 'after a normal session, the panel open at the bottom');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-1-normal-session`) });
      await panel.close();
    });

    it('collapsed, is a rail that covers no content at 1280 px or at 390 px, however far the page scrolls', async () => {
      await coversNothing(page, '1280 px, collapsed');
      await accessible(page, '1280 px, collapsed');
      const phone = await open(PHONE);
      await coversNothing(phone, '390 px, collapsed');
      await accessible(phone, '390 px, collapsed');
      await phone.screenshot({ path: screenshotPath(`${dashboard.shots}-2-phone-collapsed`) });
      // The measure itself: without the room the page makes for it, the rail lies over the content.
      await phone.evaluate(() => document.documentElement.style.removeProperty('padding-right'));
      expect((await contentUnderPanel(phone)).covered.length).toBeGreaterThan(0);
      await phone.close();
    });

    it('docked at the bottom and resized by dragging, covers no content at 390 px, and keeps its size on reload', async () => {
      const phone = await open(PHONE);
      const panel = devtools(phone);
      // The reader keeps their place: the window's scroll carries over to the body, which scrolls
      // while the panel is docked at the bottom, and back when it collapses.
      await phone.evaluate(() => scrollTo(0, 700));
      await panel.open();
      expect(await phone.evaluate(() => [document.body.scrollTop, scrollY])).toEqual([700, 0]);
      await panel.close();
      expect(await phone.evaluate(() => [document.body.scrollTop, scrollY])).toEqual([0, 700]);
      await panel.open();
      await coversNothing(phone, '390 px, open at the bottom');
      const grip = panel.panel.getByRole('separator', { name: 'Resize vstore devtools' });
      const handle = await grip.boundingBox();
      if (!handle) throw new Error('the resize handle has no box');
      const x = handle.x + handle.width / 2;
      await phone.mouse.move(x, handle.y + 2);
      await phone.mouse.down();
      await phone.mouse.move(x, handle.y - 140, { steps: 5 });
      await phone.mouse.up();
      // Dropped 140 px higher, the panel's top edge follows the pointer: it is as tall as what lies below.
      const height = Math.round(PHONE.height - (handle.y - 140));
      const tall = async () => {
        const box = await panel.panel.boundingBox();
        return box !== null && Math.abs(box.height - height) <= 1;
      };
      await until('the panel 140 px taller', tall);
      expect(await grip.getAttribute('aria-valuenow')).toBe(String(height));
      await coversNothing(phone, '390 px, open at the bottom, 140 px taller');
      // The end of the page can still be read above the panel.
      await scrollPage(phone, 1);
      const last = await phone.locator('.layout').boundingBox();
      const box = await panel.panel.boundingBox();
      expect(last && box && last.y + last.height <= box.y + 1).toBe(true);
      await accessible(phone, '390 px, open at the bottom, resized');
      await phone.screenshot({ path: screenshotPath(`${dashboard.shots}-3-phone-docked-bottom`) });

      await phone.reload();
      await phone.getByTestId('sc-card-sc_1').waitFor();
      await panel.open();
      await until('the saved height', tall);
      expect(await panel.panel.getByLabel('Dock').inputValue()).toBe('bottom');
      await coversNothing(phone, '390 px, open at the bottom after a reload');
      await phone.close();
    });

    it('docked at a side and resized from the keyboard, covers no content at 1280 px, and keeps the dock on reload', async () => {
      const panel = devtools(page);
      await panel.open();
      await coversNothing(page, '1280 px, open at the bottom');
      await accessible(page, '1280 px, open at the bottom');
      await panel.dock('right');
      const grip = panel.panel.getByRole('separator', { name: 'Resize vstore devtools' });
      expect(await grip.getAttribute('aria-orientation')).toBe('vertical');
      const width = Number(await grip.getAttribute('aria-valuenow'));
      await grip.focus();
      // The arrow pointing into the page grows it, the other shrinks it; Shift takes bigger steps.
      // Narrower, not wider: the dashboard's columns follow the window's width, not the room left.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Shift+ArrowRight');
      await until('the panel 48 px narrower', async () => {
        const box = await panel.panel.boundingBox();
        return box !== null && Math.abs(box.width - (width - 48)) <= 1;
      });
      await coversNothing(page, '1280 px, open at the right, 48 px narrower');
      await accessible(page, '1280 px, open at the right');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-4-docked-right`) });
      await panel.dock('left');
      await coversNothing(page, '1280 px, open at the left');
      await panel.close();
      await coversNothing(page, '1280 px, collapsed while docked left');

      await page.reload();
      await page.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
      await panel.open();
      expect(await panel.panel.getByLabel('Dock').inputValue()).toBe('left');
      expect((await panel.panel.boundingBox())?.width).toBeCloseTo(width - 48, 0);
      await panel.dock('bottom');
      await panel.close();
    });

    it('opens an entity from the store table by keyboard: its fields, and two versions from the history cache compared', async () => {
      const panel = devtools(page);
      await panel.open();
      await select('sc_1');
      await testId('history-row-2').waitFor();
      const key = panel.panel
        .locator('table.keys')
        .getByRole('button', { name: 'spend_control/sc_1', exact: true });
      await key.focus();
      await page.keyboard.press('Enter');
      const heading = panel.panel.locator('#entity-h');
      await until('the entity view', async () => (await heading.textContent()) === 'spend_control/sc_1 v2');
      expect(
        await heading.evaluate((h) => h.getRootNode() instanceof ShadowRoot && h.matches(':focus')),
      ).toBe(true);
      const { head, rows } = await panel.entityTable();
      // The history read filled the cache: the latest and the one before, side by side.
      expect(head).toEqual(['Field', 'v1', 'v2']);
      expect(rows).toContainEqual(['name changed', 'Travel', 'Travel (e2e)']);
      expect(rows).toContainEqual(['spend_control_id', 'sc_1', 'sc_1']);
      await accessible(page, 'the entity view, two versions compared');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-5-entity`) });

      // A newer version arrives while it is open: the view follows it, comparing the two newest.
      const write = (id: string, patch: object) =>
        fetch(`${api.url}/spend_controls/${id}`, {
          method: 'PATCH',
          headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
          body: JSON.stringify(patch),
        }).then((r) => expect(r.status).toBe(200));
      await write('sc_1', { status: 'paused' });
      await until('v3 in the view', async () => (await heading.textContent()) === 'spend_control/sc_1 v3');
      await until('v3 against v2', async () => (await panel.entityTable()).head.join() === 'Field,v2,v3');
      expect((await panel.entityTable()).rows).toContainEqual(['status changed', 'active', 'paused']);

      // Another pair, picked from the keyboard; a write elsewhere redraws the panel and keeps it.
      const from = panel.panel.locator('#from');
      await from.focus();
      await page.keyboard.press('ArrowDown');
      await until('v1 against v3', async () => (await panel.entityTable()).head.join() === 'Field,v1,v3');
      const compared = await panel.entityTable();
      expect(compared.rows).toContainEqual(['name changed', 'Travel', 'Travel (e2e)']);
      expect(compared.rows).toContainEqual(['status changed', 'active', 'paused']);
      await write('sc_2', { name: 'Software (e2e)' });
      await until('the write to sc_2 seen', async () => (await panel.summary()).includes('· 0 to look at'));
      await until(
        'sc_2 at v2 in the store table',
        async () =>
          (await panel.panel.locator('tr[data-key="spend_control/sc_2"]').textContent())?.includes('v2') ??
          false,
      );
      expect((await panel.entityTable()).head).toEqual(['Field', 'v1', 'v3']);

      await panel.panel.getByRole('button', { name: 'Close' }).press('Enter');
      await until('focus back on the key', async () =>
        key.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b),
      );
      expect(await panel.panel.locator('#entity').isHidden()).toBe(true);
      await panel.close();
    });

    it("offers no comparison for a control with one version, and names the diff table's first column", async () => {
      const created = await service.fetch(
        new Request(`${api.url}/spend_controls`, {
          method: 'POST',
          headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Books',
            limit: { amount: 300, currency: 'USD' },
            interval: 'monthly',
            account_id: 'acc_1',
          }),
        }),
      );
      const { spend_control_id: id } = (await created.json()) as { spend_control_id: string };
      await testId(`sc-card-${id}`).waitFor();
      await select(id);
      await testId('history-row-1').waitFor();
      expect(await text('diff-single')).toBe(
        'Only version 1 exists so far: a comparison needs two versions.',
      );
      expect(await testId('diff-left').count()).toBe(0);
      expect(await testId('version-diff').count()).toBe(0);
      await accessible(page, 'a control with one version');

      await select('sc_1');
      const diff = testId('version-diff');
      await diff.waitFor();
      expect(await diff.locator('thead th').allTextContents()).toEqual(['Field', 'Version 2', 'Version 3']);
      await accessible(page, 'the diff of two versions');
    });

    it('says what the chaos switch does as soon as it is on, before the app is used', async () => {
      expect(await testId('chaos-effects').count()).toBe(0);
      await testId('chaos-toggle').click();
      await until(
        'chaos on',
        async () => (await testId('chaos-state').getAttribute('data-profile')) === 'chaos',
      );
      expect(await text('chaos-effects')).toMatch(
        /^From now on about 8 in 100 requests start a burst of three 429s/,
      );
      await accessible(page, 'chaos on');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-6-chaos-on`) });
      await testId('chaos-toggle').click();
      await until('chaos off', () => service.inspect().faults === 'none');
      await until('the effects gone', async () => (await testId('chaos-effects').count()) === 0);
    });

    it('lists an account deletion as a removal to look at; the progress bar is full when it says completed', async () => {
      const panel = devtools(page);
      await testId('delete-acc_2').click();
      await testId('confirm-delete-acc_2').click();
      const progress = testId('account-acc_2').getByTestId('task-progress');
      await progress.waitFor();
      // Measured in the page at the moment the status turns to completed, before anything repaints.
      const widths = progress.evaluate(
        (node) =>
          new Promise<{ fill: number; track: number }>((resolve) => {
            const measure = () => {
              if (node.getAttribute('data-status') !== 'completed') return false;
              const track = node.querySelector('.progress')?.getBoundingClientRect().width ?? 0;
              const fill = node.querySelector('.progress-fill')?.getBoundingClientRect().width ?? -1;
              resolve({ fill, track });
              return true;
            };
            if (measure()) return;
            const watch = new MutationObserver(() => measure() && watch.disconnect());
            watch.observe(node, { attributes: true, attributeFilter: ['data-status'] });
          }),
      );
      await until('the task running', async () => (await progress.getAttribute('data-status')) === 'running');
      await accessible(page, 'a deletion running');
      const { fill, track } = await widths;
      expect(track).toBeGreaterThan(0);
      expect(fill).toBeCloseTo(track, 0);
      await testId('account-acc_2').getByTestId('account-deleted').waitFor();
      await accessible(page, 'a deletion completed');

      await until('the removal counted', async () => (await panel.summary()).includes('1 to look at'));
      expect(await panel.summary()).toMatch(/ · 1 to look at \(0 stale, 0 deleted, 1 removed, 0 failed\) · /);
      expect(await panel.panel.getByRole('button', { name: 'vstore devtools' }).textContent()).toBe(
        'vstore devtools · 1 to look at',
      );
      await panel.open();
      const problems = await panel.problems();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/account\/acc_2removed/);
      await panel.openEntity('account/acc_2');
      expect(await panel.panel.locator('#entity-h').textContent()).toBe('account/acc_2 removed');
      await accessible(page, 'the panel listing a removal, the removed entity open');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-7-removal`) });
      await panel.close();
    });

    it('lists a read that failed under "To look at", with its error and no token, and marks it recovered when the retry succeeds', async () => {
      const panel = devtools(page);
      await select('sc_3');
      // Settled first: no read of sc_3 in flight that the refresh below could join.
      const refresh = testId('sc-detail').getByRole('button', { name: 'Refresh' });
      await until('no read in flight', async () => (await refresh.textContent()) === 'Refresh');
      // sc_3 reads as gone: the service's own answer for an id it does not hold, naming sc_3.
      const missing = await service.fetch(
        new Request(`${api.url}/spend_controls/sc_missing`, { headers: AUTH }),
      );
      expect(missing.status).toBe(404);
      const body = (await missing.text()).replaceAll('sc_missing', 'sc_3');
      expect(body).toContain('sc_3');
      const route = new RegExp(`^${api.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/spend_controls/sc_3$`);
      await page.route(route, (r) =>
        r.request().method() === 'GET'
          ? r.fulfill({ status: 404, contentType: 'application/json', body })
          : r.continue(),
      );
      try {
        await refresh.click();
        await testId('sc-detail').getByTestId('error-panel').waitFor();
      } finally {
        await page.unroute(route);
      }
      await until('the failure counted', async () => (await panel.summary()).includes('1 failed'));
      expect(await panel.summary()).toMatch(/ · 2 to look at \(0 stale, 0 deleted, 1 removed, 1 failed\) · /);
      expect(await panel.panel.getByRole('button', { name: 'vstore devtools' }).textContent()).toBe(
        'vstore devtools · 2 to look at',
      );
      await panel.open();
      const failures = await panel.failures();
      expect(failures).toHaveLength(1);
      const [time, read, error, status] = failures[0] ?? [];
      expect(time).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
      expect(read).toBe('spend_control/sc_3 latest');
      expect(error).toMatch(/^ApiError: .*404/);
      expect(status).toBe('failing');
      // The removal and the failure, each in its table.
      expect(await panel.problems()).toHaveLength(1);
      const shown = await panel.panel.evaluate((host) => host.shadowRoot?.textContent ?? '');
      expect(shown).not.toContain('dev-token');
      expect(shown).not.toMatch(/bearer|authorization/i);
      await accessible(page, 'a failed read to look at');
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-8-failed-read`) });

      await testId('error-retry').click();
      await testId('error-panel').waitFor({ state: 'detached' });
      await until('the read recovered', async () =>
        ((await panel.failures())[0]?.[3] ?? '').startsWith('recovered '),
      );
      expect(await panel.failures()).toHaveLength(1);
      expect(await panel.summary()).toMatch(/ · 2 to look at \(0 stale, 0 deleted, 1 removed, 1 failed\) · /);
      await accessible(page, 'a failed read recovered');
      await panel.close();
    });

    it('lists every read in the Reads view, the spend-control list with its pages, and opens one from the keyboard', async () => {
      // More controls than the dashboard's page of 10, so the list has a second page.
      const listed = async () => {
        const answer = await service.fetch(
          new Request(`${api.url}/spend_controls?account_id=acc_1&limit=100`, { headers: AUTH }),
        );
        return ((await answer.json()) as { data: unknown[] }).data.length;
      };
      for (let n = await listed(); n < 12; n++) {
        const created = await service.fetch(
          new Request(`${api.url}/spend_controls`, {
            method: 'POST',
            headers: AUTH,
            body: JSON.stringify({
              name: `Extra ${n}`,
              limit: { amount: 100 + n, currency: 'USD' },
              interval: 'weekly',
              account_id: 'acc_1',
            }),
          }),
        );
        expect(created.status).toBe(201);
      }
      const total = await listed();
      await page.reload();
      await page.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
      const panel = devtools(page);
      await panel.open();
      await panel.showReads('list');
      const listRow = async () =>
        (await panel.reads()).find((r) => r[1] === 'spend_control?account_id=acc_1');
      await until('the first page in the Reads view', async () => (await listRow())?.[2] === 'ok');
      expect(await listRow()).toEqual([
        'list',
        'spend_control?account_id=acc_1',
        'ok',
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3}$/),
        '—',
        '1',
        '10',
        'yes',
      ]);
      // The accounts list is a read too.
      expect((await panel.reads()).map((r) => r[0])).toEqual(['list', 'list']);
      await accessible(page, 'the Reads view, lists only');

      await testId('sc-load-more').click();
      await until('the second page in the Reads view', async () => (await listRow())?.[5] === '2');
      expect((await listRow())?.slice(2)).toEqual([
        'ok',
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3}$/),
        '—',
        '2',
        String(total),
        'no',
      ]);
      // The Sections buttons take a person there past the store table: the heading has the focus.
      await panel.panel
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: 'Reads' })
        .click();
      expect(
        await panel.panel
          .locator('#reads-h')
          .evaluate((h) => (h.getRootNode() as ShadowRoot).activeElement === h),
      ).toBe(true);
      await page.screenshot({ path: screenshotPath(`${dashboard.shots}-9-reads`) });

      // Every read, found by name and opened from the keyboard; Close gives the focus back.
      await panel.showReads('all');
      const filter = panel.panel.getByLabel('Read', { exact: true });
      await filter.fill('spend_control/sc_1');
      await until('sc_1 reads only', async () =>
        (await panel.reads()).every((r) => r[1]?.startsWith('spend_control/sc_1')),
      );
      const kinds = (await panel.reads()).filter((r) => r[1] === 'spend_control/sc_1').map((r) => r[0]);
      expect(kinds).toEqual(expect.arrayContaining(['latest', 'history']));
      await accessible(page, 'the Reads view, filtered by name');
      await filter.press('Tab');
      await page.keyboard.press('Tab');
      const opener = panel.panel.locator('table.reads button').first();
      expect(await opener.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true);
      await page.keyboard.press('Enter');
      const heading = panel.panel.locator('#entity-h');
      await until('the entity view', async () =>
        ((await heading.textContent()) ?? '').startsWith('spend_control/sc_1 v'),
      );
      await panel.panel.getByRole('button', { name: 'Close' }).press('Enter');
      await until('focus back on the read', async () =>
        opener.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b),
      );
      await filter.fill('');
      await panel.close();
    });
  });
}
