import { ApiError } from '@vstore/core';

export interface ErrorText {
  /** `Saving sc_1 failed (HTTP 503)`: what the person was doing, not which request broke. */
  readonly title: string;
  readonly message: string;
  /** JSON to quote to support: the API error's support data (never a token), or name and message. */
  readonly support: string;
}

/** Sentences end with one period: core appends one to a server message that may already end with one. */
export function tidyMessage(message: string): string {
  return message.replace(/([.!?])\.+(?=\s|$)/g, '$1');
}

/**
 * How the dashboards word an error. `context` names the action ("Saving sc_1"); when the request that
 * failed was a read made on the way (an edit reads the latest version before it writes), the message
 * says so instead of opening with `GET … failed`.
 */
export function describeError(error: unknown, context: string, action: 'read' | 'write' = 'read'): ErrorText {
  const status = error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : '';
  let message = tidyMessage(error instanceof Error ? error.message : String(error));
  if (action === 'write' && error instanceof ApiError && error.request.method === 'GET') {
    message = `Reading the latest version before saving did not work: ${message}`;
  }
  const support =
    error instanceof ApiError
      ? JSON.stringify({ error: error.name, status: error.status, ...error.supportInfo() }, null, 2)
      : error instanceof Error
        ? JSON.stringify({ error: error.name, message: tidyMessage(error.message) }, null, 2)
        : String(error);
  return { title: `${context} failed${status}`, message, support };
}
