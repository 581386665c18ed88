import type { Page } from 'playwright-core';

/** The `<vstore-devtools>` panel of a page; Playwright's locators reach into its open shadow root. */
export function devtools(page: Page) {
  const panel = page.locator('vstore-devtools');
  return {
    panel,
    async open(): Promise<void> {
      const toggle = panel.getByRole('button', { name: 'vstore devtools' });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    },
    /** Collapses the panel, which floats over the page's bottom right. */
    async close(): Promise<void> {
      const toggle = panel.getByRole('button', { name: 'vstore devtools' });
      if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    },
    async filterOutcome(outcome: string): Promise<void> {
      await panel.getByLabel('Outcome').selectOption(outcome);
    },
    /** Timeline rows as `{ outcome, origin, text }`. */
    rows(): Promise<Array<{ outcome: string; origin: string; text: string }>> {
      return panel.locator('tr[data-outcome]').evaluateAll((rows) =>
        rows.map((row) => ({
          outcome: row.getAttribute('data-outcome') ?? '',
          origin: row.getAttribute('data-origin') ?? '',
          text: row.textContent ?? '',
        })),
      );
    },
    summary(): Promise<string> {
      return panel
        .locator('.summary')
        .textContent()
        .then((t) => t ?? '');
    },
  };
}
