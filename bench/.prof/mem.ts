import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { Observable } from 'rxjs';
import { safeParse } from 'zod/mini';
import { createClient, observeResource, type RawResponse, type Send, spendControlSchema } from '@vstore/core';
const entity = (id: string) => ({ spend_control_id: id, version: 1, version_time: '2026-01-01T00:00:00Z', name: `Control ${id}`, status: 'active', limit: { amount: 100, currency: 'USD' }, interval: 'monthly', account_id: 'acc_1' });
const HEADERS = new Headers({ 'content-type': 'application/json' });
const send: Send = (request) => new Observable<RawResponse>((s) => { const id = request.url.slice(request.url.lastIndexOf('/') + 1); queueMicrotask(() => { s.next({ status: 200, headers: HEADERS, text: JSON.stringify(entity(id)) }); s.complete(); }); });
const gc = (globalThis as any).gc as () => void;
const heap = () => { for (let i = 0; i < 3; i++) gc(); return process.memoryUsage().heapUsed; };
async function hold(kind: string, count: number) {
  const before = heap();
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send });
  const qc = new QueryClient();
  const offs: (() => void)[] = [];
  await new Promise<void>((resolve) => { let n = 0; for (let i = 0; i < count; i++) { const id = `sc_${i}`;
    if (kind === 'v') { const o = observeResource(client.spendControls, id); let seen = false; offs.push(o.subscribe(() => { const r = o.getResult(); if (!seen && r.status === 'success' && !r.isFetching) { seen = true; if (++n === count) resolve(); } })); }
    else { const o = new QueryObserver(qc, { queryKey: ['sc', id], queryFn: async () => safeParse(spendControlSchema, JSON.parse(JSON.stringify(entity(id)))).data }); let seen = false; offs.push(o.subscribe((r) => { if (!seen && r.status === 'success' && !r.isFetching) { seen = true; if (++n === count) resolve(); } })); } } });
  const held = heap();
  console.log(kind, ((held - before) / count).toFixed(0), 'B/observer held');
  for (const off of offs) off();
}
await hold('v', 20000); await hold('t', 20000); await hold('v', 20000); await hold('t', 20000);
