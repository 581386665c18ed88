import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { Observable } from 'rxjs';
import { safeParse } from 'zod/mini';
import { createClient, observeResource, type RawResponse, type Send, spendControlSchema } from '@vstore/core';
const entity = (id: string) => ({ spend_control_id: id, version: 1, version_time: '2026-01-01T00:00:00Z', name: `Control ${id}`, status: 'active', limit: { amount: 100, currency: 'USD' }, interval: 'monthly', account_id: 'acc_1' });
const bodyOf = (id: string) => JSON.stringify(entity(id));
const HEADERS = new Headers({ 'content-type': 'application/json' });
const send: Send = (request) => new Observable<RawResponse>((s) => { const id = request.url.slice(request.url.lastIndexOf('/') + 1); queueMicrotask(() => { s.next({ status: 200, headers: HEADERS, text: bodyOf(id) }); s.complete(); }); });
const decode = async (id: string) => { const r = safeParse(spendControlSchema, JSON.parse(bodyOf(id))); if (!r.success) throw r.error; return r.data; };
async function many(kind: string, count: number) {
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send });
  const qc = new QueryClient();
  const start = performance.now();
  const offs: (() => void)[] = [];
  await new Promise<void>((resolve) => { let n = 0; for (let i = 0; i < count; i++) { const id = `sc_${i}`; let seen = false;
    if (kind === 'v') { const o = observeResource(client.spendControls, id); offs.push(o.subscribe(() => { const r = o.getResult(); if (!seen && r.status === 'success' && !r.isFetching) { seen = true; if (++n === count) resolve(); } })); }
    else { const o = new QueryObserver(qc, { queryKey: ['sc', id], queryFn: () => decode(id) }); offs.push(o.subscribe((r) => { if (!seen && r.status === 'success' && !r.isFetching) { seen = true; if (++n === count) resolve(); } })); } } });
  for (const off of offs) off();
  qc.clear();
  return ((performance.now() - start) * 1000) / count;
}
const N = Number(process.argv[2] ?? 10000);
const v: number[] = [], t: number[] = [];
for (let r = 0; r < 7; r++) { t.push(await many('t', N)); v.push(await many('v', N)); }
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(`n=${N} vstore ${med(v).toFixed(1)} µs, tanstack ${med(t).toFixed(1)} µs, speed ratio ${(med(t) / med(v)).toFixed(2)}x`);
