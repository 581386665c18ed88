import { offlineScenarios } from './support/offlineScenarios';

offlineScenarios({ name: 'Vue dashboard', example: 'vue-dashboard', shots: 'vue-dashboard' });
