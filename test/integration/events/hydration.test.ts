import { createClient, getClientEvents } from '@vstore/core';
import { createService, type ListeningService, type Service } from '@vstore/service';
import { afterEach, describe, expect, it, vi } from 'vitest';

let service: Service | undefined;
let server: ListeningService | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await server?.close();
  await service?.close();
});

describe('server rendering', () => {
  it('hydrates a snapshot through the gate: a stale snapshot never overwrites newer client data', async () => {
    service = createService();
    server = await service.listen();
    const getToken = () => 'dev-token';

    // The server renders the page: it reads, then dehydrates its store into the HTML as JSON.
    const ssr = createClient({ baseUrl: server.url, getToken });
    await ssr.spendControls.get('sc_1');
    await ssr.spendControls.get('sc_2');
    const html = `<script id="state" type="application/json">${JSON.stringify(ssr.store.dehydrate())}</script>`;

    // Before the browser hydrates, it already heard of a newer sc_1 through the relay.
    const browser = createClient({ baseUrl: server.url, getToken });
    cleanups.push(getClientEvents(browser).connect('/events'));
    await vi.waitFor(() => expect(getClientEvents(browser).getConnectionState()).toBe('open'), {
      timeout: 10_000,
    });
    await createClient({ baseUrl: server.url, getToken }).spendControls.update('sc_1', { name: 'Renamed' });
    await vi.waitFor(() => expect(browser.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 }), {
      timeout: 10_000,
    });
    const newer = browser.store.get('spend_control', 'sc_1');
    let notified = 0;
    cleanups.push(browser.store.subscribe('spend_control', 'sc_1', () => notified++));

    const json = /<script id="state" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? 'null';
    const result = browser.store.hydrate(JSON.parse(json));

    expect(result).toMatchObject({ applied: 1, stale: 1 });
    expect(browser.store.get('spend_control', 'sc_1')).toBe(newer);
    expect(browser.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2, name: 'Renamed' });
    expect(browser.store.get('spend_control', 'sc_2')).toMatchObject({ version: 1 });
    expect(notified).toBe(0);
  });
});
