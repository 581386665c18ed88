import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

// Playwright's own browser download is unavailable on these machines, so the tests drive the
// system Chromium (installed by scripts/ensureChromium.mjs).
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string {
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found)
    throw new Error('Chromium not found: run `node scripts/ensureChromium.mjs` or set CHROMIUM_PATH');
  return found;
}

/** Headless Chromium with the flags this closed-network machine needs, and a fresh profile. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** A persistent-profile-free context; pages of one context share an origin's storage and BroadcastChannel. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 } });
}

/** Where screenshots go: test-results/screenshots, kept as CI artifacts and looked at by people. */
export function screenshotPath(name: string): string {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}
