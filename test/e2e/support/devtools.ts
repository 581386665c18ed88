import type { Locator, Page } from 'playwright-core';

/** The `<vstore-devtools>` panel of a page; Playwright's locators reach into its open shadow root. */
export function devtools(page: Page) {
  const panel = page.locator('vstore-devtools');
  const toggle = panel.getByRole('button', { name: 'vstore devtools' });
  return {
    panel,
    async open(): Promise<void> {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    },
    /** Collapses the panel to its rail down the side of the page. */
    async close(): Promise<void> {
      if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    },
    /** Docks the open panel at the bottom or a side (the choice is saved for the origin). */
    async dock(side: 'bottom' | 'right' | 'left'): Promise<void> {
      await panel.getByLabel('Dock').selectOption(side);
    },
    async filterOutcome(outcome: string): Promise<void> {
      await panel.getByLabel('Outcome').selectOption(outcome);
    },
    /** Timeline rows as `{ outcome, origin, text }`. */
    rows(): Promise<Array<{ outcome: string; origin: string; text: string }>> {
      return panel.locator('table.timeline tr[data-outcome]').evaluateAll((rows) =>
        rows.map((row) => ({
          outcome: row.getAttribute('data-outcome') ?? '',
          origin: row.getAttribute('data-origin') ?? '',
          text: row.textContent ?? '',
        })),
      );
    },
    /** The "To look at" rows (stale writes, removals, writes to removed keys), newest first. */
    problems(): Promise<string[]> {
      return panel.locator('table.problems tbody tr').allTextContents();
    },
    /** The failed reads of "To look at", newest first, as their cells' texts (time, read, error, status). */
    failures(): Promise<string[][]> {
      return cells(panel.locator('table.failures tbody tr'));
    },
    /** Which reads the Reads view shows (`all`, `in flight`, `failing`, `latest`, `list`, …). */
    async showReads(filter: string): Promise<void> {
      await panel.getByLabel('Show').selectOption(filter);
    },
    /** The Reads view's rows as their cells' texts (kind, read, status, last success, last error, pages, rows, next page). */
    reads(): Promise<string[][]> {
      return cells(panel.locator('table.reads tbody tr'));
    },
    summary(): Promise<string> {
      return panel
        .locator('#summary')
        .textContent()
        .then((t) => t ?? '');
    },
    /** Opens an entity (`type/id`) from the store table, as a person does by its button. */
    async openEntity(key: string): Promise<void> {
      await panel.locator('table.keys').getByRole('button', { name: key, exact: true }).click();
      await panel.locator('#entity-h').filter({ hasText: key }).waitFor();
    },
    /** The entity view's table: header cells, then one row of cell texts per field. */
    async entityTable(): Promise<{ head: string[]; rows: string[][] }> {
      const table = panel.locator('table.fields');
      return {
        head: await table.locator('thead th').allTextContents(),
        rows: await table
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
          ),
      };
    },
  };
}

/** Each row's cells' texts. */
function cells(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
  );
}

/** Where a page is scrolled, as a share of how far it can scroll: 0 top, 1 bottom. */
export async function scrollPage(page: Page, share: number): Promise<void> {
  await page.evaluate((at) => {
    // The document's scroller, or the body while the panel is docked at the bottom (it scrolls then).
    const body = document.body;
    const scroller =
      getComputedStyle(body).overflowY === 'auto' ? body : (document.scrollingElement ?? document.body);
    scroller.scrollTop = at * (scroller.scrollHeight - scroller.clientHeight);
    return new Promise((resolve) => requestAnimationFrame(resolve));
  }, share);
}

/** What `contentUnderPanel` found: the panel's box, how many content elements showed, and which overlap it. */
export interface Coverage {
  panel: { x: number; y: number; width: number; height: number };
  /** Content elements with a visible part in the window: the test is empty without them. */
  visible: number;
  /** Descriptions of the content elements whose visible part lies (partly) under the panel. */
  covered: string[];
}

/**
 * Compares the panel's box with the visible part of every element of the page's content (the light
 * DOM, the panel excluded): its box clipped by the window and by every ancestor that clips its overflow
 * (a scroller shows only what lies inside it). More than half a pixel of overlap counts.
 */
export function contentUnderPanel(page: Page): Promise<Coverage> {
  return page.evaluate(() => {
    const host = document.querySelector('vstore-devtools');
    if (!host) throw new Error('no <vstore-devtools> in the page');
    type Box = { l: number; t: number; r: number; b: number };
    const cut = (a: Box, b: Box): Box => ({
      l: Math.max(a.l, b.l),
      t: Math.max(a.t, b.t),
      r: Math.min(a.r, b.r),
      b: Math.min(a.b, b.b),
    });
    const area = (a: Box) => a.r - a.l > 0.5 && a.b - a.t > 0.5;
    const box = (r: DOMRect): Box => ({ l: r.left, t: r.top, r: r.right, b: r.bottom });
    const p = host.getBoundingClientRect();
    const panel = box(p);
    const window_ = { l: 0, t: 0, r: innerWidth, b: innerHeight };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''
      } "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    let visible = 0;
    const covered: string[] = [];
    for (const el of [document.body, ...document.body.querySelectorAll('*')]) {
      if (el === host || host.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || style.display === 'contents') continue;
      let seen = cut(box(el.getBoundingClientRect()), window_);
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const s = getComputedStyle(up);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = up.getBoundingClientRect();
        const left = r.left + up.clientLeft;
        const top = r.top + up.clientTop;
        seen = cut(seen, { l: left, t: top, r: left + up.clientWidth, b: top + up.clientHeight });
      }
      if (!area(seen)) continue;
      visible++;
      if (area(cut(seen, panel))) covered.push(describe(el));
    }
    return { panel: { x: p.x, y: p.y, width: p.width, height: p.height }, visible, covered };
  });
}
