import {
  BusinessRuleError,
  ConcurrentUpdateError,
  createClient,
  RequestValidationError,
  ResponseShapeError,
} from '@vstore/core';
import { createService, type ListeningService, type Service } from '@vstore/service';
import { afterEach, describe, expect, it } from 'vitest';

// Spec rules whose client side no other test shows on its own; referenced from docs/spec-coverage.md.

const TOKEN = 'dev-token';
let service: Service | undefined;
let server: ListeningService | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  service = undefined;
});

async function startService(options: Parameters<typeof createService>[0] = {}) {
  service = createService({ rateLimit: false, ...options });
  server = await service.listen({ host: '127.0.0.1', port: 0 });
  return { service, url: server.url };
}

interface Seen {
  method: string;
  headers: Headers;
  body: string | undefined;
  responseHeaders: Headers;
}

/** Real fetch, recording what went out and which headers came back. */
function recording(seen: Seen[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    seen.push({
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      responseHeaders: response.headers,
    });
    return response;
  };
}

/** A client whose every request gets `body` with `status`. */
function answering(status: number, body: unknown) {
  return createClient({
    baseUrl: 'https://api.test',
    getToken: () => TOKEN,
    retry: { maxAttempts: 1 },
    fetch: async () => new Response(JSON.stringify(body), { status }),
  });
}

const control = {
  spend_control_id: 'sc_1',
  version: 2,
  version_time: '2026-01-01T00:00:00Z',
  name: 'Travel',
  status: 'active',
  limit: { amount: 10, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
};

describe('client conformance', () => {
  it('Error body: errors are told apart by status and type, never by the wording of message', async () => {
    const rule = { type: 'LimitAmountExceeded', trace_id: 'trace_1' };
    const errors = await Promise.all(
      ['Too high.', 'Request malformed: limit'].map((message) =>
        answering(422, { ...rule, message })
          .spendControls.update('sc_1', { name: 'x' })
          .catch((e: unknown) => e),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(BusinessRuleError);
      expect((error as BusinessRuleError).rule).toBe('LimitAmountExceeded');
    }
    // A message that names another kind does not make it that kind.
    const misleading = await answering(400, {
      message: 'Conflict: BusinessRule failed',
      type: 'RequestValidationError',
      trace_id: 't',
      errors: [{}],
    })
      .spendControls.update('sc_1', { name: 'x' })
      .catch((e: unknown) => e);
    expect(misleading).toBeInstanceOf(RequestValidationError);
  });

  it('Version metadata: a read whose version or version_time is missing or malformed is refused, and nothing is stored', async () => {
    const { version: _v, ...withoutVersion } = control;
    const { version_time: _t, ...withoutTime } = control;
    for (const body of [
      withoutVersion,
      withoutTime,
      { ...control, version: 0 },
      { ...control, version_time: 17 },
    ]) {
      const client = answering(200, body);
      await expect(client.spendControls.get('sc_1')).rejects.toBeInstanceOf(ResponseShapeError);
      expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();
    }
    const client = answering(200, control);
    expect(await client.spendControls.get('sc_1')).toMatchObject({
      version: 2,
      version_time: control.version_time,
    });
  });

  it('Endpoints rule 3 and Versioning 4: an update carries neither the version nor If-Match, and no ETag is needed', async () => {
    const { url } = await startService();
    const seen: Seen[] = [];
    const client = createClient({ baseUrl: url, getToken: () => TOKEN, fetch: recording(seen) });
    await client.spendControls.get('sc_1');
    await client.spendControls.update('sc_1', { name: 'Renamed' });
    const edited = await client.spendControls.edit('sc_1', (draft) => {
      draft.interval = 'weekly';
    });
    expect(edited).toMatchObject({ version: 3, name: 'Renamed', interval: 'weekly' });
    const patches = seen.filter((s) => s.method === 'PATCH');
    expect(patches).toHaveLength(2);
    for (const patch of patches) {
      expect(patch.headers.has('if-match')).toBe(false);
      expect(patch.headers.has('if-none-match')).toBe(false);
      expect(Object.keys(JSON.parse(patch.body ?? '{}'))).not.toContain('version');
    }
    expect(seen.every((s) => !s.responseHeaders.has('etag'))).toBe(true);
  });

  it('409 case 1: an update that lost to a concurrent write is not resent unchanged', async () => {
    const { service, url } = await startService({ writeDelayMs: 150 });
    const seen: Seen[] = [];
    const winner = createClient({ baseUrl: url, getToken: () => TOKEN });
    const loser = createClient({ baseUrl: url, getToken: () => TOKEN, fetch: recording(seen) });
    const first = winner.spendControls.update('sc_2', { name: 'first' });
    const deadline = Date.now() + 5000;
    while (service.inspect().pendingWrites === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const error = await loser.spendControls.update('sc_2', { name: 'second' }).catch((e: unknown) => e);
    await first;
    expect(error).toBeInstanceOf(ConcurrentUpdateError);
    expect((error as ConcurrentUpdateError).details).toEqual({
      object_type: 'spend_control',
      object_id: 'sc_2',
      expected_version: 1,
      found_version: 2,
    });
    expect(seen.filter((s) => s.method === 'PATCH')).toHaveLength(1);
  });

  it('Limits 3: version 0 reads the latest over HTTP, and a reply carrying version 0 is refused', async () => {
    const { url } = await startService();
    const seen: Seen[] = [];
    const client = createClient({ baseUrl: url, getToken: () => TOKEN, fetch: recording(seen) });
    await client.spendControls.update('sc_3', { name: 'Later' });
    expect(await client.spendControls.get('sc_3', { version: 0 })).toMatchObject({
      version: 2,
      name: 'Later',
    });
    expect(await client.spendControls.get('sc_3', { version: 1 })).toMatchObject({ version: 1 });
    expect(client.store.get('spend_control', 'sc_3')).toMatchObject({ version: 2 });
    await expect(answering(200, { ...control, version: 0 }).spendControls.get('sc_1')).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});
