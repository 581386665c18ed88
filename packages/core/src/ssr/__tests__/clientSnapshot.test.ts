import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GatewayError, NetworkError, ResponseShapeError } from '../../errors/apiError';
import { observeHistory } from '../../observers/observeHistory';
import { observeResource } from '../../observers/observeResource';
import { dehydrate } from '../../ssr/dehydrate';
import { hydrate } from '../../ssr/hydrate';
import type { ClientSnapshot } from '../clientSnapshot';
import { serializeSnapshot } from '../serializeSnapshot';
import { control, versionedService } from './versionedService';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);
/** What a page carries: the snapshot through serializeSnapshot and JSON.parse. */
const overTheWire = (snapshot: ClientSnapshot): unknown => JSON.parse(serializeSnapshot(snapshot));

/** A server client that read sc_1 (latest, v1, history) and failed to read sc_404. */
async function serverSnapshot() {
  const server = versionedService(3);
  await server.client.spendControls.get('sc_1');
  await server.client.spendControls.get('sc_1', { version: 1 });
  await server.client.spendControls.history('sc_1');
  const failure = await server.client.spendControls.get('sc_404').catch((error: unknown) => error);
  return { server, snapshot: dehydrate(server.client), failure: failure as ApiError };
}

describe('dehydrate(client) / hydrate(client, snapshot)', () => {
  it('carries latest, historical, history and a failed read to observers on the first render', async () => {
    const { snapshot, failure } = await serverSnapshot();
    const browser = versionedService(3);
    hydrate(browser.client, overTheWire(snapshot));
    const sc = browser.client.spendControls;

    expect(observeResource(sc, 'sc_1').getResult()).toMatchObject({
      status: 'success',
      isFetching: false,
      data: control(3),
    });
    expect(observeResource(sc, 'sc_1', { version: 1 }).getResult()).toMatchObject({
      status: 'success',
      isFetching: false,
      data: control(1),
    });
    const history = observeHistory(sc, 'sc_1').getResult();
    expect(history).toMatchObject({ status: 'success', isFetching: false });
    expect(history.data?.map((v) => v.version)).toEqual([1, 2, 3]);
    const failed = observeResource(sc, 'sc_404').getResult();
    expect(failed.status).toBe('error');
    expect(failed.error).toBeInstanceOf(ApiError);
    expect(failed.error).toMatchObject({ status: 404, traceId: 'tr_404', message: failure.message });
    expect((failed.error as ApiError).supportInfo()).toEqual(failure.supportInfo());
    expect(browser.requests).toHaveLength(0);
  });

  it('counts a hydrated read as confirmed at its server time, so maxAgeMs skips the read', async () => {
    const { snapshot } = await serverSnapshot();
    vi.advanceTimersByTime(5_000); // the page travels and loads
    const browser = versionedService(3);
    hydrate(browser.client, overTheWire(snapshot));
    const sc = browser.client.spendControls;
    const offLatest = observeResource(sc, 'sc_1', { maxAgeMs: 60_000 }).subscribe(() => {});
    const offOld = observeResource(sc, 'sc_1', { version: 1 }).subscribe(() => {});
    await sc.get('sc_1', { maxAgeMs: 60_000 });
    await flush();
    expect(browser.requests).toHaveLength(0);
    offLatest();
    offOld();

    // 5 s after the server read, a 4 s maxAgeMs no longer covers it.
    const off = observeResource(sc, 'sc_1', { maxAgeMs: 4_000 }).subscribe(() => {});
    await flush();
    expect(browser.requests.map((r) => r.url)).toEqual(['http://svc.test/spend_controls/sc_1']);
    off();
  });

  it('never counts a confirmation from the future as later than now', async () => {
    const { snapshot } = await serverSnapshot();
    const skewed = overTheWire(snapshot) as { reads: { confirmedAt?: number }[] };
    for (const read of skewed.reads) if (read.confirmedAt) read.confirmedAt += 3_600_000;
    const browser = versionedService(3);
    hydrate(browser.client, skewed);
    vi.advanceTimersByTime(2_000);
    await browser.client.spendControls.get('sc_1', { maxAgeMs: 1_000 });
    expect(browser.requests).toHaveLength(1);
  });

  it('never counts a success from the future as later than now (suspense freshness)', async () => {
    const { snapshot } = await serverSnapshot();
    const skewed = overTheWire(snapshot) as { reads: { settledAt?: number }[] };
    for (const read of skewed.reads) if (read.settledAt) read.settledAt += 3_600_000;
    const browser = versionedService(3);
    hydrate(browser.client, skewed);
    vi.advanceTimersByTime(2_000);
    const off = observeHistory(browser.client.spendControls, 'sc_1', { suspense: true }).subscribe(() => {});
    await flush();
    expect(browser.requests.map((r) => r.url)).toEqual(['http://svc.test/spend_controls/sc_1/history']);
    off();
  });

  it('passes entities through the version gate: a newer copy held stays, and is not confirmed', async () => {
    const { snapshot } = await serverSnapshot();
    const browser = versionedService(4);
    await browser.client.spendControls.get('sc_1');
    vi.advanceTimersByTime(120_000);
    hydrate(browser.client, overTheWire(snapshot));
    expect(browser.client.store.get('spend_control', 'sc_1')).toMatchObject({ version: 4 });
    await browser.client.spendControls.get('sc_1', { maxAgeMs: 60_000 });
    expect(browser.requests).toHaveLength(2);
  });

  it('carries tombstones', async () => {
    const server = versionedService(1);
    server.client.store.apply('spend_control', 'sc_2', control(1, 'sc_2'));
    server.client.store.remove('spend_control', 'sc_2');
    const browser = versionedService(1);
    hydrate(browser.client, overTheWire(dehydrate(server.client)));
    expect(browser.client.store.isRemoved('spend_control', 'sc_2')).toBe(true);
    expect(browser.client.store.apply('spend_control', 'sc_2', control(2, 'sc_2'))).toBe('deleted');
  });

  it('keeps the client’s own outcome of a read when it is more recent than the snapshot’s', async () => {
    const { snapshot } = await serverSnapshot();
    vi.advanceTimersByTime(1_000);
    const browser = versionedService(3);
    browser.override('/spend_controls/sc_404', { status: 200, body: control(1, 'sc_404') });
    await browser.client.spendControls.get('sc_404');
    hydrate(browser.client, overTheWire(snapshot));
    expect(observeResource(browser.client.spendControls, 'sc_404').getResult().status).toBe('success');
  });

  it.each([
    ['GatewayError', GatewayError, { status: 401, body: { message: 'no' } }],
    ['ResponseShapeError', ResponseShapeError, { status: 200, body: { spend_control_id: 'sc_1' } }],
    ['NetworkError', NetworkError, { throws: new TypeError('fetch failed') }],
  ] as const)(
    'brings a %s back as the same class, with its fields but not its cause or stack',
    async (_, type, reply) => {
      const server = versionedService(3);
      server.override('/spend_controls/sc_1', reply);
      const thrown = await server.client.spendControls.get('sc_1').catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(type);
      const snapshot = dehydrate(server.client);
      // A stack names source files and lines; none of it goes into a page.
      expect(serializeSnapshot(snapshot)).not.toMatch(/\.ts:\d+/);
      const browser = versionedService(3);
      hydrate(browser.client, overTheWire(snapshot));
      const { error } = observeResource(browser.client.spendControls, 'sc_1').getResult();
      expect(error).toBeInstanceOf(type);
      expect(error?.name).toBe(type.name);
      const { cause: _cause, stack: _stack, ...fields } = thrown as ApiError;
      expect({ ...error }).toEqual(JSON.parse(JSON.stringify(fields)));
      expect((error as ApiError).supportInfo()).toEqual((thrown as ApiError).supportInfo());
      expect((error as Error).cause).toBeUndefined();
    },
  );

  it('puts no token into a snapshot, even one the service echoed or a network error carried', async () => {
    const token = 'tok_live_5ecret_value';
    const server = versionedService(3, { getToken: () => token });
    server.override('/spend_controls/sc_1', { status: 401, body: { message: `token ${token} is invalid` } });
    server.override('/spend_controls/sc_1?version=1', {
      throws: Object.assign(new Error(`connect failed for Bearer ${token}`), {
        config: { headers: { authorization: `Bearer ${token}` } },
      }),
    });
    await server.client.spendControls.get('sc_1').catch(() => {});
    await server.client.spendControls.get('sc_1', { version: 1 }).catch(() => {});
    const text = serializeSnapshot(dehydrate(server.client));
    expect(text).toContain('GatewayError');
    expect(text).toContain('NetworkError');
    expect(text).not.toContain(token);
  });

  it('records what direct calls come to, so observers render preloaded data and failures', async () => {
    const { client } = versionedService(3);
    const sc = client.spendControls;
    await sc.history('sc_1');
    await sc.get('sc_1', { version: 2 });
    await sc.get('sc_404').catch(() => {});
    expect(
      observeHistory(sc, 'sc_1')
        .getResult()
        .data?.map((v) => v.version),
    ).toEqual([1, 2, 3]);
    expect(observeResource(sc, 'sc_1', { version: 2 }).getResult().data).toEqual(control(2));
    expect(observeResource(sc, 'sc_404').getResult().status).toBe('error');
  });

  it('records nothing for an aborted call', async () => {
    const { client, override } = versionedService(3);
    override('/spend_controls/sc_1', { hangs: true });
    const controller = new AbortController();
    const call = client.spendControls.get('sc_1', { signal: controller.signal });
    controller.abort();
    await call.catch(() => {});
    await flush();
    expect(dehydrate(client).reads).toEqual([]);
  });
});
