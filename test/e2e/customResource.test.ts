import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createService } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './support/browser';
import { until } from './support/until';
import { type RunningApp, startViteApp } from './support/viteServer';

// The invoices app against the service serving what its resources.json declares: the same file
// `pnpm demo:custom` and `vstore-service --resources` take.
const example = new URL('../../examples/custom-resource/', import.meta.url);
const resources = JSON.parse(readFileSync(new URL('resources.json', example), 'utf8'));
const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

interface InvoiceState {
  version: number;
  total: number;
  status: string;
  customer: string;
  due_date: string;
}

describe('custom resource app (invoices)', () => {
  let api: { url: string; close(): Promise<void> };
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  /** Every request the page sent to the service, as `METHOD /path`. */
  const sent: string[] = [];

  const testId = (id: string) => page.getByTestId(id);
  const text = async (id: string) => (await testId(id).first().textContent())?.trim() ?? '';

  /** The service's own state of an invoice, read over HTTP as any client would. */
  async function serviceState(id: string): Promise<InvoiceState> {
    const response = await fetch(`${api.url}/invoices/${id}`, { headers: AUTH });
    expect(response.status).toBe(200);
    return (await response.json()) as InvoiceState;
  }

  /** Another writer, outside the browser, through the HTTP API. */
  async function secondWriter(id: string, patch: object): Promise<number> {
    const response = await fetch(`${api.url}/invoices/${id}`, {
      method: 'PATCH',
      headers: AUTH,
      body: JSON.stringify(patch),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { version: number }).version;
  }

  /** Waits until the page shows `version` for the selected invoice (it arrives by event, not by a read). */
  const showsVersion = (version: number) =>
    until(`the page to show v${version}`, async () => (await text('invoice-version')) === `v${version}`);

  beforeAll(async () => {
    api = await createService({ resources }).listen({ host: '127.0.0.1', port: 0 });
    app = await startViteApp(fileURLToPath(example), { VITE_SERVICE_URL: api.url });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    page.on('request', (request) => {
      if (request.url().startsWith(api.url) && request.method() !== 'OPTIONS') {
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });
    await page.goto(app.url);
    await testId('invoice-card-inv_1').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await api?.close();
  });

  it('reads a declared invoice, its history, and connects to the live stream', async () => {
    await showsVersion(1);
    expect(await text('invoice-field-customer')).toBe('Acme GmbH');
    expect(await text('invoice-field-total')).toBe('€1,200.00');
    await testId('invoice-history-row-1').waitFor();
    await until('SSE open', async () => (await testId('live-state').getAttribute('data-state')) === 'open');
    expect(sent).toContain('GET /invoices/inv_1');
    expect(sent).toContain('GET /invoices/inv_1/history');
    await page.screenshot({ path: screenshotPath('custom-resource-1-loaded'), fullPage: true });
  });

  it('edits an invoice: one PATCH, version 2, in the view and the history', async () => {
    await testId('invoice-edit-customer').fill('Acme AG');
    await testId('invoice-save').click();
    await until('the save', async () => (await text('invoice-saved')).includes('Saved as version 2.'));
    await showsVersion(2);
    expect(await text('invoice-field-customer')).toBe('Acme AG');
    await testId('invoice-history-row-2').waitFor();
    expect(sent.filter((r) => r === 'PATCH /invoices/inv_1')).toHaveLength(1);
    expect(await serviceState('inv_1')).toMatchObject({ version: 2, customer: 'Acme AG' });
  });

  it("shows another writer's change as it happens, from the event stream alone", async () => {
    const reads = sent.filter((r) => r === 'GET /invoices/inv_1').length;
    expect(await secondWriter('inv_1', { status: 'sent' })).toBe(3);
    await showsVersion(3);
    expect(await text('invoice-field-status')).toBe('sent');
    expect(await text('live-last')).toContain('inv_1 is now version 3, from an event');
    expect(await testId('invoice-card-inv_1').getByTestId('invoice-card-version').textContent()).toBe('v3');
    // Nothing typed: the form follows the new version.
    expect(await text('invoice-edit-base')).toBe('3');
    expect(sent.filter((r) => r === 'GET /invoices/inv_1')).toHaveLength(reads);
  });

  it('stops at a real conflict, shows base / yours / theirs, and keeps mine', async () => {
    await testId('invoice-edit-total').fill('1500');
    // Between the form opening (on v3) and the save, someone else sets the same field.
    expect(await secondWriter('inv_1', { total: 1300 })).toBe(4);
    await showsVersion(4);
    await testId('invoice-edit-behind').waitFor();
    const patches = sent.filter((r) => r === 'PATCH /invoices/inv_1').length;
    await testId('invoice-save').click();
    const row = testId('conflict-panel').getByTestId('conflict-row-total');
    await row.waitFor();
    expect(await row.getByTestId('conflict-base').textContent()).toBe('€1,200.00');
    expect(await row.getByTestId('conflict-mine').textContent()).toBe('€1,500.00');
    expect(await row.getByTestId('conflict-theirs').textContent()).toBe('€1,300.00');
    expect(await testId('conflict-panel').locator('tbody tr').count()).toBe(1);
    // Focus moves from the now disabled Save button to the panel, which is announced as an alert.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conflict-title');
    expect(await testId('conflict-panel').getAttribute('role')).toBe('alert');
    // The save stopped before sending anything, and the service still holds theirs.
    expect(sent.filter((r) => r === 'PATCH /invoices/inv_1')).toHaveLength(patches);
    expect(await serviceState('inv_1')).toMatchObject({ version: 4, total: 1300 });
    await page.screenshot({ path: screenshotPath('custom-resource-2-conflict'), fullPage: true });

    await testId('conflict-keep-mine-total').click();
    expect(await text('conflict-resolved')).toBe(
      'Kept yours for Total. Save to write your changes on top of theirs.',
    );
    expect(await text('invoice-edit-base')).toBe('4');
    expect(await testId('invoice-edit-total').inputValue()).toBe('1500');
    await testId('invoice-save').click();
    await until('the save', async () => (await text('invoice-saved')).includes('Saved as version 5.'));
    expect(await serviceState('inv_1')).toMatchObject({ version: 5, total: 1500, status: 'sent' });
    expect(await text('invoice-field-total')).toBe('€1,500.00');
  });

  it('takes theirs for the conflicting field and still saves my other change', async () => {
    await testId('invoice-edit-total').fill('1600');
    await testId('invoice-edit-due').fill('2027-01-31');
    expect(await secondWriter('inv_1', { total: 1700 })).toBe(6);
    await showsVersion(6);
    await testId('invoice-save').click();
    const panel = testId('conflict-panel');
    await panel.waitFor();
    // Only the field both changed conflicts; the due date is mine alone.
    expect(await panel.locator('tbody tr').count()).toBe(1);
    expect(await panel.getByTestId('conflict-row-total').getByTestId('conflict-theirs').textContent()).toBe(
      '€1,700.00',
    );
    await testId('conflict-take-theirs-total').click();
    await panel.waitFor({ state: 'detached' });
    expect(await text('conflict-resolved')).toBe(
      'Took theirs for Total. Save to write your changes on top of theirs.',
    );
    expect(await testId('invoice-edit-total').inputValue()).toBe('1700');
    await testId('invoice-save').click();
    await until('the save', async () => (await text('invoice-saved')).includes('Saved as version 7.'));
    expect(await serviceState('inv_1')).toMatchObject({ version: 7, total: 1700, due_date: '2027-01-31' });
    await testId('invoice-history-row-7').waitFor();
    await page.screenshot({ path: screenshotPath('custom-resource-3-resolved'), fullPage: true });
  });

  it("merges another writer's change to a different field, and says so", async () => {
    await testId('invoice-edit-status').selectOption('paid');
    expect(await secondWriter('inv_1', { customer: 'Acme Group' })).toBe(8);
    await showsVersion(8);
    await testId('invoice-save').click();
    await until('the save', async () => (await text('invoice-saved')).includes('Saved as version 9.'));
    expect(await text('invoice-saved')).toContain('Someone else changed Customer meanwhile');
    expect(await testId('conflict-panel').count()).toBe(0);
    expect(await serviceState('inv_1')).toMatchObject({ version: 9, status: 'paid', customer: 'Acme Group' });
  });

  it('lists the invoices by status, and a card leaves its list when another writer moves it', async () => {
    const cards = () =>
      page
        .locator('[data-testid^="invoice-card-inv_"]')
        .evaluateAll((items) =>
          items.map((item) => item.getAttribute('data-testid')?.slice('invoice-card-'.length)),
        );
    // inv_1 is paid now, as inv_3 was from the start.
    await testId('invoice-status-filter').selectOption('paid');
    await until('the paid invoices', async () => (await cards()).join() === 'inv_1,inv_3');
    expect(sent).toContain('GET /invoices');
    // Someone else sends inv_3 back: it is no longer paid, and its card leaves at once.
    await secondWriter('inv_3', { status: 'sent' });
    await until('inv_3 to leave', async () => (await cards()).join() === 'inv_1');
    await testId('invoice-status-filter').selectOption('sent');
    await until('the sent invoices', async () => (await cards()).join() === 'inv_2,inv_3');
    await page.screenshot({ path: screenshotPath('custom-resource-4-list'), fullPage: true });
  });
});
