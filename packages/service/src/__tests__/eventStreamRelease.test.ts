import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import type { Service } from '../service';
import { TOKEN } from './request';

const STREAMS = 200;

/** Node's collector, reachable without starting the test process with --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Opens `count` streams through the fetch handler and keeps none of them. */
async function openAndDrop(service: Service, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await service.fetch(
      new Request('http://s/events', { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(response.status).toBe(200);
  }
}

/** Collects and yields to the event loop (where finalizers run) until `done`, at most `rounds` times. */
async function collectUntil(gc: () => void, done: () => boolean, rounds = 100): Promise<void> {
  for (let round = 0; round < rounds && !done(); round += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('event streams opened through the fetch handler', () => {
  it('unsubscribes each stream whose request signal aborts, without a cancel', async () => {
    const service = createService({ rateLimit: false });
    const controllers: AbortController[] = [];
    const responses: Response[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const controller = new AbortController();
      controllers.push(controller);
      responses.push(
        await service.fetch(
          new Request('http://s/events', {
            headers: { authorization: `Bearer ${TOKEN}` },
            signal: controller.signal,
          }),
        ),
      );
    }
    expect(service.inspect().webhooks.subscribers).toBe(STREAMS);
    for (const controller of controllers) controller.abort();
    expect(service.inspect().webhooks.subscribers).toBe(0);
    // The responses were held the whole time: the abort released them, not the collector.
    expect(responses).toHaveLength(STREAMS);
    await service.close();
  });

  it('does not open a stream for a request whose signal has already aborted', async () => {
    const service = createService({ rateLimit: false });
    const request = new Request('http://s/events', {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: AbortSignal.abort(),
    });
    await service.fetch(request);
    expect(service.inspect().webhooks.subscribers).toBe(0);
    await service.close();
  });

  it('unsubscribes streams whose consumer dropped them unread, once they are collected', async () => {
    const gc = collector();
    const service = createService({ rateLimit: false });
    await openAndDrop(service, STREAMS);
    expect(service.inspect().webhooks.subscribers).toBe(STREAMS);
    await collectUntil(gc, () => service.inspect().webhooks.subscribers === 0);
    expect(service.inspect().webhooks.subscribers).toBe(0);
    // The service still streams to a consumer that keeps its stream.
    const kept = await service.fetch(
      new Request('http://s/events', { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(service.inspect().webhooks.subscribers).toBe(1);
    await kept.body?.cancel();
    expect(service.inspect().webhooks.subscribers).toBe(0);
    await service.close();
  });
});
