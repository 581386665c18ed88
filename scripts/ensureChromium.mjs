// Browser tests drive the system Chromium through playwright-core, because Playwright's own
// browser download is not available everywhere. This finds it, or installs Debian's package
// when running as root with apt-get, and otherwise says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromiumPath.mjs';

const found = findChromium();
if (found) {
  console.log(`chromium: ${found}`);
} else if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('chromium: not found, installing Debian package "chromium"');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
} else {
  console.error('Chromium not found. Install it (e.g. `apt-get install chromium`) or set CHROMIUM_PATH.');
  process.exit(1);
}
