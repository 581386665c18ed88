import { startSsrServer } from '../../examples/ssr-vue/src/server';
import { ssrHydrationScenario } from './support/ssrHydration';

ssrHydrationScenario({ name: 'server-rendered Vue detail view', start: startSsrServer });
