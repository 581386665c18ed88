import { expect, it } from 'vitest';
import { screenshotPath } from './browser';
import { contentUnderPanel, devtools, scrollPage } from './devtools';
import { type DevtoolsSession, PHONE } from './devtoolsSession';
import { until } from './until';

/** The panel's place in the page, in order: counts after a normal session, the rail, both docks. */
export function devtoolsLayoutScenarios(s: DevtoolsSession): void {
  const { open, testId, text, select, accessible, coversNothing } = s;

  it('reads nothing to look at after a normal session, its duplicates counted apart as routine', async () => {
    const panel = devtools(s.page);
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
    await accessible(s.page, 'after a normal session, the panel open at the bottom');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-1-normal-session`) });
    await panel.close();
  });

  it('collapsed, is a rail that covers no content at 1280 px or at 390 px, however far the page scrolls', async () => {
    await coversNothing(s.page, '1280 px, collapsed');
    await accessible(s.page, '1280 px, collapsed');
    const phone = await open(PHONE);
    await coversNothing(phone, '390 px, collapsed');
    await accessible(phone, '390 px, collapsed');
    await phone.screenshot({ path: screenshotPath(`${s.dashboard.shots}-2-phone-collapsed`) });
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
    await phone.screenshot({ path: screenshotPath(`${s.dashboard.shots}-3-phone-docked-bottom`) });

    await phone.reload();
    await phone.getByTestId('sc-card-sc_1').waitFor();
    await panel.open();
    await until('the saved height', tall);
    expect(await panel.panel.getByLabel('Dock').inputValue()).toBe('bottom');
    await coversNothing(phone, '390 px, open at the bottom after a reload');
    await phone.close();
  });

  it('docked at a side and resized from the keyboard, covers no content at 1280 px, and keeps the dock on reload', async () => {
    const panel = devtools(s.page);
    await panel.open();
    await coversNothing(s.page, '1280 px, open at the bottom');
    await accessible(s.page, '1280 px, open at the bottom');
    await panel.dock('right');
    const grip = panel.panel.getByRole('separator', { name: 'Resize vstore devtools' });
    expect(await grip.getAttribute('aria-orientation')).toBe('vertical');
    const width = Number(await grip.getAttribute('aria-valuenow'));
    await grip.focus();
    // The arrow pointing into the page grows it, the other shrinks it; Shift takes bigger steps.
    // Narrower, not wider: the dashboard's columns follow the window's width, not the room left.
    await s.page.keyboard.press('ArrowLeft');
    await s.page.keyboard.press('Shift+ArrowRight');
    await until('the panel 48 px narrower', async () => {
      const box = await panel.panel.boundingBox();
      return box !== null && Math.abs(box.width - (width - 48)) <= 1;
    });
    await coversNothing(s.page, '1280 px, open at the right, 48 px narrower');
    await accessible(s.page, '1280 px, open at the right');
    await s.page.screenshot({ path: screenshotPath(`${s.dashboard.shots}-4-docked-right`) });
    await panel.dock('left');
    await coversNothing(s.page, '1280 px, open at the left');
    await panel.close();
    await coversNothing(s.page, '1280 px, collapsed while docked left');

    await s.page.reload();
    await s.page.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
    await panel.open();
    expect(await panel.panel.getByLabel('Dock').inputValue()).toBe('left');
    expect((await panel.panel.boundingBox())?.width).toBeCloseTo(width - 48, 0);
    await panel.dock('bottom');
    await panel.close();
  });
}
