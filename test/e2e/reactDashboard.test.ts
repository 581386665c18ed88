import { expect } from 'vitest';
import { dashboardScenarios } from './support/dashboardScenarios';

dashboardScenarios({
  name: 'React dashboard',
  example: 'react-dashboard',
  shots: 'react-dashboard',
  checkFirstLoad(sent) {
    // StrictMode mounts every effect twice; the chaos panel still asks for the fault profile once.
    expect(sent.filter((r) => r === 'GET /__admin/faults')).toHaveLength(1);
  },
});
