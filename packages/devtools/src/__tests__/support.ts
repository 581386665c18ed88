import { type Client, createClient, type EntityStore } from '@vstore/core';
import { DEVTOOLS_TAG, type DevtoolsClient, mountDevtools, type VstoreDevtoolsElement } from '../index';

/** Panels mounted by a test, for its afterEach to unmount. */
export const unmounts: Array<() => void> = [];

export function mount(store: EntityStore, options: Parameters<typeof mountDevtools>[1] = {}) {
  return mountClient({ store }, options);
}

/** Renders are coalesced into one microtask. */
export const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** A table's body rows as cell texts (`th` and `td`), the table found by its class. */
export function rows(root: ShadowRoot, table: string): string[][] {
  return [...root.querySelectorAll(`table.${table} tbody tr`)].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

/** Timeline or problem rows without the time column. */
export const writes = (root: ShadowRoot, table: 'timeline' | 'problems' = 'timeline') =>
  rows(root, table).map((cells) => cells.slice(1));

export function button(root: ShadowRoot, name: RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

export function choose(root: ShadowRoot, id: string, value: string): void {
  const select = root.getElementById(id) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export const summary = (root: ShadowRoot) => root.getElementById('summary')?.textContent ?? '';

/** A token the scripted service echoes back in its error messages: the panel must never show it. */
export const TOKEN = 'tok_devtools_SECRET_51a7';

/** A spend control as the service sends it. */
export const control = (id: string, version = 1, account = 'acc_1') => ({
  spend_control_id: id,
  version,
  version_time: new Date(Date.UTC(2026, 0, 1, 0, 0, version)).toISOString(),
  name: `Control ${id}`,
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: account,
});

/** An answer of the scripted service; `delayMs` of (fake) time passes before it arrives. */
export interface Answer {
  status: number;
  body: unknown;
  delayMs?: number;
}

/**
 * A client made by `createClient` over a scripted service (`answer` gets each request's URL), so its
 * reads are real reads of the read cache. Times pass on fake timers.
 */
export function scriptedClient(answer: (url: URL) => Answer): Client {
  const fetch = async (input: RequestInfo | URL) => {
    const {
      status,
      body,
      delayMs = 0,
    } = answer(new URL(input instanceof Request ? input.url : String(input)));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return createClient({ baseUrl: 'https://api.test', getToken: () => TOKEN, fetch });
}

/** A 404 as the service answers a read of an id it does not hold, echoing the token the way a buggy proxy might. */
export const notFound = (id: string): Answer => ({
  status: 404,
  body: { message: `No spend control ${id} (token ${TOKEN}).`, type: 'NotFound', trace_id: 'tr_1' },
});

/** Mounts the panel, open, on a client. */
export function mountClient(client: DevtoolsClient, options: Parameters<typeof mountDevtools>[1] = {}) {
  const unmount = mountDevtools(client, { open: true, ...options });
  unmounts.push(unmount);
  const element = document.querySelector(DEVTOOLS_TAG) as VstoreDevtoolsElement;
  return { unmount, element, root: element.shadowRoot as ShadowRoot };
}
