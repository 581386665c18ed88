const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Last-Event-ID, Cache-Control';
const EXPOSE_HEADERS = 'Retry-After, Idempotency-Key, Idempotent-Replayed, Location';
const ALLOW_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';

/** Answer to a CORS preflight; dashboards run on another localhost port. */
export function preflight(origin: string | undefined): Response {
  const response = new Response(null, { status: 204 });
  if (origin !== undefined) {
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-allow-methods', ALLOW_METHODS);
    response.headers.set('access-control-allow-headers', ALLOW_HEADERS);
    response.headers.set('access-control-max-age', '600');
    if (origin !== '*') response.headers.set('vary', 'Origin');
  }
  return response;
}

export function withCors(response: Response, origin: string | undefined): Response {
  if (origin === undefined) return response;
  response.headers.set('access-control-allow-origin', origin);
  response.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
  if (origin !== '*') response.headers.append('vary', 'Origin');
  return response;
}
