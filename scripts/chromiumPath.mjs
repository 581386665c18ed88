// Where the system Chromium is (Playwright's own browser download is not available everywhere):
// read by scripts/ensureChromium.mjs and scripts/starterBrowser.mjs; test/e2e/support/browser.ts
// looks in the same places.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);

/** The first candidate that exists, or undefined. */
export const findChromium = () => CHROMIUM_CANDIDATES.find((p) => existsSync(p));
