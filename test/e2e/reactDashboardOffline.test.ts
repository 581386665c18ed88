import { offlineScenarios } from './support/offlineScenarios';

offlineScenarios({ name: 'React dashboard', example: 'react-dashboard', shots: 'react-dashboard' });
