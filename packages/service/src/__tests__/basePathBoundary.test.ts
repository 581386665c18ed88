// Found by review 35 (failed before its fix): basePath was matched as a bare prefix, so
// `/v1spend_controls/sc_1` was served under `/v1`; and a path outside it got 404 before the
// gateway, which answers 401/403 before any route, unknown paths included.
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

describe('basePath', () => {
  it('ends at a segment boundary: /v1spend_controls is not /v1/spend_controls', async () => {
    const service = createService({ basePath: '/v1' });
    expect((await call(service, '/v1/spend_controls/sc_1')).status).toBe(200);
    expect(await call(service, '/v1spend_controls/sc_1')).toMatchObject({
      status: 404,
      body: { type: 'RouteNotFound' },
    });
  });

  it('keeps the gateway in front of paths outside it', async () => {
    const service = createService({ basePath: '/v1', inactiveTokens: ['asleep'] });
    for (const path of ['/v1/nope', '/nope', '/v1x/spend_controls']) {
      expect({ path, status: (await call(service, path, { token: null })).status }).toEqual({
        path,
        status: 401,
      });
      expect({ path, status: (await call(service, path, { token: 'asleep' })).status }).toEqual({
        path,
        status: 403,
      });
      expect({ path, status: (await call(service, path)).status }).toEqual({ path, status: 404 });
    }
  });
});
