/**
 * Where an access token comes from is your app's business (a session exchanged at your backend, an
 * OAuth library, …). The client calls `getToken` lazily, caches what it returns, and calls it once
 * more when the gateway answers 401. This one asks the app's own backend for the signed-in user's.
 */
export async function getAccessToken(): Promise<string> {
  const response = await fetch('/session/token', { credentials: 'include' });
  if (!response.ok)
    throw new Error(`Could not get an access token (HTTP ${response.status}); sign in again.`);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}
