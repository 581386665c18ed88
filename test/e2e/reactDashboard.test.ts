import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { dashboardScenarios } from './support/dashboardScenarios';

dashboardScenarios({
  name: 'React dashboard',
  example: 'react-dashboard',
  shots: 'react-dashboard',
  // The README's picture of the dashboard with the devtools open.
  devtoolsScreenshot: fileURLToPath(new URL('../../docs/images/dashboard-devtools.png', import.meta.url)),
  checkFirstLoad(sent) {
    // StrictMode mounts every effect twice; the chaos panel still reads the fault profile once at
    // mount (the scenarios check that no two reads come less than a second apart).
    expect(sent.filter((r) => r === 'GET /__admin/state').length).toBeGreaterThan(0);
  },
});
