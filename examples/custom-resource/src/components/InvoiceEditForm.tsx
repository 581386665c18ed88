import {
  type ConflictChoice,
  type EditConflict,
  editConflictOf,
  resolveConflict,
  useUpdateResource,
} from '@vstore/react';
import { type FormEvent, useState } from 'react';
import { invoiceApi } from '../config';
import { fieldLabel, formatTotal, invoiceConflictDisplay } from '../format';
import {
  changedInvoiceFields,
  type InvoiceFields,
  invoiceFieldsOf,
  invoiceRecipe,
  parseTotal,
} from '../invoiceForm';
import { INVOICE_STATUSES, type Invoice } from '../invoices';
import { ConflictPanel } from './ConflictPanel';
import { ErrorNotice } from './ErrorNotice';

interface Saved {
  version: number;
  /** Fields another writer changed since the form's base, merged because this edit left them alone. */
  merged: string[];
}

/** What a resolution did, in a sentence: "Kept yours for Total. Save to write …". */
function describeResolution(choices: Readonly<Record<string, ConflictChoice>>, leftToSave: boolean): string {
  const fields = (choice: ConflictChoice) =>
    Object.keys(choices)
      .filter((field) => choices[field] === choice)
      .map(fieldLabel);
  const done = [
    ...(fields('mine').length ? [`Kept yours for ${fields('mine').join(', ')}`] : []),
    ...(fields('theirs').length ? [`took theirs for ${fields('theirs').join(', ')}`] : []),
  ].join(' and ');
  const next = leftToSave
    ? 'Save to write your changes on top of theirs.'
    : 'Nothing of yours is left to save.';
  return `${done.charAt(0).toUpperCase()}${done.slice(1)}. ${next}`;
}

/**
 * Sets absolute values, so it saves with `onConflict: 'abort'` from the version it was opened on:
 * a change by someone else to another field is merged; a change to a field this person also changed
 * stops the save with an `EditConflictError`, which core's `editConflictOf` reads as base / yours /
 * theirs, to keep mine or take theirs per field (`resolveConflict`, also core's).
 */
export function InvoiceEditForm({ invoice }: { invoice: Invoice }) {
  const [base, setBase] = useState(invoice);
  const [form, setForm] = useState(() => invoiceFieldsOf(invoice));
  const [saved, setSaved] = useState<Saved>();
  const [conflict, setConflict] = useState<EditConflict<Invoice>>();
  const [resolved, setResolved] = useState<string>();
  const { edit, status, error } = useUpdateResource(invoiceApi);
  // A new error from the save (React's "adjust state during render"): a conflict opens the panel.
  const [seenError, setSeenError] = useState<unknown>();
  if (error !== seenError) {
    setSeenError(error);
    const stopped = editConflictOf<Invoice>(error);
    if (stopped) {
      setConflict(stopped);
      setResolved(undefined);
    }
  }
  // Every field decided: the form now starts from theirs, with the kept changes of mine typed in.
  const decide = (choices: Readonly<Record<string, ConflictChoice>>) => {
    if (!conflict) return;
    const resolution = resolveConflict(conflict, choices);
    setResolved(describeResolution(choices, resolution.fields.length > 0));
    setBase(conflict.theirs);
    setForm(invoiceFieldsOf(resolution.next));
    setConflict(undefined);
  };
  const changed = changedInvoiceFields(invoiceFieldsOf(base), form);
  const total = parseTotal(form.total);
  // While nothing is typed, the form follows newer versions (React's "adjust state during render").
  if (changed.length === 0 && !conflict && invoice.version > base.version) {
    setBase(invoice);
    setForm(invoiceFieldsOf(invoice));
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled then too; Enter in a field must not send what the button would not.
    if (total === undefined || changed.length === 0 || conflict) return;
    let merged: readonly string[] = [];
    setSaved(undefined);
    setResolved(undefined);
    const result = await edit(invoice.invoice_id, invoiceRecipe(invoiceFieldsOf(base), form), {
      onConflict: 'abort',
      baseVersion: base.version,
      // Which of the other writer's changes the save kept alongside this person's.
      onOutcome: (outcome) => {
        merged = outcome.merged;
      },
    });
    if (!result) return;
    setSaved({ version: result.version, merged: merged.map(fieldLabel) });
    setBase(result);
    setForm(invoiceFieldsOf(result));
  };

  const set = (key: keyof InvoiceFields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <form
      className="edit-form"
      onSubmit={submit}
      data-testid="invoice-edit-form"
      aria-labelledby="edit-title"
    >
      <h3 id="edit-title">Edit</h3>
      <p className="muted small">
        Editing from version <span data-testid="invoice-edit-base">{base.version}</span>
        {invoice.version > base.version && (
          <span data-testid="invoice-edit-behind"> · version {invoice.version} has arrived meanwhile</span>
        )}
      </p>
      <div className="form-grid">
        <label>
          Customer
          <input value={form.customer} onChange={set('customer')} data-testid="invoice-edit-customer" />
        </label>
        <label>
          Total ({invoice.currency})
          <input
            type="number"
            min="0"
            step="0.01"
            value={form.total}
            onChange={set('total')}
            aria-invalid={total === undefined}
            aria-describedby={total === undefined ? 'total-error' : undefined}
            data-testid="invoice-edit-total"
          />
          {total === undefined && (
            <span id="total-error" className="field-error" role="alert">
              Enter a total: a number of 0 or more.
            </span>
          )}
        </label>
        <label>
          Status
          <select value={form.status} onChange={set('status')} data-testid="invoice-edit-status">
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Due date
          <input
            type="date"
            value={form.due_date}
            onChange={set('due_date')}
            data-testid="invoice-edit-due"
          />
        </label>
      </div>
      <button
        type="submit"
        className="button primary"
        disabled={changed.length === 0 || total === undefined || status === 'pending' || Boolean(conflict)}
        data-testid="invoice-save"
      >
        {status === 'pending' ? 'Saving…' : 'Save changes'}
      </button>
      {conflict && (
        <ConflictPanel
          conflict={conflict}
          display={invoiceConflictDisplay(invoice.currency)}
          subject={invoice.invoice_id}
          onDecided={decide}
        />
      )}
      {resolved && (
        <p className="notice ok" role="status" data-testid="conflict-resolved">
          {resolved}
        </p>
      )}
      {saved && status === 'success' && (
        <p
          className={`notice ${saved.merged.length ? 'warn' : 'ok'}`}
          role="status"
          data-testid="invoice-saved"
        >
          <strong>Saved as version {saved.version}.</strong>
          {saved.merged.length > 0 &&
            ` Someone else changed ${saved.merged.join(', ')} meanwhile; your changes touch other fields, so both are kept.`}
        </p>
      )}
      {status === 'error' && !editConflictOf(error) && (
        <ErrorNotice error={error} context={`Saving ${invoice.invoice_id}`} />
      )}
      <p className="muted small">Current total: {formatTotal(invoice.total, invoice.currency)}</p>
    </form>
  );
}
