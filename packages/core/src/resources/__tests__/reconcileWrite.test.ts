import { beforeAll, describe, expect, it } from 'vitest';
import { reply, scriptedClient, spendControl } from '../../client/__tests__/scripted';
import { ApiError, NetworkError } from '../../errors/apiError';
import type { EditOutcome } from '../editResource';
import { loadEdit } from '../editResource';
import { notes } from './notes';
import { versionedService } from './versionedService';

type SC = ReturnType<typeof spendControl>;
beforeAll(() => loadEdit());

const rename = (draft: { name: string | null }) => {
  draft.name = 'Trips';
};
const methods = (requests: { method: string }[]) => requests.map((q) => q.method);

describe('edit whose PATCH answer is lost', () => {
  it.each([
    ['a 503 after the commit', 'after-503'],
    ['a dropped connection after the commit', 'after-drop'],
  ] as const)('resolves by reading when %s left the change in place, and says so', async (_, lost) => {
    const service = versionedService((n) => (n === 1 ? { lost } : undefined));
    const { client, requests } = scriptedClient(service.script);
    const outcomes: EditOutcome<SC>[] = [];
    const result = await client.spendControls.edit('sc_1', rename, {
      onOutcome: (o) => outcomes.push(o as EditOutcome<SC>),
    });
    expect(methods(requests)).toEqual(['GET', 'PATCH', 'GET']); // never sent twice
    expect(result).toMatchObject({ version: 2, name: 'Trips' });
    expect(client.store.get('spend_control', 'sc_1')).toBe(result);
    expect(outcomes[0]).toMatchObject({ result: 'reconciled', attempts: 1, fields: ['name'] });
  });

  it('fails with the original error, now saying the outcome is unknown, when the change is not there', async () => {
    const service = versionedService((n) => (n === 1 ? { lost: 'before-503' } : undefined));
    const { client, requests } = scriptedClient(service.script);
    const error = await client.spendControls.edit('sc_1', rename).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, outcomeUnknown: true });
    expect((error as Error).message).toMatch(
      /^PATCH \/spend_controls\/sc_1 failed with status 503: Service unavailable\. /,
    );
    expect((error as Error).message).toContain('outcome of this write is unknown');
    expect((error as Error).stack).toContain('outcome of this write is unknown');
    expect(methods(requests)).toEqual(['GET', 'PATCH', 'GET']);
  });

  it('does not take a newer state that carries other values as its own write', async () => {
    const service = versionedService((n) => (n === 1 ? { lost: 'before-503' } : undefined));
    const { client } = scriptedClient((q) => {
      const answer = service.script(q);
      // Someone else wrote between the lost PATCH and the read: newer, but without our name.
      if (q.method === 'PATCH') service.commit({ status: 'paused' });
      return answer;
    });
    const error = await client.spendControls.edit('sc_1', rename).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, outcomeUnknown: true });
    expect((error as Error).message).toContain('does not carry name');
  });

  it('keeps the original error when the read fails too', async () => {
    let patched = false;
    const { client } = scriptedClient(
      (q) => {
        if (q.method === 'PATCH') {
          patched = true;
          return new TypeError('socket hang up');
        }
        return patched ? reply(502, { message: 'bad gateway' }) : reply(200, spendControl(1));
      },
      { retry: { maxAttempts: 1 } },
    );
    const error = await client.spendControls.edit('sc_1', rename).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect((error as Error).message).toContain('reading the latest state failed too');
  });
});

describe('update whose PATCH answer is lost', () => {
  it('resolves with the read that shows the change, telling onReconciled', async () => {
    const service = versionedService(() => ({ lost: 'after-503' }));
    const { client, requests } = scriptedClient(service.script);
    await client.spendControls.get('sc_1');
    const reconciled: [number, number][] = [];
    const result = await client.spendControls.update(
      'sc_1',
      { name: 'Trips' },
      { onReconciled: (latest, lost) => reconciled.push([latest.version, lost.status]) },
    );
    expect(result).toMatchObject({ version: 2, name: 'Trips' });
    expect(reconciled).toEqual([[2, 503]]);
    expect(methods(requests)).toEqual(['GET', 'PATCH', 'GET']);
  });

  it('does not count a state no newer than the held copy, though it carries the values', async () => {
    const { client } = scriptedClient((q) =>
      q.method === 'GET' ? reply(200, spendControl(1, { name: 'Trips' })) : reply(500, { message: 'boom' }),
    );
    await client.spendControls.get('sc_1');
    const error = await client.spendControls.update('sc_1', { name: 'Trips' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, outcomeUnknown: true });
    expect((error as Error).message).toContain('no newer');
  });

  it('leaves other failures as they were', async () => {
    const { client, requests } = scriptedClient(() => reply(404, { message: 'gone' }));
    const error = await client.spendControls.update('sc_1', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, outcomeUnknown: false });
    expect(methods(requests)).toEqual(['PATCH']);
  });
});

describe('a resource without versions', () => {
  it('settles a lost update by the fields alone', async () => {
    let text = 'old';
    const { client } = scriptedClient((q) => {
      if (q.method === 'GET') return reply(200, { note_id: 'n1', text });
      text = (JSON.parse(q.body ?? '{}') as { text: string }).text;
      return reply(502, { message: 'bad gateway' });
    });
    const api = client.resource(notes);
    expect(await api.update('n1', { text: 'new' })).toEqual({ note_id: 'n1', text: 'new' });
  });
});
