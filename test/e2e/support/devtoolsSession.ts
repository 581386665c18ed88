import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@vstore/service';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { allViolations } from './axeAll';
import { launchBrowser, screenshotPath } from './browser';
import { contentUnderPanel, scrollPage } from './devtools';
import { until } from './until';
import { type RunningApp, startViteApp } from './viteServer';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

/** A dashboard the devtools scenarios run in. */
export interface DevtoolsDashboard {
  readonly name: string;
  /** Folder under examples/. */
  readonly example: string;
  /** Prefix of the screenshots' file names. */
  readonly shots: string;
}

/**
 * What the devtools scenarios share: one service, one dev server, one browser and the desktop page
 * they use in order (other pages are made per test with `open`). Fields are set once `beforeAll` ran.
 */
export interface DevtoolsSession {
  readonly dashboard: DevtoolsDashboard;
  service: Service;
  api: { url: string; close(): Promise<void> };
  app: RunningApp;
  browser: Browser;
  page: Page;
  readonly pages: Page[];
  /** A page in a context of its own (its own localStorage), loaded and settled. */
  open(viewport: { width: number; height: number }): Promise<Page>;
  testId(id: string, on?: Page): Locator;
  text(id: string, on?: Page): Promise<string>;
  /** Selects a spend control by its card and waits for the detail to show it. */
  select(id: string, on?: Page): Promise<void>;
  /** No axe violation of any impact in the page as it is now. */
  accessible(on: Page, state: string): Promise<void>;
  /** The panel covers no content at the top, middle and bottom of the page. */
  coversNothing(on: Page, state: string): Promise<void>;
}

/** Registers the hooks that open the session before the first scenario and close it after the last. */
export function devtoolsSession(dashboard: DevtoolsDashboard): DevtoolsSession {
  const root = fileURLToPath(new URL(`../../../examples/${dashboard.example}`, import.meta.url));
  const s = {
    dashboard,
    pages: [] as Page[],
    async open(viewport: { width: number; height: number }) {
      const context = await s.browser.newContext({ viewport });
      const opened = await context.newPage();
      s.pages.push(opened);
      await opened.goto(s.app.url);
      await opened.getByTestId('sc-card-sc_1').getByTestId('sc-card-version').waitFor();
      await opened.getByTestId('history-row-1').waitFor();
      return opened;
    },
    testId: (id: string, on?: Page) => (on ?? s.page).getByTestId(id),
    text: async (id: string, on?: Page) => (await s.testId(id, on).first().textContent())?.trim() ?? '',
    async select(id: string, on?: Page) {
      await s.testId(`sc-card-${id}`, on).getByRole('button').click();
      await until(
        `${id} selected`,
        async () => (await s.testId('sc-detail', on).getAttribute('data-id')) === id,
      );
    },
    async accessible(on: Page, state: string) {
      const violations = await allViolations(on);
      expect(
        violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.targets.join(', ')}`),
        `axe in ${dashboard.name}: ${state}`,
      ).toEqual([]);
    },
    async coversNothing(on: Page, state: string) {
      for (const share of [0, 0.5, 1]) {
        await scrollPage(on, share);
        const coverage = await contentUnderPanel(on);
        expect(coverage.visible, `${state}: content shows`).toBeGreaterThan(20);
        expect(coverage.panel.width * coverage.panel.height, `${state}: the panel shows`).toBeGreaterThan(0);
        expect(coverage.covered, `${state}, scrolled ${share * 100} %`).toEqual([]);
      }
      await scrollPage(on, 0);
    },
  } as DevtoolsSession;

  beforeAll(async () => {
    s.service = createService({ taskDurationMs: 1500 });
    s.api = await s.service.listen({ host: '127.0.0.1', port: 0 });
    s.app = await startViteApp(root, { VITE_SERVICE_URL: s.api.url });
    s.browser = await launchBrowser();
    s.page = await s.open(DESKTOP);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 50);
      for (const [i, shown] of s.pages.entries())
        if (!shown.isClosed())
          await shown.screenshot({ path: screenshotPath(`${dashboard.shots}-failed-${name}-${i}`) });
    }
  });

  afterAll(async () => {
    await s.browser?.close();
    await s.app?.close();
    await s.api?.close();
  });

  return s;
}
