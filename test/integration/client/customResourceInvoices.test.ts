import { readFileSync } from 'node:fs';
import { observeList, z } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { invoices } from '../../../examples/custom-resource/src/invoices';
import { type Harness, startHarness, TOKEN } from './support';

// The custom-resource example's invoice definition against the service serving its resources.json,
// over HTTP: what the example's list shows is what its own declaration and seed make of it.

const resources = JSON.parse(
  readFileSync(new URL('../../../examples/custom-resource/resources.json', import.meta.url), 'utf8'),
);

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the custom-resource example over HTTP', () => {
  it("accepts its own seed: every invoice the service lists passes the example's schema", async () => {
    harness = await startHarness({ resources, rateLimit: false });
    const response = await fetch(`${harness.url}/invoices`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: unknown[] };
    expect(data).toHaveLength(resources.invoices.seed.length);
    for (const item of data) expect(z.safeParse(invoices.schema, item).error).toBeUndefined();
  });

  it('declares the same list filters as its resources.json, and lists by status through them', async () => {
    expect(invoices.list.filters).toEqual(resources.invoices.list.filters);
    harness = await startHarness({ resources, rateLimit: false });
    const api = harness.client().resource(invoices);
    const sent = await api.list({ status: 'sent' });
    expect(sent.items.map((item) => item.invoice_id)).toEqual(['inv_2']);
    const euro = await api.list({ currency: 'EUR' });
    expect(euro.items.map((item) => item.customer)).toEqual(['Acme GmbH']);
  });

  it('drops an invoice from a status list once an edit moves it to another status', async () => {
    harness = await startHarness({ resources, rateLimit: false });
    const api = harness.client().resource(invoices);
    const list = observeList(api, { status: 'draft' });
    const settled = () =>
      new Promise<void>((resolve) => {
        const off = list.subscribe(() => {
          if (list.getResult().status !== 'success') return;
          queueMicrotask(off);
          resolve();
        });
      });
    const off = list.subscribe(() => {});
    await settled();
    expect(list.getResult().data.map((item) => item.invoice_id)).toEqual(['inv_1']);
    await api.update('inv_1', { status: 'sent' });
    expect(list.getResult().data).toEqual([]);
    off();
  });
});
