import { createService } from '@vstore/service';
import { startSsrServer } from './server';

// `pnpm --filter ssr-react start`: a local service on a free port (or VITE_SERVICE_URL), and the page.
const serviceUrl =
  process.env.VITE_SERVICE_URL ?? (await createService().listen({ host: '127.0.0.1', port: 0 })).url;
const { url } = await startSsrServer({ serviceUrl, port: Number(process.env.PORT ?? 5178) });
console.info(`server-rendered detail view: ${url}controls/sc_1 (service ${serviceUrl})`);
