// The example apps where an independent review found them wrong: a failed list read shown as an
// empty account, keyboard focus lost when the focused button leaves (load more, the delete
// confirmation), an invoice list with no way out of an error, and a widget keeping an error after
// the control arrived.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createService } from '@vstore/service';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { until } from './support/until';
import { type RunningApp, startViteApp } from './support/viteServer';

const unavailable = {
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': '0' },
  body: JSON.stringify({ message: 'The service is busy.', type: 'ServiceUnavailable', trace_id: 'tr_edges' }),
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Creates an item at `serviceUrl` + `path` as another client would (keyed, with the dev token). */
const createElsewhere = (serviceUrl: string, path: string, body: object) =>
  fetch(`${serviceUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer dev-token',
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });

/** A service, the example's dev server and a page, opened before the block's tests and closed after. */
function exampleUnderTest(
  folder: string,
  env: Record<string, string> = {},
  service = () => createService(),
  seed: (serviceUrl: string) => Promise<void> = async () => {},
) {
  const at = {} as { api: { url: string; close(): Promise<void> }; app: RunningApp; page: Page };
  beforeAll(async () => {
    at.api = await service().listen({ host: '127.0.0.1', port: 0 });
    await seed(at.api.url);
    at.app = await startViteApp(fileURLToPath(new URL(`../../examples/${folder}`, import.meta.url)), {
      VITE_SERVICE_URL: at.api.url,
      ...env,
    });
    at.page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await at.page?.context().close();
    await at.app?.close();
    await at.api?.close();
  });
  return at;
}

for (const [example, env] of [
  ['react-dashboard', {}],
  ['vue-dashboard', { VSTORE_E2E: '1' }],
] as const) {
  describe(`${example}: the spend-control list read fails`, () => {
    const at = exampleUnderTest(example, env);

    it('does not claim the account has no spend controls', async () => {
      const { api, app, page } = at;
      // Only the list of spend controls fails; accounts and everything else answer.
      await page.route(
        (url) => url.href.startsWith(`${api.url}/spend_controls?`),
        (r) => (r.request().method() === 'GET' ? r.fulfill(unavailable) : r.continue()),
      );
      await page.goto(app.url);
      await page.getByTestId('sc-list-error').waitFor({ timeout: 30_000 });
      const state = (await page.getByTestId('sc-list-state').allTextContents()).join('|');
      const count = (await page.getByTestId('sc-list-count').textContent())?.trim();
      expect(state).not.toBe('This account has no spend controls.');
      expect(count).not.toBe('0 shown');
    });

    it('keeps keyboard focus on a control when the delete confirmation opens and closes', async () => {
      const { app, page } = at;
      await page.unrouteAll();
      await page.goto(app.url);
      const del = page.getByTestId('delete-acc_2');
      await until('delete enabled', async () => (await del.isEnabled().catch(() => false)) === true, 30_000);
      await del.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-delete-acc_2').waitFor();
      const afterOpen = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'null');
      await page.getByRole('button', { name: 'Keep account' }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('delete-acc_2').waitFor();
      const afterKeep = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'null');
      expect(afterOpen).toContain('data-testid="confirm-delete-acc_2"');
      expect(afterKeep).toContain('data-testid="delete-acc_2"');
    });
  });
}

for (const [example, env] of [
  ['react-dashboard', {}],
  ['vue-dashboard', { VSTORE_E2E: '1' }],
] as const) {
  describe(`${example}: load more from the keyboard`, () => {
    // Twelve controls on acc_1: a first page of 10, and a last of 2.
    const at = exampleUnderTest(example, env, undefined, async (serviceUrl) => {
      for (let i = 1; i <= 9; i++)
        await createElsewhere(serviceUrl, '/spend_controls', {
          name: `Team ${i}`,
          limit: { amount: 1, currency: 'USD' },
          interval: 'weekly',
          account_id: 'acc_1',
        });
    });

    it('keeps focus in the table once the last page is loaded', async () => {
      const { app, page } = at;
      await page.goto(app.url);
      const more = page.getByTestId('sc-load-more');
      await more.waitFor({ timeout: 30_000 });
      await more.focus();
      await page.keyboard.press('Enter');
      await until(
        '12 shown',
        async () => (await page.getByTestId('sc-list-count').textContent())?.trim() === '12 shown',
      );
      // The first row the last page brought (the eleventh control; pages of 10) has the focus.
      const active = await page.evaluate(
        () => document.activeElement?.closest('tbody tr')?.textContent ?? '',
      );
      const eleventh = await page.locator('tbody tr').nth(10).textContent();
      expect(active).toBe(eleventh);
    });

    it('leaves focus where the user put it while the page was on its way', async () => {
      const { api, app, page } = at;
      await page.goto(app.url);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const nextPage = (url: URL) =>
        url.href.startsWith(`${api.url}/spend_controls?`) && url.searchParams.has('cursor');
      await page.route(nextPage, async (route) => {
        await released;
        await route.continue();
      });
      const more = page.getByTestId('sc-load-more');
      await more.waitFor({ timeout: 30_000 });
      await more.focus();
      await page.keyboard.press('Enter');
      const other = page.locator('.account-select').nth(1);
      await other.focus();
      release();
      await until(
        '12 shown',
        async () => (await page.getByTestId('sc-list-count').textContent())?.trim() === '12 shown',
      );
      // A frame after the rows rendered, where any focus move would have happened.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await other.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.unroute(nextPage);
    });
  });
}

describe('custom-resource: the invoice list', () => {
  const resources = JSON.parse(
    readFileSync(new URL('../../examples/custom-resource/resources.json', import.meta.url), 'utf8'),
  );
  const at = exampleUnderTest('custom-resource', {}, () => createService({ resources }));

  it('offers a retry, which recovers once the service answers again', async () => {
    const { api, app, page } = at;
    const route = (url: URL) => url.href.startsWith(`${api.url}/invoices?`);
    await page.route(route, (r) => r.fulfill(unavailable));
    await page.goto(app.url);
    await page.getByTestId('error-notice').waitFor({ timeout: 30_000 });
    // The service is back.
    await page.unroute(route);
    const panel = page.getByRole('region', { name: 'Invoices' });
    await panel.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await until('a card', async () => (await page.getByTestId('invoice-card-inv_1').count()) === 1, 10_000);
    // The Retry button left with the error: focus is on the list's heading, not lost to <body>.
    await until('focus on the heading', async () =>
      page.evaluate(() => document.activeElement?.id === 'invoices-title'),
    );
  });

  it('takes in an invoice created elsewhere, at its end', async () => {
    const { api, app, page } = at;
    await page.goto(app.url);
    await page.getByTestId('invoice-card-inv_3').waitFor();
    await until(
      'live',
      async () => (await page.getByTestId('live-state').getAttribute('data-state')) === 'open',
    );
    const response = await createElsewhere(api.url, '/invoices', {
      customer: 'New Co',
      status: 'draft',
      total: 5,
      currency: 'EUR',
      due_date: '2027-01-01',
    });
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { invoice_id: string }).invoice_id;
    await until(
      `${id} listed`,
      async () => (await page.getByTestId(`invoice-card-${id}`).count()) === 1,
      10_000,
    );
    const cards = await page
      .locator('li[data-testid^="invoice-card-"]')
      .evaluateAll((found) => found.map((card) => card.getAttribute('data-testid')));
    expect(cards.at(-1)).toBe(`invoice-card-${id}`);
  });
});

describe('embed: a widget whose first read fails', () => {
  const root = fileURLToPath(new URL('../../examples/embed', import.meta.url));
  let api: { url: string; close(): Promise<void> };
  let host: import('node:http').Server;
  let page: Page;
  beforeAll(async () => {
    const { build } = await import('vite');
    const { createServer } = await import('node:http');
    const { readFile } = await import('node:fs/promises');
    await build({ root, logLevel: 'error' });
    api = await createService().listen({ host: '127.0.0.1', port: 0 });
    host = createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://h').pathname;
      try {
        const body = await readFile(`${root}${path === '/' ? '/index.html' : path}`);
        res
          .writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html' })
          .end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
    page = await (await newContext(browser)).newPage();
    await page.addInitScript((serviceUrl) => {
      (window as unknown as { vstoreEmbed: object }).vstoreEmbed = { serviceUrl, token: 'dev-token' };
    }, api.url);
    const port = (host.address() as import('node:net').AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('vstore-spend-control')].every(
        (el) => (el as HTMLElement).dataset.version,
      ),
    );
  });
  afterAll(async () => {
    await page?.context().close();
    await new Promise((r) => host?.close(r));
    await api?.close();
  });

  it('clears the error once the control arrives', async () => {
    const route = `${api.url}/spend_controls/sc_3`;
    await page.route(route, (r) => (r.request().method() === 'GET' ? r.fulfill(unavailable) : r.continue()));
    await page.evaluate(() => {
      const el = document.createElement('vstore-spend-control');
      el.setAttribute('control-id', 'sc_3');
      el.id = 'late';
      document.querySelector('.grid')?.append(el);
    });
    const widget = page.locator('#late');
    await until(
      'the error',
      async () => ((await widget.locator('.error').textContent()) ?? '') !== '',
      30_000,
    );
    await page.unroute(route);
    // Another writer changes sc_3: the event brings it to the widget.
    const response = await fetch(`${api.url}/spend_controls/sc_3`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed elsewhere' }),
    });
    expect(response.status).toBe(200);
    await until('sc_3 shown', async () => (await widget.getAttribute('data-version')) === '2');
    const error = await widget.locator('.error').textContent();
    expect(error).toBe('');
  });
});
