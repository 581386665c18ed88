import { Observable } from 'rxjs';
import { createClient, observeResource, type RawResponse, type Send } from '@vstore/core';
const entity = (id: string) => ({ spend_control_id: id, version: 1, version_time: '2026-01-01T00:00:00Z', name: `Control ${id}`, status: 'active', limit: { amount: 100, currency: 'USD' }, interval: 'monthly', account_id: 'acc_1' });
const HEADERS = new Headers({ 'content-type': 'application/json' });
const texts = new Map<string,string>();
const send: Send = (request) => new Observable<RawResponse>((s) => { const id = request.url.slice(request.url.lastIndexOf('/') + 1); let t = texts.get(id); if (!t) { t = JSON.stringify(entity(id)); texts.set(id,t);} queueMicrotask(() => { s.next({ status: 200, headers: HEADERS, text: t }); s.complete(); }); });
const N = 20000;
async function timeIt(label: string, fn: (i: number) => Promise<unknown>) {
  for (let r = 0; r < 3; r++) {
    const start = performance.now();
    const ps: Promise<unknown>[] = [];
    for (let i = 0; i < N; i++) ps.push(fn(i));
    await Promise.all(ps);
    console.log(label, (((performance.now() - start) * 1000) / N).toFixed(1), 'µs');
  }
}
let c = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send });
await timeIt('get (many at once, fresh client each round)', (i) => { if (i === 0) c = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send }); return c.spendControls.get(`sc_${i}`); });
await timeIt('observer', (i) => { if (i === 0) c = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', send }); const o = observeResource(c.spendControls, `sc_${i}`); return new Promise<void>((res) => { let off: any; off = o.subscribe(() => { const r = o.getResult(); if (r.status==='success' && !r.isFetching) { queueMicrotask(() => off()); res(); } }); }); });
