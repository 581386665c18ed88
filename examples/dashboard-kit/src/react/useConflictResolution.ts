import { useState } from 'react';
import {
  type ConflictChoice,
  type ConflictDisplay,
  type ConflictResolution,
  type ConflictRow,
  conflictRows,
  describeResolution,
  type EditConflict,
  editConflictOf,
  resolveConflict,
  unresolvedFields,
} from '../editConflict';

export interface ConflictResolutionState<T extends object> {
  /** The conflict the last save stopped at, until every field has a choice. */
  conflict: EditConflict<T> | undefined;
  rows: ConflictRow[];
  choices: Readonly<Partial<Record<string, ConflictChoice>>>;
  choose(field: string, choice: ConflictChoice): void;
  /** What the last resolution did, for a status line; cleared by `clearResolved` (on the next save). */
  resolved: string | undefined;
  clearResolved(): void;
}

/**
 * The state of a form's conflict panel: picks up an `EditConflictError` from the save hook's
 * `error`, collects a choice per field, and once every field has one hands the resolution to
 * `apply` (which restarts the form from theirs with the kept changes typed in).
 */
export function useConflictResolution<T extends object>(
  error: unknown,
  display: ConflictDisplay,
  apply: (resolution: ConflictResolution<T>, theirs: T) => void,
): ConflictResolutionState<T> {
  const [conflict, setConflict] = useState<EditConflict<T>>();
  const [choices, setChoices] = useState<Partial<Record<string, ConflictChoice>>>({});
  const [seenError, setSeenError] = useState<unknown>();
  const [resolved, setResolved] = useState<string>();
  // A new error from the save (React's "adjust state during render"): a conflict opens the panel.
  if (error !== seenError) {
    setSeenError(error);
    const stopped = editConflictOf<T>(error);
    if (stopped) {
      setConflict(stopped);
      setChoices({});
      setResolved(undefined);
    }
  }
  const rows = conflict ? conflictRows(conflict, display) : [];

  const choose = (field: string, choice: ConflictChoice) => {
    if (!conflict) return;
    const next = { ...choices, [field]: choice };
    setChoices(next);
    if (unresolvedFields(conflict, next).length > 0) return;
    const resolution = resolveConflict(conflict, next);
    setResolved(describeResolution(rows, next, resolution.fields.length > 0));
    setConflict(undefined);
    setChoices({});
    apply(resolution, conflict.theirs);
  };

  return { conflict, rows, choices, choose, resolved, clearResolved: () => setResolved(undefined) };
}
