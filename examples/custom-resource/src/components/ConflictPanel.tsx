import type { ConflictChoice, EditConflict } from '@vstore/react';
import { useEffect, useRef, useState } from 'react';

/** How a field reads in the panel: its label and its value as text. */
export interface ConflictDisplay {
  label(field: string): string;
  format(field: string, value: unknown): string;
}

const fieldOf = (entity: object, field: string): unknown =>
  Object.hasOwn(entity, field) ? (entity as Record<string, unknown>)[field] : undefined;

interface Props<T extends object> {
  /** The conflict as core gives it: `editConflictOf(error)`. */
  conflict: EditConflict<T>;
  display: ConflictDisplay;
  /** What was saved over, e.g. "inv_1"; said in the heading. */
  subject: string;
  /** Called once every conflicting field has a choice (then `resolveConflict` of core goes on). */
  onDecided(choices: Readonly<Record<string, ConflictChoice>>): void;
}

/**
 * A save stopped at a real conflict: per field, the value the form was opened on, this person's and
 * the other writer's, and a choice between keeping mine and taking theirs. Keyboard focus moves to
 * it, since the Save button that opened it is disabled while it shows.
 */
export function ConflictPanel<T extends object>({ conflict, display, subject, onDecided }: Props<T>) {
  const [choices, setChoices] = useState<Partial<Record<string, ConflictChoice>>>({});
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const choose = (field: string, choice: ConflictChoice) => {
    const next = { ...choices, [field]: choice };
    setChoices(next);
    if (conflict.fields.every((f) => next[f] === 'mine' || next[f] === 'theirs'))
      onDecided(next as Record<string, ConflictChoice>);
  };
  return (
    <section className="conflict" role="alert" aria-labelledby="conflict-title" data-testid="conflict-panel">
      <h4 id="conflict-title" ref={title} tabIndex={-1}>
        Not saved: someone else changed {subject} meanwhile
      </h4>
      <p className="small">
        Both of you changed {conflict.fields.length === 1 ? 'this field' : 'these fields'}. Choose, per field,
        which value to keep; nothing is sent until you save again.
      </p>
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When you opened it</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs (now saved)</th>
            <th scope="col">
              <span className="visually-hidden">Choice</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((field) => {
            const label = display.label(field);
            const [base, mine, theirs] = [conflict.base, conflict.mine, conflict.theirs].map((state) =>
              display.format(field, fieldOf(state, field)),
            );
            return (
              <tr key={field} data-testid={`conflict-row-${field}`}>
                <th scope="row">{label}</th>
                <td data-testid="conflict-base">{base}</td>
                <td data-testid="conflict-mine">{mine}</td>
                <td data-testid="conflict-theirs">{theirs}</td>
                <td className="conflict-actions">
                  <button
                    type="button"
                    className="button small"
                    aria-pressed={choices[field] === 'mine'}
                    aria-label={`Keep mine for ${label}: ${mine}`}
                    onClick={() => choose(field, 'mine')}
                    data-testid={`conflict-keep-mine-${field}`}
                  >
                    Keep mine
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-pressed={choices[field] === 'theirs'}
                    aria-label={`Take theirs for ${label}: ${theirs}`}
                    onClick={() => choose(field, 'theirs')}
                    data-testid={`conflict-take-theirs-${field}`}
                  >
                    Take theirs
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
