import { afterEach, describe, expect, it } from 'vitest';
import { newControl, openEvents, type Running, start, TOKEN, waitFor } from './support';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

interface Page {
  ids: string[];
  next?: string;
}

const idsOf = (body: Record<string, unknown>, key = 'spend_control_id') =>
  (body.data as Record<string, string>[]).map((item) => item[key] as string);

async function page(r: Running, path: string, key = 'spend_control_id'): Promise<Page> {
  const answer = await r.api('GET', path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  const next = answer.body.next_cursor as string | undefined;
  return { ids: idsOf(answer.body, key), ...(next === undefined ? {} : { next }) };
}

/** Every page of a list, following next_cursor; bounded so a broken cursor cannot loop forever. */
async function walk(r: Running, path: string, key = 'spend_control_id', maxPages = 100): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const p = await page(
      r,
      cursor === undefined ? path : `${path}${sep}cursor=${encodeURIComponent(cursor)}`,
      key,
    );
    seen.push(...p.ids);
    if (p.next === undefined) return seen;
    cursor = p.next;
  }
  throw new Error(`${path}: still a next_cursor after ${maxPages} pages`);
}

async function create(r: Running, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await r.api('POST', '/spend_controls', { body: { ...newControl, ...body } });
  expect(answer.status).toBe(201);
  return answer.body.spend_control_id as string;
}

describe('GET /spend_controls over HTTP', () => {
  it('answers { data, next_cursor } in creation order, 20 by default, without next_cursor on the last page', async () => {
    running = await start({ rateLimit: false });
    const made: string[] = [];
    for (let i = 0; i < 22; i += 1) made.push(await create(running));
    const first = await running.api('GET', '/spend_controls');
    expect(Object.keys(first.body).sort()).toEqual(['data', 'next_cursor']);
    expect(idsOf(first.body)).toEqual(['sc_1', 'sc_2', 'sc_3', ...made.slice(0, 17)]);
    expect((first.body.data as Record<string, unknown>[])[0]).toMatchObject({
      spend_control_id: 'sc_1',
      version: 1,
      name: 'Travel',
      limit: { amount: 5000, currency: 'USD' },
    });
    const last = await running.api('GET', `/spend_controls?cursor=${first.body.next_cursor as string}`);
    expect(idsOf(last.body)).toEqual(made.slice(17));
    expect(last.body).not.toHaveProperty('next_cursor');
    // A full last page says so too: no next_cursor when nothing follows.
    const exact = await running.api('GET', '/spend_controls?limit=25');
    expect(idsOf(exact.body)).toHaveLength(25);
    expect(exact.body).not.toHaveProperty('next_cursor');
  });

  it('walks every page while creates happen: each item that existed once, in order, and those created meanwhile last', async () => {
    running = await start({ rateLimit: false });
    const r = running;
    for (let i = 0; i < 37; i += 1) await create(r);
    const before = await walk(r, '/spend_controls?limit=100');
    expect(before).toHaveLength(40);

    const seen: string[] = [];
    const createdDuring: string[] = [];
    let cursor: string | undefined;
    // Each page is read while two creates are on their way; the walk stops creating after 8 pages
    // and is bounded at 60 pages.
    for (let i = 0; i < 60; i += 1) {
      const path = `/spend_controls?limit=6${cursor === undefined ? '' : `&cursor=${cursor}`}`;
      const creates = i < 8 ? [create(r), create(r)] : [];
      const [p, ...made] = await Promise.all([page(r, path), ...creates]);
      createdDuring.push(...(made as string[]));
      seen.push(...(p as Page).ids);
      cursor = (p as Page).next;
      if (cursor === undefined) break;
    }
    expect(cursor).toBeUndefined();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, before.length)).toEqual(before);
    // Created during the walk: all of them, after every item that existed, in the order ids were given.
    const order = (id: string) => Number(id.slice(3));
    expect(seen.slice(before.length)).toEqual([...createdDuring].sort((a, b) => order(a) - order(b)));
    expect(createdDuring).toHaveLength(16);
  });

  it('keeps a cursor valid with any limit: the next page starts at the same place', async () => {
    running = await start({ rateLimit: false });
    for (let i = 0; i < 12; i += 1) await create(running);
    const first = await page(running, '/spend_controls?limit=4');
    const byFour = await page(running, `/spend_controls?limit=4&cursor=${first.next}`);
    const byTwo = await page(running, `/spend_controls?limit=2&cursor=${first.next}`);
    const byHundred = await page(running, `/spend_controls?cursor=${first.next}&limit=100`);
    expect(byTwo.ids).toEqual(byFour.ids.slice(0, 2));
    expect(byHundred.ids.slice(0, 4)).toEqual(byFour.ids);
    expect(byHundred.ids).toHaveLength(11);
    expect(byHundred.next).toBeUndefined();
  });

  it('filters by account_id, status and interval with equality, and follows an update between lists', async () => {
    running = await start({ rateLimit: false });
    const r = running;
    const eur = { account_id: 'acc_2', limit: { amount: 10, currency: 'EUR' } };
    const a = await create(r, { ...eur, interval: 'daily' });
    const b = await create(r, { ...eur, interval: 'weekly', status: 'paused' });
    const c = await create(r, { interval: 'daily' });
    expect(await walk(r, '/spend_controls?account_id=acc_2')).toEqual([a, b]);
    expect(await walk(r, '/spend_controls?account_id=acc_1&limit=2')).toEqual(['sc_1', 'sc_2', 'sc_3', c]);
    expect(await walk(r, '/spend_controls?status=paused')).toEqual(['sc_3', b]);
    expect(await walk(r, '/spend_controls?interval=daily&limit=1')).toEqual(['sc_3', a, c]);
    expect(await walk(r, '/spend_controls?interval=daily&status=active&account_id=acc_1')).toEqual([c]);
    expect(await walk(r, '/spend_controls?account_id=acc_404')).toEqual([]);

    expect((await r.api('PATCH', `/spend_controls/${a}`, { body: { status: 'paused' } })).status).toBe(200);
    expect(await walk(r, '/spend_controls?status=paused')).toEqual(['sc_3', a, b]);
    expect(await walk(r, '/spend_controls?status=active&account_id=acc_2')).toEqual([]);
    // Each item is its latest version.
    const paused = await r.api('GET', '/spend_controls?status=paused&account_id=acc_2&limit=1');
    expect(paused.body.data).toEqual([
      expect.objectContaining({ spend_control_id: a, version: 2, status: 'paused' }),
    ]);
  });

  it('publishes spend_control.created with the entity for every create, which lists on the client rely on', async () => {
    running = await start({ rateLimit: false });
    const events = await openEvents(`${running.url}/events`, { authorization: `Bearer ${TOKEN}` });
    try {
      const answer = await running.api('POST', '/spend_controls', { body: newControl });
      await events.until((all) => all.length >= 1);
      const payload = JSON.parse(events.events[0]?.data ?? '{}');
      expect(payload).toEqual({
        schema_version: '1.0',
        event_type: 'spend_control.created',
        data: answer.body,
      });
    } finally {
      events.close();
    }
  });
});

