import type { Outbox, OutboxEntry } from '@vstore/core/offline';
import { entryText, settleConflict, spendControlConflictDisplay } from '@vstore/dashboard-kit';
import { ConflictPanel } from '@vstore/dashboard-kit/react';
import { type ConflictChoice, useOutbox, useVStoreClient } from '@vstore/react';
import { useState } from 'react';
import { useAppOutbox, useOnline } from '../offline';

type Choices = Readonly<Record<string, ConflictChoice>>;

/** One change the outbox keeps: what it changes, where it stands, and a held conflict's panel. */
function EntryRow({
  entry,
  outbox,
  online,
  onResolved,
}: {
  entry: OutboxEntry;
  outbox: Outbox;
  online: boolean;
  onResolved: (said: string) => void;
}) {
  const client = useVStoreClient();
  const [error, setError] = useState<string>();
  const { what, state } = entryText(entry, online);
  const write = (id: string, patch: Readonly<Record<string, unknown>>) =>
    outbox.update(client.spendControls, id, patch);
  const decide = (choices: Choices) => {
    setError(undefined);
    settleConflict(outbox, entry, choices, write).then(onResolved, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <li
      className="outbox-entry"
      data-testid="outbox-entry"
      data-kind={entry.kind}
      data-entity={entry.entityId}
      data-status={entry.status}
    >
      <span className="outbox-what">{what}</span>{' '}
      <span className={`pill ${entry.status}`} data-testid="outbox-entry-state">
        {state}
      </span>
      {entry.status === 'failed' && (
        <button
          type="button"
          className="button small"
          data-testid="outbox-discard"
          onClick={() => void outbox.discard(entry.id)}
        >
          Discard
        </button>
      )}
      {entry.status === 'conflict' && entry.conflict && (
        <ConflictPanel
          conflict={entry.conflict}
          display={spendControlConflictDisplay}
          subject={entry.entityId ?? entry.type}
          heading={`Not sent: someone else changed ${entry.entityId} meanwhile`}
          nextStep="nothing is sent until you choose."
          titleId={`conflict-title-${entry.id}`}
          focus={false}
          level={3}
          onDecided={decide}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The changes this browser keeps until they land (the outbox, shared by every tab of the
 * dashboard): edits and deletions made offline or still on their way, each with where it stands,
 * and any held as a conflict with the same base / yours / theirs panel as a conflict found when
 * saving. Hidden while nothing waits, except to say what the last resolution did.
 */
export function OutboxPanel() {
  const outbox = useAppOutbox();
  const online = useOnline();
  const { entries, conflicts } = useOutbox(outbox);
  const [said, setResolved] = useState<string>();
  // What the last resolution did, until another conflict asks for a decision.
  const resolved = conflicts.length === 0 ? said : undefined;
  if (!outbox || (entries.length === 0 && !resolved)) return null;
  return (
    <section className="panel outbox" data-testid="outbox-panel" aria-labelledby="outbox-title">
      <h2 id="outbox-title">Changes waiting</h2>
      {entries.length > 0 ? (
        <>
          <p className="small muted">
            Kept in this browser until the service has them: they survive a reload, and one tab sends them.
          </p>
          <ul className="outbox-entries">
            {entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                outbox={outbox}
                online={online}
                onResolved={setResolved}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="small muted">Every change has landed.</p>
      )}
      {resolved && (
        <p className="notice ok" role="status" data-testid="outbox-resolved">
          {resolved}
        </p>
      )}
    </section>
  );
}
