import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newControl, openEvents, type Running, start, TOKEN } from './support';

type Version = { version: number; name: string; version_time: string };

describe('service conformance: versions, idempotent creates and events', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ rateLimit: false });
    // sc_1 gets versions 1..3 for the read tests.
    await s.api('PATCH', '/spend_controls/sc_1', { body: { name: 'Travel v2' } });
    await s.api('PATCH', '/spend_controls/sc_1', { body: { name: 'Travel v3' } });
  });
  afterAll(() => s.close());

  it('Versioning 1: every update produces a new current version, the highest being the latest', async () => {
    const before = (await s.api('GET', '/spend_controls/sc_2')).body as unknown as Version;
    const after = (await s.api('PATCH', '/spend_controls/sc_2', { body: { status: 'paused' } }))
      .body as unknown as Version;
    expect(after.version).toBe(before.version + 1);
    expect(new Date(after.version_time).toISOString()).toBe(after.version_time);
    expect((await s.api('GET', '/spend_controls/sc_2')).body.version).toBe(after.version);
  });

  it('Versioning 2: a read without version returns the latest', async () => {
    expect((await s.api('GET', '/spend_controls/sc_1')).body).toMatchObject({
      version: 3,
      name: 'Travel v3',
    });
  });

  it('Versioning 2: version=0 returns the latest', async () => {
    expect((await s.api('GET', '/spend_controls/sc_1?version=0')).body).toMatchObject({
      version: 3,
      name: 'Travel v3',
    });
  });

  it('Versioning 2: version=n returns that earlier version', async () => {
    expect((await s.api('GET', '/spend_controls/sc_1?version=1')).body).toMatchObject({
      version: 1,
      name: 'Travel',
    });
    expect((await s.api('GET', '/spend_controls/sc_1?version=2')).body).toMatchObject({
      version: 2,
      name: 'Travel v2',
    });
    expect((await s.api('GET', '/spend_controls/sc_1?version=9')).status).toBe(404);
  });

  it('Versioning 3: /history lists every version', async () => {
    const { body } = await s.api('GET', '/spend_controls/sc_1/history');
    const versions = body.data as Version[];
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    for (const v of versions)
      expect((await s.api('GET', `/spend_controls/sc_1?version=${v.version}`)).body).toEqual(v);
  });

  it('Versioning 4: the client sends no version; sending one is refused and the service checks change itself', async () => {
    const refused = await s.api('PATCH', '/spend_controls/sc_3', { body: { name: 'x', version: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'version', code: 'read_only_field' }),
    ]);
    expect((await s.api('PATCH', '/spend_controls/sc_3', { body: { name: 'x' } })).body.version).toBe(2);
  });

  it('Endpoints rule 2: only operations that list a version parameter support historical reads', async () => {
    const answer = await s.api('GET', '/accounts/acc_1?version=1');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ field: 'version', code: 'unsupported_parameter' }),
    ]);
  });

  it('Endpoints rule 3: no ETag is sent and no If-Match is required', async () => {
    const read = await s.api('GET', '/spend_controls/sc_3');
    expect(read.headers.has('etag')).toBe(false);
    const write = await s.api('PATCH', '/spend_controls/sc_3', { body: { interval: 'weekly' } });
    expect(write.status).toBe(200);
    expect(write.headers.has('etag')).toBe(false);
  });

  it('Retry rules 2: a create retried with the same Idempotency-Key and body returns the original result, created once', async () => {
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await s.api('POST', '/spend_controls', { body: newControl, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 1, name: newControl.name });
    const retries = await Promise.all(
      [1, 2, 3].map(() => s.api('POST', '/spend_controls', { body: newControl, headers })),
    );
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    }
    expect(s.service.inspect().creates.byIdempotencyKey['create-once-1']).toBe(1);
  });

  it('Events 2 and Versioning 5: payloads carry a schema_version string, separate from the resource version', async () => {
    const stream = await openEvents(`${s.url}/events`, { authorization: `Bearer ${TOKEN}` });
    await s.api('PATCH', '/spend_controls/sc_2', { body: { name: 'Evented' } });
    const [event] = await stream.until((e) => e.length >= 1);
    stream.close();
    const payload = JSON.parse(event?.data ?? '{}');
    expect(Object.keys(payload).sort()).toEqual(['data', 'event_type', 'schema_version']);
    expect(payload).toMatchObject({ schema_version: '1.0', event_type: 'spend_control.updated' });
    expect(typeof payload.schema_version).toBe('string');
    expect(typeof payload.data.version).toBe('number');
  });

  it('Events 3: each event carries the resource version it relates to, increasing with every update', async () => {
    const stream = await openEvents(`${s.url}/events`, { authorization: `Bearer ${TOKEN}` });
    for (const name of ['e1', 'e2', 'e3']) await s.api('PATCH', '/spend_controls/sc_3', { body: { name } });
    const events = await stream.until((e) => e.length >= 3);
    stream.close();
    const versions = events.map((e) => JSON.parse(e.data).data.version as number);
    expect(versions[1]).toBe((versions[0] ?? 0) + 1);
    expect(versions[2]).toBe((versions[0] ?? 0) + 2);
  });
});