describe('GET /accounts over HTTP', () => {
  it('lists accounts by status, and leaves out an account once its deletion has completed', async () => {
    running = await start({ rateLimit: false, taskDurationMs: 80 });
    const r = running;
    expect(await walk(r, '/accounts', 'account_id')).toEqual(['acc_1', 'acc_2']);
    const deletion = await r.api('DELETE', '/accounts/acc_2');
    expect(deletion.status).toBe(202);
    // While the deletion runs the account is still there, closing.
    expect(await walk(r, '/accounts?status=closing', 'account_id')).toEqual(['acc_2']);
    expect(await walk(r, '/accounts?status=active', 'account_id')).toEqual(['acc_1']);
    const task = deletion.body.task_id as string;
    await waitFor(() => r.service.inspect().tasks[task] === 'completed', 5000);
    const after = await r.api('GET', '/accounts');
    expect(idsOf(after.body, 'account_id')).toEqual(['acc_1']);
    expect(await walk(r, '/accounts?status=closed', 'account_id')).toEqual([]);
    expect(await walk(r, '/accounts?status=closing', 'account_id')).toEqual([]);
    expect((await r.api('GET', '/accounts/acc_2')).status).toBe(404);
  });

  it('keeps a failed deletion listed: the account is active again', async () => {
    running = await start({ rateLimit: false, taskDurationMs: 60, taskOutcome: 'failed' });
    const r = running;
    const task = (await r.api('DELETE', '/accounts/acc_1')).body.task_id as string;
    await waitFor(() => r.service.inspect().tasks[task] === 'failed', 5000);
    expect(await walk(r, '/accounts?status=active', 'account_id')).toEqual(['acc_1', 'acc_2']);
  });
});
