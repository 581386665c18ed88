// Found by review 35 (failed before its fix): `?version=` with an empty value read as the latest
// version, though only an omitted version or 0 means latest (an empty `limit=` is a 400 too).
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

describe('GET /spend_controls/{id}?version= (an empty value)', () => {
  it('is a 400 invalid_type, while an omitted version and 0 read the latest', async () => {
    const service = createService();
    expect(await call(service, '/spend_controls/sc_1?version=')).toMatchObject({
      status: 400,
      body: { errors: [{ location: 'query', field: 'version', code: 'invalid_type' }] },
    });
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(200);
    expect((await call(service, '/spend_controls/sc_1?version=0')).status).toBe(200);
  });
});
