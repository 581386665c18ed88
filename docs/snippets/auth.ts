// Where a token comes from is your app's business (a session at
// your backend, an OAuth library, …). This one asks the app's own
// backend for the signed-in user's.
export async function getAccessToken(): Promise<string> {
  const response = await fetch('/session/token', { credentials: 'include' });
  if (!response.ok)
    throw new Error(`Could not get an access token (HTTP ${response.status}); sign in again.`);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}
