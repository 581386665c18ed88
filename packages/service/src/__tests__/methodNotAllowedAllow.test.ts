// Found by review 35 (failed before its fix): a method no route serves (PUT) on a path that exists
// got an Allow listing every method of the service, not the methods of that path (RFC 9110 10.2.1).
// Found by review 40 (failed before its fix): that list then left out OPTIONS, which every path answers.
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

describe('405 for a method the path does not serve', () => {
  it('lists in Allow the methods of that path, whether another path serves the method or none does', async () => {
    const service = createService();
    expect((await call(service, '/spend_controls/sc_1', { method: 'OPTIONS' })).status).toBe(204);
    for (const method of ['POST', 'DELETE', 'PUT', 'HEAD']) {
      const answer = await call(service, '/spend_controls/sc_1', { method });
      expect({ method, status: answer.status, allow: answer.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'GET, PATCH, OPTIONS',
      });
    }
    expect((await call(service, '/spend_controls', { method: 'PUT' })).headers.get('allow')).toBe(
      'GET, POST, OPTIONS',
    );
  });

  it('lists every served method where no path matches, and answers a served one 404', async () => {
    const service = createService();
    const put = await call(service, '/nothing', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, PATCH, DELETE, OPTIONS');
    expect((await call(service, '/nothing', { method: 'PATCH' })).status).toBe(404);
  });
});
