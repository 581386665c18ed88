import { ApiError } from '@vstore/react';
import { useState } from 'react';

interface Props {
  error: unknown;
  /** What the user was doing, e.g. "Saving sc_1". */
  context: string;
  testId?: string;
}

/** The support data of an API error (no token is ever part of it), or name and message otherwise. */
function supportText(error: unknown): string {
  if (error instanceof ApiError) {
    return JSON.stringify({ error: error.name, status: error.status, ...error.supportInfo() }, null, 2);
  }
  if (error instanceof Error) return JSON.stringify({ error: error.name, message: error.message }, null, 2);
  return String(error);
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard access needs a secure context or permission; selecting the text still works.
    return false;
  }
}

/** An error, said plainly, with the support data one would quote to the service's support. */
export function ErrorPanel({ error, context, testId = 'error-panel' }: Props) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = supportText(error);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error-panel" role="alert" data-testid={testId}>
      <div className="error-title">
        {context} failed{error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : ''}
      </div>
      <p className="error-message">{message}</p>
      <pre className="support-info" data-testid="support-info">
        {text}
      </pre>
      <button
        type="button"
        className="button small"
        data-testid="copy-support-info"
        onClick={() => void copy(text).then((ok) => setCopied(ok ? 'copied' : 'failed'))}
      >
        {copied === 'copied'
          ? 'Copied'
          : copied === 'failed'
            ? 'Select and copy the text'
            : 'Copy support info'}
      </button>
    </div>
  );
}
