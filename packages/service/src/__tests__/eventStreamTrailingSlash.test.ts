// Found by review 35 (failed before its fix): the stream was told apart by its exact path
// (`/events`), but the router serves it at `/events/` too, where 429 and 5xx faults then reached it.
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { TOKEN } from './request';

describe('GET /events/ (the stream, with a trailing slash)', () => {
  it('is spared 5xx and 429 faults as GET /events is', async () => {
    for (const faults of [{ serverErrorRate: 1 }, { rateLimitBurstRate: 1 }]) {
      const service = createService({ faults });
      for (const path of ['/events', '/events/']) {
        const abort = new AbortController();
        const response = await service.fetch(
          new Request(`http://s${path}`, {
            headers: { authorization: `Bearer ${TOKEN}` },
            signal: abort.signal,
          }),
        );
        abort.abort();
        expect({ path, faults, status: response.status }).toEqual({ path, faults, status: 200 });
        expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      }
      await service.close();
    }
  });
});
