import { describe } from 'vitest';
import { type DashboardUnderTest, dashboardSession } from './dashboardSession';
import { editingScenarios } from './editingScenarios';
import { faultScenarios } from './faultScenarios';

export type { DashboardUnderTest } from './dashboardSession';

/**
 * The dashboard scenarios, run in order against one service and one page (each builds on the state
 * the previous one left): the editing ones, then the faults, devtools, accessibility and tabs.
 */
export function dashboardScenarios(dashboard: DashboardUnderTest): void {
  describe(dashboard.name, () => {
    const session = dashboardSession(dashboard);
    editingScenarios(session);
    faultScenarios(session);
  });
}
