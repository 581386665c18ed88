import { describe } from 'vitest';
import { devtoolsLayoutScenarios } from './support/devtoolsLayoutScenarios';
import { devtoolsSession } from './support/devtoolsSession';
import { devtoolsViewScenarios } from './support/devtoolsViewScenarios';

// @vstore/devtools as a person uses it in the two dashboards: collapsed and docked without covering
// the page at a desktop (1280 px) and a phone (390 px) width, resized, remembered, its counts after a
// normal session, an entity and two of its versions, a failed read to look at and its recovery, and
// the Reads view with the spend-control list's pages; and the dashboard's own small fixes on the way.
// Every state visited is checked with axe-core, every impact.

const DASHBOARDS = [
  { name: 'React dashboard', example: 'react-dashboard', shots: 'devtools-react' },
  { name: 'Vue dashboard', example: 'vue-dashboard', shots: 'devtools-vue' },
] as const;

for (const dashboard of DASHBOARDS) {
  describe(`@vstore/devtools in the ${dashboard.name}`, () => {
    const session = devtoolsSession(dashboard);
    devtoolsLayoutScenarios(session);
    devtoolsViewScenarios(session);
  });
}
