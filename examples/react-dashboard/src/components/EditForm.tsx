import {
  changedFields,
  type EditFields,
  type EditOutcome,
  editFieldsOf,
  editFromForm,
  formatMoney,
  parseAmount,
} from '@vstore/dashboard-kit';
import { type SpendControl, useUpdateSpendControl } from '@vstore/react';
import { type FormEvent, useState } from 'react';
import { ErrorPanel } from './ErrorPanel';

/**
 * Edits through core's `edit`: the recipe runs over the latest state, and again over a fresh one
 * when the service answers 409. Only the fields this person changed are written, so another
 * writer's changes to other fields survive; the form then says plainly that this happened.
 */
export function EditForm({ control }: { control: SpendControl }) {
  const [base, setBase] = useState(control);
  const [form, setForm] = useState(() => editFieldsOf(control));
  const [outcome, setOutcome] = useState<EditOutcome>();
  const { edit, status, error } = useUpdateSpendControl();
  const mine = changedFields(editFieldsOf(base), form);
  const amount = parseAmount(form.amount);
  // While nothing is typed, the form follows newer versions (React's "adjust state during render").
  if (mine.length === 0 && control.version > base.version) {
    setBase(control);
    setForm(editFieldsOf(control));
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled then too; Enter in a field must not send what the button would not.
    if (amount === undefined || mine.length === 0) return;
    const change = editFromForm(editFieldsOf(base), { ...form }, amount);
    const saved = await edit(control.spend_control_id, change.recipe);
    if (!saved) return;
    setOutcome(change.outcome(saved));
    setBase(saved);
    setForm(editFieldsOf(saved));
  };

  const set = (key: keyof EditFields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <form className="edit-form" onSubmit={submit} data-testid="edit-form">
      <h3>Edit</h3>
      <p className="muted small">
        Editing from version {base.version}
        {control.version > base.version && (
          <span data-testid="edit-behind"> · version {control.version} has arrived meanwhile</span>
        )}
      </p>
      <div className="form-grid">
        <label>
          Name
          <input value={form.name} onChange={set('name')} data-testid="edit-name" />
        </label>
        <label>
          Limit ({control.limit?.currency ?? 'USD'})
          <input
            type="number"
            min="0"
            value={form.amount}
            onChange={set('amount')}
            aria-invalid={amount === undefined}
            data-testid="edit-amount"
          />
          {amount === undefined && (
            <span className="field-error" role="alert" data-testid="edit-amount-error">
              Enter a limit: a number of 0 or more.
            </span>
          )}
        </label>
        <label>
          Status
          <select value={form.status} onChange={set('status')} data-testid="edit-status">
            <option value="active">active</option>
            <option value="paused">paused</option>
          </select>
        </label>
        <label>
          Interval
          <select value={form.interval} onChange={set('interval')} data-testid="edit-interval">
            <option value="daily">daily</option>
            <option value="weekly">weekly</option>
            <option value="monthly">monthly</option>
          </select>
        </label>
      </div>
      <button
        type="submit"
        className="button primary"
        disabled={mine.length === 0 || amount === undefined || status === 'pending'}
        data-testid="edit-save"
      >
        {status === 'pending' ? 'Saving…' : 'Save changes'}
      </button>
      {outcome && status === 'success' && (
        <div
          className={`notice ${outcome.theirs.length ? 'warn' : 'ok'}`}
          role="status"
          data-testid="edit-outcome"
        >
          {outcome.theirs.length ? (
            <>
              <strong>Saved as version {outcome.version}, on top of someone else's change.</strong> While you
              were editing, another writer changed <em>{outcome.theirs.join('; ')}</em>. Your change was
              re-applied over theirs
              {outcome.attempts > 1
                ? ` after the service reported the conflict (${outcome.attempts} attempts)`
                : ''}
              , so both are kept.
            </>
          ) : (
            <strong>Saved as version {outcome.version}.</strong>
          )}
        </div>
      )}
      {status === 'error' && (
        <ErrorPanel error={error} context={`Saving ${control.spend_control_id}`} action="write" />
      )}
      <p className="muted small">Current limit: {formatMoney(control.limit)}</p>
    </form>
  );
}
