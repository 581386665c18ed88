import { useEffect, useRef } from 'react';
import type { ConflictChoice, ConflictRow } from '../editConflict';

interface Props {
  rows: readonly ConflictRow[];
  /** Choices made so far, by field; the panel marks the pressed button of each row. */
  choices: Readonly<Partial<Record<string, ConflictChoice>>>;
  onChoose(field: string, choice: ConflictChoice): void;
  /** What was saved over, e.g. "inv_1"; said in the heading. */
  subject: string;
}

/**
 * A save stopped at a real conflict: per field, the value the form was opened on, this person's and
 * the other writer's, and a choice between keeping mine and taking theirs. Shared by the React apps;
 * the Vue dashboard has the same markup and test ids in its own component.
 */
export function ConflictPanel({ rows, choices, onChoose, subject }: Props) {
  // The Save button that opened the panel is disabled now: keyboard focus moves to the panel.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="conflict" role="alert" aria-labelledby="conflict-title" data-testid="conflict-panel">
      <h4 id="conflict-title" ref={title} tabIndex={-1}>
        Not saved: someone else changed {subject} meanwhile
      </h4>
      <p className="small">
        Both of you changed {rows.length === 1 ? 'this field' : 'these fields'}. Choose, per field, which
        value to keep; nothing is sent until you save again.
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
                  onClick={() => onChoose(row.field, 'mine')}
                  data-testid={`conflict-keep-mine-${row.field}`}
                >
                  Keep mine
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-pressed={choices[row.field] === 'theirs'}
                  aria-label={`Take theirs for ${row.label}: ${row.theirs}`}
                  onClick={() => onChoose(row.field, 'theirs')}
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
