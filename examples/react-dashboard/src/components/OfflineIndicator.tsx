import { indicatorText } from '@vstore/dashboard-kit';
import { useOutbox } from '@vstore/react';
import { useAppOutbox, useOnline } from '../offline';

/**
 * Online or offline, and how many changes wait in the outbox: a person who edits offline sees that
 * the change is kept and will be sent, and how many are left.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const { pending, conflicts } = useOutbox(useAppOutbox());
  return (
    <p
      className={`offline-indicator ${online ? 'online' : 'offline'}`}
      role="status"
      data-testid="offline-indicator"
      data-online={online}
      data-pending={pending.length}
      data-conflicts={conflicts.length}
    >
      <span className={`dot ${online ? 'open' : 'closed'}`} aria-hidden="true" />{' '}
      {indicatorText(online, pending.length, conflicts.length)}
    </p>
  );
}
