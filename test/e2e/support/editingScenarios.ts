import { expect, it } from 'vitest';
import { screenshotPath } from './browser';
import type { DashboardSession } from './dashboardSession';
import { until } from './until';

/**
 * The first half of the dashboard scenarios, in order (each builds on the state the previous one
 * left): load, an edit re-applied over a concurrent writer, a refused edit, a real conflict resolved
 * with keep mine and with take theirs, history and diff, switching controls, and an account deletion
 * followed to its task's end.
 */
export function editingScenarios(s: DashboardSession): void {
  const { testId, text, secondWriter } = s;

  it('shows the controls with their versions and connects to the live stream', async () => {
    await until('sc_1 loaded', async () => (await text('sc-detail-version')) === 'v1');
    await until('SSE open', async () => (await testId('sse-state').getAttribute('data-state')) === 'open');
    s.dashboard.checkFirstLoad(s.sent);
    // The chaos switch reads the profile at mount and then every 2 s: never twice at once.
    await until('the fault profile read', () => s.adminReads.length > 0);
    expect(await testId('chaos-state').getAttribute('data-profile')).toBe('none');
    for (let i = 1; i < s.adminReads.length; i++)
      expect(s.adminReads[i]! - s.adminReads[i - 1]!).toBeGreaterThan(1000);
    expect(await text('tab-role')).toBe('(this tab holds the stream)');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-1-loaded`), fullPage: true });
  });

  it("lands an edit over a concurrent writer's change to another field: both kept, version +2", async () => {
    let intercepted = 0;
    await s.page.route(`${s.api.url}/spend_controls/sc_1`, async (route) => {
      if (route.request().method() !== 'PATCH' || intercepted++ > 0) return route.continue();
      // The other writer goes first and sits in its write window when the browser's PATCH arrives.
      const other = secondWriter('sc_1', { name: 'Travel (ops)' }, 1);
      await until(
        'the second writer to be inside its write window',
        () => s.service.inspect().pendingWrites > 0,
      );
      await route.continue();
      await other;
    });
    await testId('edit-amount').fill('6500');
    await testId('edit-save').click();
    const outcome = testId('edit-outcome');
    await outcome.waitFor({ timeout: 15_000 });
    await s.page.unroute(`${s.api.url}/spend_controls/sc_1`);
    expect(await outcome.textContent()).toMatch(/Saved as version 3, on top of someone else's change/);
    expect(await outcome.textContent()).toContain('name: Travel → Travel (ops)');
    // The outbox met the 409, read the latest, found no field both changed, and sent again.
    expect(s.sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(2);
    expect(await text('sc-detail-version')).toBe('v3');
    expect(await text('sc-field-name')).toBe('Travel (ops)');
    expect(await text('sc-field-limit')).toBe('$6,500.00');
    expect(s.service.inspect().spendControls.sc_1).toBe(3);
    await s.page.screenshot({
      path: screenshotPath(`${s.dashboard.shots}-2-conflict-reapplied`),
      fullPage: true,
    });
  });

  it('refuses to save a cleared limit and says why, and sees the current amount as no change', async () => {
    const patches = s.sent.filter((r) => r === 'PATCH /spend_controls/sc_1').length;
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
    expect(s.sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(patches);
  });

  it('stops at a real conflict on the same field: base / yours / theirs, then keep mine', async () => {
    await testId('edit-amount').fill('7000');
    // Between the form opening (on v3) and the save, someone else sets the same field.
    await secondWriter('sc_1', { limit: { amount: 7100, currency: 'USD' } }, 1);
    await until('v4 to arrive by event', async () => (await text('sc-detail-version')) === 'v4');
    const patches = s.sent.filter((r) => r === 'PATCH /spend_controls/sc_1').length;
    await testId('edit-save').click();
    const row = testId('conflict-panel').getByTestId('conflict-row-limit');
    await row.waitFor();
    expect(await row.getByTestId('conflict-base').textContent()).toBe('$6,500.00');
    expect(await row.getByTestId('conflict-mine').textContent()).toBe('$7,000.00');
    expect(await row.getByTestId('conflict-theirs').textContent()).toBe('$7,100.00');
    expect(await testId('conflict-panel').locator('tbody tr').count()).toBe(1);
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe('conflict-title');
    // Nothing was sent: the other writer's value stands until this person decides.
    expect(s.sent.filter((r) => r === 'PATCH /spend_controls/sc_1')).toHaveLength(patches);
    expect(s.service.inspect().spendControls.sc_1).toBe(4);
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-2b-conflict`), fullPage: true });
    await testId('conflict-keep-mine-limit').click();
    expect(await text('conflict-resolved')).toBe(
      'Kept yours for Limit. Save to write your changes on top of theirs.',
    );
    await testId('edit-save').click();
    await until('v5 saved', async () => (await text('edit-outcome')).includes('Saved as version 5.'));
    expect(s.service.inspect().spendControls.sc_1).toBe(5);
    expect(await text('sc-field-limit')).toBe('$7,000.00');
  });

  it('resolves a conflict with take theirs: nothing of mine is sent', async () => {
    await testId('edit-amount').fill('7200');
    await secondWriter('sc_1', { limit: { amount: 7300, currency: 'USD' } }, 1);
    await until('v6 to arrive by event', async () => (await text('sc-detail-version')) === 'v6');
    await testId('edit-save').click();
    await testId('conflict-take-theirs-limit').click();
    await testId('conflict-panel').waitFor({ state: 'detached' });
    expect(await text('conflict-resolved')).toBe('Took theirs for Limit. Nothing of yours is left to save.');
    expect(await testId('edit-amount').inputValue()).toBe('7300');
    expect(await testId('edit-save').isDisabled()).toBe(true);
    expect(s.service.inspect().spendControls.sc_1).toBe(6);
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
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-3-history-diff`), fullPage: true });
  });

  it("starts another control's history from its own newest versions, not the last one's picks", async () => {
    await testId('sc-card-sc_2').getByRole('button').click();
    await until('sc_2 selected', async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_2');
    await testId('history-row-1').waitFor();
    expect(await text('diff-single')).toBe('Only version 1 exists so far: a comparison needs two versions.');
    expect(await testId('diff-left').count()).toBe(0);
    expect(await testId('version-diff').count()).toBe(0);
    await testId('sc-card-sc_1').getByRole('button').click();
    await until('sc_1 selected', async () => (await testId('sc-detail').getAttribute('data-id')) === 'sc_1');
  });

  it('deletes an account and follows its task to completed', async () => {
    const name = (await testId('account-acc_2').locator('strong').first().textContent()) ?? '';
    expect(name).not.toBe('acc_2');
    await testId('delete-acc_2').click();
    // Nothing is sent until the deletion is confirmed.
    expect(s.sent.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    await testId('confirm-delete-acc_2').click();
    const progress = testId('account-acc_2').getByTestId('task-progress');
    await progress.waitFor();
    await until('the task to run', async () => (await progress.getAttribute('data-status')) === 'running');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-4-deleting`), fullPage: true });
    await until(
      'the task to complete',
      async () => (await progress.getAttribute('data-status')) === 'completed',
    );
    await testId('account-acc_2').getByTestId('account-deleted').waitFor();
    expect(s.service.inspect().accounts.acc_2?.status).toBe('closed');
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
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-5-deleted`), fullPage: true });
  });
}
