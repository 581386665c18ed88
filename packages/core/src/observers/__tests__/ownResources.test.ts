import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ResponseShapeError } from '../../errors/apiError';
import { notes, notesConfig } from '../../resources/__tests__/notes';
import { accounts } from '../../resources/accounts';
import { checkDefinition } from '../../resources/checkDefinition';
import { defineResource } from '../../resources/defineResource';
import { spendControls } from '../../resources/spendControls';
import { tasks } from '../../resources/tasks';
import { observeResource } from '../observeResource';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('resources of your own', () => {
  it('names the missing or ill-typed field of a definition when it is made', () => {
    const base = {
      type: 'note',
      path: '/notes',
      idKey: 'note_id' as const,
      schema: z.object({ note_id: z.string() }),
    };
    for (const field of ['type', 'path', 'idKey', 'schema'] as const) {
      const { [field]: _, ...rest } = base;
      expect(() => defineResource(rest as typeof base)).toThrow(new RegExp(`\`${field}\``));
      expect(() => defineResource({ ...base, [field]: 42 } as unknown as typeof base)).toThrow(TypeError);
    }
  });

  it('defines the built-in resources as the checks of your own would accept them (apps then do not ship those)', () => {
    // What checkConfig asks of a config, asked of the definitions the built-in configs made.
    for (const definition of [spendControls, accounts, tasks]) {
      expect(checkDefinition(definition)).toBe(definition);
      expect(definition.paths.collection).toMatch(/^\/[a-z_]+$/);
      expect(Array.isArray(definition.updatable)).toBe(true);
      expect(definition.id).toBeUndefined();
      expect(definition.paths.item('a/b')).toBe(`${definition.paths.collection}/a%2Fb`);
    }
  });

  it('gives the same resource client for the same definition', () => {
    const { client } = manualService();
    expect(client.resource(notes)).toBe(client.resource(notes));
  });

  it('stores unversioned replies in request-start order and observes them to success', async () => {
    const { client, held } = manualService();
    const api = client.resource(notes);
    const observer = observeResource(api, 'n_1');
    observer.subscribe(() => {});
    await flush();
    // Identical GETs in flight share one request, so the later request is a write.
    const later = api.update('n_1', { text: 'new' });
    await flush();
    expect(held).toHaveLength(2);
    // The later request answers first; the earlier one's reply must not replace it.
    held[1]?.answer(200, { note_id: 'n_1', text: 'new' });
    await later;
    held[0]?.answer(200, { note_id: 'n_1', text: 'old' });
    await flush();
    expect(client.store.get('note', 'n_1')).toMatchObject({ text: 'new' });
    expect(observer.getResult()).toMatchObject({ status: 'success', data: { text: 'new' } });
  });

  it('never lets a read that joined an earlier GET replace a write that started in between (unversioned)', async () => {
    const { client, held } = manualService();
    const api = client.resource(notes);
    const observer = observeResource(api, 'n_1');
    observer.subscribe(() => {});
    await flush();
    const write = api.update('n_1', { text: 'new' });
    // Started after the write: it must not share the observer's GET, which started before it.
    const read = api.get('n_1');
    await flush();
    expect(held.map((h) => h.request.method)).toEqual(['GET', 'PATCH', 'GET']);
    held[0]?.answer(200, { note_id: 'n_1', text: 'old' });
    held[1]?.answer(200, { note_id: 'n_1', text: 'new' });
    await expect(write).resolves.toMatchObject({ text: 'new' });
    held[2]?.answer(200, { note_id: 'n_1', text: 'new' });
    await expect(read).resolves.toMatchObject({ text: 'new' });
    expect(client.store.get('note', 'n_1')).toMatchObject({ text: 'new' });
  });

  it('orders unversioned replies across definitions of the same type (a module defined twice, a hot reload)', async () => {
    const { client, held } = manualService();
    const first = client.resource(notes);
    for (let i = 0; i < 3; i++) {
      const read = first.get('n_1');
      await flush();
      held.at(-1)?.answer(200, { note_id: 'n_1', text: `a${i}` });
      await read;
    }
    const again = client.resource(defineResource({ ...notesConfig }));
    const read = again.get('n_1');
    await flush();
    held.at(-1)?.answer(200, { note_id: 'n_1', text: 'fresh' });
    await expect(read).resolves.toMatchObject({ text: 'fresh' });
    expect(client.store.get('note', 'n_1')).toMatchObject({ text: 'fresh' });
  });

  it('reads numeric ids through the id option', async () => {
    const { client, held } = manualService();
    const invoices = defineResource({
      type: 'invoice',
      path: '/invoices',
      idKey: 'invoice_id',
      id: (invoice) => String(invoice.invoice_id),
      schema: z.looseObject({ invoice_id: z.number(), version: z.number() }),
    });
    const read = client.resource(invoices).get('7');
    await flush();
    held[0]?.answer(200, { invoice_id: 7, version: 1 });
    await expect(read).resolves.toMatchObject({ invoice_id: 7 });
    expect(client.store.get('invoice', '7')).toMatchObject({ version: 1 });
  });

  it('turns a versioned reply without a valid version into ResponseShapeError, not the store TypeError', async () => {
    const { client, held } = manualService();
    const loose = defineResource({
      type: 'doc',
      path: '/docs',
      idKey: 'doc_id',
      schema: z.looseObject({ doc_id: z.string() }),
    });
    const read = client.resource(loose).get('d_1');
    await flush();
    held[0]?.answer(200, { doc_id: 'd_1', version: 0 });
    await expect(read).rejects.toBeInstanceOf(ResponseShapeError);
    expect(client.store.get('doc', 'd_1')).toBeUndefined();
  });

  it('reports the 201 of a create whose reply names no id as the status it was', async () => {
    const { client, held } = manualService();
    const created = client.spendControls.create({
      name: 'x',
      limit: { amount: 1, currency: 'USD' },
      interval: 'monthly',
      account_id: 'acc_1',
    });
    await flush();
    held[0]?.answer(201, { ...control(1), spend_control_id: '' });
    const error = await created.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).status).toBe(201);
  });
});
