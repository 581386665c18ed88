/**
 * Wraps a direct client's fetch: a PATCH the service answered 2xx loses its answer with chance
 * `rate`, drawn from its own seeded stream, one draw per 2xx PATCH. The write committed and the
 * client hears a reset connection, so its `edit` must settle the outcome by reading. The service's
 * own 5xx-after-commit faults do the same, but which request draws one depends on the order the
 * clients' requests arrive in; this keeps some lost answers in every run whatever the timing.
 */
export function losingAnswers(inner: typeof fetch, random: () => number, rate: number): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if ((init?.method ?? 'GET') !== 'PATCH' || !response.ok || !(random() < rate)) return response;
    await response.arrayBuffer();
    throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
  };
}
