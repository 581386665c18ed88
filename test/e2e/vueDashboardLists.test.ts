import { listScenarios } from './support/listScenarios';

listScenarios({
  name: 'Vue dashboard',
  example: 'vue-dashboard',
  shots: 'vue-dashboard',
  env: { VSTORE_E2E: '1' },
});
