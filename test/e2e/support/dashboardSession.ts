import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
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
 * What the dashboard scenarios share: one service, one dev server and one page, opened before the
 * first scenario and closed after the last. The fields are set once `beforeAll` has run.
 */
export interface DashboardSession {
  readonly dashboard: DashboardUnderTest;
  service: Service;
  api: { url: string; close(): Promise<void> };
  app: RunningApp;
  browser: Browser;
  page: Page;
  /** Every request the page sent to the service, as `METHOD /path` (admin reads go through the dev server). */
  readonly sent: string[];
  /** When the page read the service's fault profile. */
  readonly adminReads: number[];
  testId(id: string): Locator;
  /** The trimmed text of the first element with this test id. */
  text(id: string): Promise<string>;
  /** A write from outside the browser, retried on the faults the chaos profile injects (bounded). */
  secondWriter(id: string, patch: object, attempts?: number): Promise<number>;
  /** sc_3's own URL with any query string (`?version=`), so no read of it slips past a route. */
  sc3Route(): RegExp;
}

/**
 * Registers the hooks that open the session before the first scenario (inside the caller's
 * describe, so one file could run two dashboards without their hooks clashing) and close it after
 * the last; a failed scenario leaves a picture of the page behind, to see what it showed instead.
 */
export function dashboardSession(dashboard: DashboardUnderTest): DashboardSession {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));
  const s = {
    dashboard,
    sent: [] as string[],
    adminReads: [] as number[],
    testId: (id: string) => s.page.getByTestId(id),
    text: async (id: string) => (await s.testId(id).first().textContent())?.trim() ?? '',
    secondWriter: (id: string, patch: object, attempts = 10): Promise<number> =>
      writeUnderFaults(s.api.url, `/spend_controls/${id}`, patch, attempts),
    sc3Route: () =>
      new RegExp(`^${s.api.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/spend_controls/sc_3(\\?.*)?$`),
  } as DashboardSession;

  beforeAll(async () => {
    // A write window wide enough that the two writers below really overlap; a short task.
    s.service = createService({ writeDelayMs: 400, taskDurationMs: 1500 });
    s.api = await s.service.listen({ host: '127.0.0.1', port: 0 });
    s.app = await startViteApp(root, { VITE_SERVICE_URL: s.api.url, ...dashboard.env });
    s.browser = await launchBrowser();
    s.page = await (await newContext(s.browser)).newPage();
    s.page.on('request', (request) => {
      const url = request.url();
      if (
        (url.startsWith(s.api.url) || url.startsWith(`${s.app.url}__admin/`)) &&
        request.method() !== 'OPTIONS'
      ) {
        s.sent.push(`${request.method()} ${new URL(url).pathname}`);
        if (url.startsWith(`${s.app.url}__admin/state`)) s.adminReads.push(Date.now());
      }
    });
    await s.page.goto(s.app.url);
    await s.testId('sc-card-sc_1').waitFor();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && s.page) {
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await s.page.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}`), fullPage: true });
    }
  });

  afterAll(async () => {
    await s.browser?.close();
    await s.app?.close();
    await s.api?.close();
  });

  return s;
}
