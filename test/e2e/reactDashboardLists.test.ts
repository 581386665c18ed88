import { listScenarios } from './support/listScenarios';

listScenarios({ name: 'React dashboard', example: 'react-dashboard', shots: 'react-dashboard' });
