import { startSsrServer } from '../../examples/ssr-react/src/server';
import { ssrHydrationScenario } from './support/ssrHydration';

ssrHydrationScenario({ name: 'server-rendered React detail view', start: startSsrServer });
