// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, defineResource, z } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useResource } from '../useResource';
import { useVStoreClient, VStoreProvider } from '../vstoreProvider';

afterEach(cleanup);

const notes = defineResource({
  type: 'note',
  path: '/notes',
  idKey: 'note_id',
  schema: z.looseObject({ note_id: z.string(), text: z.string() }),
  versioned: false,
});

function Note({ statuses }: { statuses: string[] }) {
  // client.resource gives the same object for the same definition, so this is stable across renders.
  const { data, status } = useResource(useVStoreClient().resource(notes), 'n_1', { suspense: false });
  statuses.push(status);
  return <span data-testid="note">{data ? data.text : status}</span>;
}

describe('useResource', () => {
  it('renders a resource of your own without versions to success, with one request', async () => {
    const fetch = vi.fn(
      async (url: RequestInfo | URL) =>
        new Response(JSON.stringify({ note_id: String(url).split('/').at(-1), text: 'hello' }), {
          status: 200,
        }),
    );
    const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 'test-token', fetch });
    const statuses: string[] = [];
    render(
      <VStoreProvider client={client}>
        <Note statuses={statuses} />
      </VStoreProvider>,
    );
    expect((await screen.findByText('hello')).textContent).toBe('hello');
    await act(async () => {});
    expect(statuses.at(-1)).toBe('success');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
