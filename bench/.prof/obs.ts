import { Observable } from 'rxjs';
import { createClient, observeResource, type RawResponse, type Send } from '@vstore/core';
const entity = (id: string) => ({ spend_control_id: id, version: 1, version_time: '2026-01-01T00:00:00Z', name: `Control ${id}`, status: 'active', limit: { amount: 100, currency: 'USD' }, interval: 'monthly', account_id: 'acc_1' });
const HEADERS = new Headers({ 'content-type': 'application/json' });
const send: Send = (request) => new Observable<RawResponse>((s) => { const id = request.url.slice(request.url.lastIndexOf('/') + 1); queueMicrotask(() => { s.next({ status: 200, headers: HEADERS, text: JSON.stringify(entity(id)) }); s.complete(); }); });
async function run(count: number) {
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send });
  const start = performance.now();
  const offs: (() => void)[] = [];
  await new Promise<void>((resolve) => { let n = 0; for (let i = 0; i < count; i++) { const o = observeResource(client.spendControls, `sc_${i}`); let seen = false; offs.push(o.subscribe(() => { const r = o.getResult(); if (!seen && r.status === 'success' && !r.isFetching) { seen = true; if (++n === count) resolve(); } })); } });
  for (const off of offs) off();
  return performance.now() - start;
}
for (let i = 0; i < 8; i++) console.log(((await run(10000)) * 1000 / 10000).toFixed(1), 'µs/observer');
