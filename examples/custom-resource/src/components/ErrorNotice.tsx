import { ApiError } from '@vstore/react';

/** An error said plainly; an API error with its status and trace id, which support can look up. */
export function ErrorNotice({
  error,
  context,
  onRetry,
}: {
  error: unknown;
  context: string;
  onRetry?: () => void;
}) {
  const message = error instanceof Error ? error.message : String(error);
  const info = error instanceof ApiError ? error.supportInfo() : undefined;
  return (
    <div className="error-panel" role="alert" data-testid="error-notice">
      <div className="error-title">
        {context} failed{error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : ''}
      </div>
      <p className="error-message">{message}</p>
      {info?.trace_id && <p className="small">Trace id: {info.trace_id}</p>}
      {onRetry && (
        <button type="button" className="button small" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
