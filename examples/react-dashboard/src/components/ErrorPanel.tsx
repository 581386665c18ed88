import { describeError } from '@vstore/dashboard-kit';
import { NetworkError } from '@vstore/react';
import { useState } from 'react';
import { useOnline } from '../offline';

interface Props {
  error: unknown;
  /** What the user was doing, e.g. "Saving sc_1". */
  context: string;
  /** `write` when the action was a save: a read it made on the way is then worded as part of the save. */
  action?: 'read' | 'write';
  /** Shows a Retry button that calls this. */
  onRetry?: (() => void) | undefined;
  testId?: string;
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

/**
 * An error, said plainly, with the support data one would quote to the service's support. Offline,
 * a request that could not reach the service is no fault to report: it says so, and that it is
 * tried again once the page is back online.
 */
export function ErrorPanel(props: Props) {
  const online = useOnline();
  // A fetch that never reached anyone: core's NetworkError, or fetch's own TypeError (the admin route).
  if (!online && (props.error instanceof NetworkError || props.error instanceof TypeError))
    return (
      <p className="notice warn" role="status" data-testid="offline-notice">
        You are offline: {props.context.charAt(0).toLowerCase()}
        {props.context.slice(1)} waits until the connection is back. What this browser saved is shown.
      </p>
    );
  return <Reported {...props} />;
}

function Reported({ error, context, action = 'read', onRetry, testId = 'error-panel' }: Props) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { title, message, support } = describeError(error, context, action);
  return (
    <div className="error-panel" role="alert" data-testid={testId}>
      <div className="error-title">{title}</div>
      <p className="error-message" data-testid="error-message">
        {message}
      </p>
      <pre className="support-info" data-testid="support-info">
        {support}
      </pre>
      <div className="error-actions">
        {onRetry && (
          <button type="button" className="button small primary" data-testid="error-retry" onClick={onRetry}>
            Retry
          </button>
        )}
        <button
          type="button"
          className="button small"
          data-testid="copy-support-info"
          onClick={() => void copy(support).then((ok) => setCopied(ok ? 'copied' : 'failed'))}
        >
          {copied === 'copied'
            ? 'Copied'
            : copied === 'failed'
              ? 'Select and copy the text'
              : 'Copy support info'}
        </button>
      </div>
    </div>
  );
}
