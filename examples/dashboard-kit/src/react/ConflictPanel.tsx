import type { ConflictChoice, EditConflict } from '@vstore/core';
import { useEffect, useRef, useState } from 'react';
import { type ConflictDisplay, conflictRows, unresolvedFields } from '../editConflict';

interface Props {
  /** The conflict, as core gives it: `editConflictOf(error)`, a local `threeWayDiff`, or an outbox entry's. */
  conflict: EditConflict<object>;
  display: ConflictDisplay;
  /** What was saved over, e.g. "sc_1"; said in the heading. */
  subject: string;
  /** What happens once every field has a choice; said under the heading. */
  nextStep: string;
  /** Called once every conflicting field has a choice. */
  onDecided(choices: Readonly<Record<string, ConflictChoice>>): void;
  /** The heading's id (unique on the page). @default 'conflict-title' */
  titleId?: string;
  /** Moves keyboard focus to the heading on mount: right when a Save just opened it. @default true */
  focus?: boolean;
  /** The heading. @default 'Not saved: someone else changed {subject} meanwhile' */
  heading?: string;
  /** The heading's level, one below the section it sits in. @default 4 */
  level?: 3 | 4;
}

/**
 * A change that met another writer's change to the same field: per field, the value it was made
 * on, this person's and the other writer's, and a choice between keeping mine and taking theirs.
 * The same panel for a conflict found when saving and one the outbox found on reconnect. Shared by
 * the React dashboard; the Vue dashboard has the same markup and test ids in its own component.
 */
export function ConflictPanel({
  conflict,
  display,
  subject,
  nextStep,
  onDecided,
  titleId = 'conflict-title',
  focus = true,
  heading = `Not saved: someone else changed ${subject} meanwhile`,
  level = 4,
}: Props) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const [choices, setChoices] = useState<Partial<Record<string, ConflictChoice>>>({});
  const [shown, setShown] = useState(conflict);
  // Another conflict in the same place starts with no choices (React's "adjust state during render").
  if (shown !== conflict) {
    setShown(conflict);
    setChoices({});
  }
  const rows = conflictRows(conflict, display);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  const choose = (field: string, choice: ConflictChoice) => {
    const next = { ...choices, [field]: choice };
    setChoices(next);
    if (unresolvedFields(conflict, next).length === 0) onDecided(next as Record<string, ConflictChoice>);
  };
  return (
    <section className="conflict" role="alert" aria-labelledby={titleId} data-testid="conflict-panel">
      <Heading id={titleId} ref={title} tabIndex={-1}>
        {heading}
      </Heading>
      <p className="small">
        Both of you changed {rows.length === 1 ? 'this field' : 'these fields'}. Choose, per field, which
        value to keep; {nextStep}
      </p>
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When you made your change</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs (now saved)</th>
            <th scope="col">
              <span className="visually-hidden">Choice</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-testid={`conflict-row-${row.field}`}>
              <th scope="row">{row.label}</th>
              <td data-testid="conflict-base">{row.base}</td>
              <td data-testid="conflict-mine">{row.mine}</td>
              <td data-testid="conflict-theirs">{row.theirs}</td>
              <td className="conflict-actions">
                <button
                  type="button"
                  className="button small"
                  aria-pressed={choices[row.field] === 'mine'}
                  aria-label={`Keep mine for ${row.label}: ${row.mine}`}
                  onClick={() => choose(row.field, 'mine')}
                  data-testid={`conflict-keep-mine-${row.field}`}
                >
                  Keep mine
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-pressed={choices[row.field] === 'theirs'}
                  aria-label={`Take theirs for ${row.label}: ${row.theirs}`}
                  onClick={() => choose(row.field, 'theirs')}
                  data-testid={`conflict-take-theirs-${row.field}`}
                >
                  Take theirs
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
