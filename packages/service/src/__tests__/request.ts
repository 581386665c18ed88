import type { Service } from '../service';

export const TOKEN = 'dev-token';

export interface Call {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
}

/** Sends one request through `service.fetch` and returns status, headers and parsed body. */
export async function call(
  service: Service,
  path: string,
  { method = 'GET', body, headers = {}, token = TOKEN }: Call = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const init: RequestInit = {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await service.fetch(new Request(`http://service.test${path}`, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : JSON.parse(text) };
}

export const newControl = {
  name: 'Office',
  limit: { amount: 300, currency: 'USD' },
  interval: 'weekly',
  account_id: 'acc_1',
} as const;
