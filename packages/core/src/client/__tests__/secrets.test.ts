import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../errors/apiError';
import { dehydrate } from '../../ssr/dehydrate';
import { reply, SECRET_TOKEN, scriptedClient } from './scripted';

/** Every way an error gets shown or shipped. */
function renderings(error: unknown): string[] {
  const e = error as ApiError;
  return [
    JSON.stringify(e),
    String(e),
    String(e.stack),
    e.message,
    inspect(e, { depth: 10, showHidden: true }),
    JSON.stringify(e.supportInfo?.()),
    JSON.stringify(Object.entries(e)),
  ];
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('no token in any error', () => {
  it.each([
    ['a gateway 401 that echoes the token', () => reply(401, { message: `token ${SECRET_TOKEN} expired` })],
    [
      'a gateway 403 with an HTML page quoting it',
      () => ({ status: 403, text: `<p>Bearer ${SECRET_TOKEN}</p>` }),
    ],
    [
      'a 422 whose details quote it',
      () =>
        reply(422, {
          message: 'x',
          type: 'R',
          trace_id: 't',
          validation_errors: [{ message: SECRET_TOKEN, details: { auth: `Bearer ${SECRET_TOKEN}` } }],
        }),
    ],
    [
      'a 500 with a text body quoting it',
      () => ({ status: 500, text: `upstream said Authorization: Bearer ${SECRET_TOKEN}` }),
    ],
    [
      'a network failure whose message quotes it',
      () => new TypeError(`connect failed for Bearer ${SECRET_TOKEN}`),
    ],
    ['a malformed 400', () => ({ status: 400, text: `{"message":"${SECRET_TOKEN}"` })],
    [
      'a network failure whose error carries the request options',
      () =>
        Object.assign(new TypeError('fetch failed'), {
          options: { headers: { authorization: `Bearer ${SECRET_TOKEN}` } },
        }),
    ],
  ])('%s', async (_, answer) => {
    const { client } = scriptedClient(answer, { retry: { maxAttempts: 1 } });
    const error = await failure(client.spendControls.update('sc_1', { name: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    for (const text of renderings(error)) {
      expect(text).not.toContain(SECRET_TOKEN);
      expect(text.toLowerCase()).not.toContain('bearer tok');
    }
  });

  it('never carries what a failed getToken was sent (its client secret) into the error or a snapshot', async () => {
    // The shape an HTTP client's rejection takes when a token endpoint refuses: its request config.
    const refused = Object.assign(new Error('Request failed with status code 401'), {
      config: { data: 'client_secret=SUPERSECRET', auth: { username: 'app', password: 'SUPERSECRET' } },
    });
    const { client, requests } = scriptedClient(() => reply(200, {}), {
      getToken: () => Promise.reject(refused),
      retry: { maxAttempts: 1 },
    });
    const error = (await failure(client.spendControls.get('sc_1'))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/getToken failed/);
    expect(requests).toHaveLength(0);
    for (const text of [...renderings(error), JSON.stringify(dehydrate(client))])
      expect(text).not.toContain('SUPERSECRET');
  });

  it('keeps what failed from the cause, never the foreign error itself', async () => {
    const original = Object.assign(new TypeError('fetch failed'), { code: 'ECONNRESET' });
    const { client } = scriptedClient(() => original, { retry: { maxAttempts: 1 } });
    const error = (await failure(client.spendControls.update('sc_1', { name: 'x' }))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).not.toBe(original);
    expect(error.cause).toMatchObject({ name: 'TypeError', message: 'fetch failed', code: 'ECONNRESET' });
  });
});
