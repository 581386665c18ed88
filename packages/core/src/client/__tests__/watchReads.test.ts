import { describe, expect, it } from 'vitest';
import { readStates, watchReads } from '../watchReads';
import { reply, scriptedClient, spendControl } from './scripted';

describe('watchReads / readStates', () => {
  it("reports each change of a read's state with its action, and lists every read with its state", async () => {
    const { client } = scriptedClient((q) =>
      q.url.endsWith('sc_9')
        ? reply(404, { message: 'gone', type: 'NotFound', trace_id: 't' })
        : reply(200, spendControl(2)),
    );
    const seen: string[] = [];
    const stop = watchReads(client, (change) => seen.push(`${change.id}:${change.read}:${change.action}`));
    await client.spendControls.get('sc_1');
    await client.spendControls.get('sc_9').catch(() => {});
    stop();
    await client.spendControls.get('sc_1');
    expect(seen).toEqual([
      'sc_1:0:started',
      'sc_1:0:confirmed',
      'sc_1:0:succeeded',
      'sc_9:0:started',
      'sc_9:0:failed',
    ]);
    const failed = readStates(client).find((read) => read.id === 'sc_9');
    expect(failed).toMatchObject({ type: 'spend_control', read: 0, state: { isFetching: false } });
    expect(failed?.state.error?.name).toBe('ApiError');
  });
});
