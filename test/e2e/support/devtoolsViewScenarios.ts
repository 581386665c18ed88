import { expect, it } from 'vitest';
import { screenshotPath } from './browser';
import { devtools } from './devtools';
import { AUTH, type DevtoolsSession } from './devtoolsSession';
import { until } from './until';

/**
 * What the panel shows, in order after the layout scenarios: an entity and two of its versions, the
 * dashboard's small fixes on the way, a removal and a failed read to look at, and the Reads view.
 */
export function devtoolsViewScenarios(s: DevtoolsSession): void {
  const { testId, text, select, accessible } = s;

  it('opens an entity from the store table by keyboard: its fields, and two versions from the history cache compared', async () => {
    const panel = devtools(s.page);
    await panel.open();
    await select('sc_1');
    await testId('history-row-2').waitFor();
    const key = panel.panel
      .locator('table.keys')
      .getByRole('button', { name: 'spend_control/sc_1', exact: true });
    await key.focus();
    await s.page.keyboard.press('Enter');
    const heading = panel.panel.locator('#entity-h');
    await until('the entity view', async () => (await heading.textContent()) === 'spend_control/sc_1 v2');
    expect(await heading.evaluate((h) => h.getRootNode() instanceof ShadowRoot && h.matches(':focus'))).toBe(
      true,
    );
    const { head, rows } = await panel.entityTable();
    // The history read filled the cache: the latest and the one before, side by side.
    expect(head).toEqual(['Field', 'v1', 'v2']);
    expect(rows).toContainEqual(['name changed', 'Travel', 'Travel (e2e)']);
    expect(rows).toContainEqual(['spend_control_id', 'sc_1', 'sc_1']);
    await accessible(s.page, 'the entity view, two versions compared');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-5-entity`) });

    // A newer version arrives while it is open: the view follows it, comparing the two newest.
    const write = (id: string, patch: object) =>
      fetch(`${s.api.url}/spend_controls/${id}`, {
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
    await s.page.keyboard.press('ArrowDown');
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
    const created = await s.service.fetch(
      new Request(`${s.api.url}/spend_controls`, {
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
    expect(await text('diff-single')).toBe('Only version 1 exists so far: a comparison needs two versions.');
    expect(await testId('diff-left').count()).toBe(0);
    expect(await testId('version-diff').count()).toBe(0);
    await accessible(s.page, 'a control with one version');

    await select('sc_1');
    const diff = testId('version-diff');
    await diff.waitFor();
    expect(await diff.locator('thead th').allTextContents()).toEqual(['Field', 'Version 2', 'Version 3']);
    await accessible(s.page, 'the diff of two versions');
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
    await accessible(s.page, 'chaos on');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-6-chaos-on`) });
    await testId('chaos-toggle').click();
    await until('chaos off', () => s.service.inspect().faults === 'none');
    await until('the effects gone', async () => (await testId('chaos-effects').count()) === 0);
  });

  it('lists an account deletion as a removal to look at; the progress bar is full when it says completed', async () => {
    const panel = devtools(s.page);
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
    await accessible(s.page, 'a deletion running');
    const { fill, track } = await widths;
    expect(track).toBeGreaterThan(0);
    expect(fill).toBeCloseTo(track, 0);
    await testId('account-acc_2').getByTestId('account-deleted').waitFor();
    await accessible(s.page, 'a deletion completed');

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
    await accessible(s.page, 'the panel listing a removal, the removed entity open');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-7-removal`) });
    await panel.close();
  });

  it('lists a read that failed under "To look at", with its error and no token, and marks it recovered when the retry succeeds', async () => {
    const panel = devtools(s.page);
    await select('sc_3');
    // Settled first: no read of sc_3 in flight that the refresh below could join.
    const refresh = testId('sc-detail').getByRole('button', { name: 'Refresh' });
    await until('no read in flight', async () => (await refresh.textContent()) === 'Refresh');
    // sc_3 reads as gone: the service's own answer for an id it does not hold, naming sc_3.
    const missing = await s.service.fetch(
      new Request(`${s.api.url}/spend_controls/sc_missing`, { headers: AUTH }),
    );
    expect(missing.status).toBe(404);
    const body = (await missing.text()).replaceAll('sc_missing', 'sc_3');
    expect(body).toContain('sc_3');
    const route = new RegExp(`^${s.api.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/spend_controls/sc_3$`);
    await s.page.route(route, (r) =>
      r.request().method() === 'GET'
        ? r.fulfill({ status: 404, contentType: 'application/json', body })
        : r.continue(),
    );
    try {
      await refresh.click();
      await testId('sc-detail').getByTestId('error-panel').waitFor();
    } finally {
      await s.page.unroute(route);
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
    await accessible(s.page, 'a failed read to look at');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-8-failed-read`) });

    await testId('error-retry').click();
    await testId('error-panel').waitFor({ state: 'detached' });
    await until('the read recovered', async () =>
      ((await panel.failures())[0]?.[3] ?? '').startsWith('recovered '),
    );
    expect(await panel.failures()).toHaveLength(1);
    expect(await panel.summary()).toMatch(/ · 2 to look at \(0 stale, 0 deleted, 1 removed, 1 failed\) · /);
    await accessible(s.page, 'a failed read recovered');
    await panel.close();
  });

  it('lists every read in the Reads view, the spend-control list with its pages, and opens one from the keyboard', async () => {
    // More controls than the dashboard's page of 10, so the list has a second page.
    const listed = async () => {
      const answer = await s.service.fetch(
        new Request(`${s.api.url}/spend_controls?account_id=acc_1&limit=100`, { headers: AUTH }),
      );
      return ((await answer.json()) as { data: unknown[] }).data.length;
    };
    for (let n = await listed(); n < 12; n++) {
      const created = await s.service.fetch(
        new Request(`${s.api.url}/spend_controls`, {
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
    await s.page.reload();
    await s.page.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
    const panel = devtools(s.page);
    await panel.open();
    await panel.showReads('list');
    const listRow = async () => (await panel.reads()).find((r) => r[1] === 'spend_control?account_id=acc_1');
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
    await accessible(s.page, 'the Reads view, lists only');

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
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-9-reads`) });

    // Every read, found by name and opened from the keyboard; Close gives the focus back.
    await panel.showReads('all');
    const filter = panel.panel.getByLabel('Read', { exact: true });
    await filter.fill('spend_control/sc_1');
    await until('sc_1 reads only', async () =>
      (await panel.reads()).every((r) => r[1]?.startsWith('spend_control/sc_1')),
    );
    const kinds = (await panel.reads()).filter((r) => r[1] === 'spend_control/sc_1').map((r) => r[0]);
    expect(kinds).toEqual(expect.arrayContaining(['latest', 'history']));
    await accessible(s.page, 'the Reads view, filtered by name');
    await filter.press('Tab');
    await s.page.keyboard.press('Tab');
    const opener = panel.panel.locator('table.reads button').first();
    expect(await opener.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true);
    await s.page.keyboard.press('Enter');
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
}
