import { createClient, dehydrate, serializeSnapshot } from '@vstore/react';
import { renderToString } from 'react-dom/server';
import { Page } from './Page';

export interface RenderOptions {
  serviceUrl: string;
  token: string;
}

/**
 * Renders the detail view of spend control `id`: first the reads it makes, with the client's own
 * calls (the control, its history, and the two newest versions its diff compares), then the markup,
 * then the snapshot that lets the browser's client show the same. One client per request: a shared
 * one would carry one visitor's data into another's page.
 */
export async function render(id: string, { serviceUrl, token }: RenderOptions) {
  const client = createClient({ baseUrl: serviceUrl, getToken: () => token, environment: 'ssr-demo' });
  const controls = client.spendControls;
  // A failed read is part of the page too: its error renders, and travels in the snapshot.
  const [, history] = await Promise.allSettled([controls.get(id), controls.history(id)]);
  const newest = history.status === 'fulfilled' ? (history.value.at(-1)?.version ?? 1) : 1;
  await Promise.allSettled(
    [...new Set([Math.max(1, newest - 1), newest])].map((version) => controls.get(id, { version })),
  );
  const html = renderToString(<Page client={client} id={id} />);
  return { html, snapshot: serializeSnapshot(dehydrate(client)) };
}
