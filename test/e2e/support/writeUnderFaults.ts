const AUTH = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

/**
 * A PATCH from outside the browser (another user), retried on what the service's fault profiles
 * inject — 429 (after its Retry-After), 5xx, and 409 like any careful writer — at most `attempts`
 * times. Resolves with the version written.
 */
export async function writeUnderFaults(
  serviceUrl: string,
  path: string,
  patch: object,
  attempts = 10,
): Promise<number> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const response = await fetch(`${serviceUrl}${path}`, {
      method: 'PATCH',
      headers: AUTH,
      body: JSON.stringify(patch),
    });
    if (response.ok) return ((await response.json()) as { version: number }).version;
    await response.body?.cancel();
    if (![409, 429, 500, 502, 503].includes(response.status))
      throw new Error(`PATCH ${path}: ${response.status}`);
    const retryAfter = Number(response.headers.get('retry-after') ?? 0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(retryAfter * 1000, 50)));
  }
  throw new Error(`PATCH ${path} did not succeed in ${attempts} attempts`);
}
