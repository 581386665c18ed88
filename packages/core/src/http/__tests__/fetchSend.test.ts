import { lastValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fetchSend } from '../request';

describe('fetchSend', () => {
  it('aborts a request still in flight, and leaves one that already ended alone', async () => {
    const signals: AbortSignal[] = [];
    const send = fetchSend(async (_url, init) => {
      if (init?.signal) signals.push(init.signal);
      return new Response('{}', { status: 200 });
    });
    const raw = await lastValueFrom(send({ method: 'GET', url: 'http://svc.test/x', headers: {} }));
    expect(raw.status).toBe(200);
    // Aborting after the end would only build a DOMException nobody reads, on every request.
    expect(signals[0]?.aborted).toBe(false);

    const pending = send({ method: 'GET', url: 'http://svc.test/y', headers: {} }).subscribe({
      error: () => {},
    });
    pending.unsubscribe();
    expect(signals[1]?.aborted).toBe(true);
  });
});
