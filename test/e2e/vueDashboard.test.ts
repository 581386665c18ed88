import { expect } from 'vitest';
import { dashboardScenarios } from './support/dashboardScenarios';

dashboardScenarios({
  name: 'Vue dashboard',
  example: 'vue-dashboard',
  shots: 'vue-dashboard',
  env: { VSTORE_E2E: '1' },
  checkFirstLoad(sent) {
    // The card and the detail panel both show sc_1: their identical reads share one request.
    expect(sent.filter((r) => r === 'GET /spend_controls/sc_1')).toHaveLength(1);
    expect(sent.filter((r) => r === 'GET /events')).toHaveLength(1);
  },
});
