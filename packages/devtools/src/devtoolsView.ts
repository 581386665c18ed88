import {
  type DevtoolsState,
  type KeyRow,
  OUTCOME_FILTERS,
  type OutcomeFilter,
  originLabel,
  outcomeLabel,
  type TimelineEntry,
} from './devtoolsState';
import { DEVTOOLS_CSS } from './devtoolsStyles';

/** Key rows drawn at most; the rest are counted, so a store of 100k keys does not freeze the page. */
const MAX_KEY_ROWS = 200;

export interface DevtoolsView {
  /** Redraws from `state`; the timeline and key table only while the panel is `open`. */
  render(state: DevtoolsState, open: boolean): void;
}

export interface ViewHandlers {
  onToggle(): void;
  onPause(): void;
  onClear(): void;
  onKeyFilter(value: string): void;
  onOutcomeFilter(value: OutcomeFilter): void;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  // textContent only: ids, types and origins come from the network and are never parsed as HTML.
  if (text !== undefined) node.textContent = text;
  return node;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Local wall-clock time with milliseconds, e.g. 14:03:07.215. */
export function formatTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

const version = (v: number | undefined) => (v === undefined ? '—' : `v${v}`);

/** Columns of versions are right-aligned, as their cells are. */
const NUMERIC_COLUMNS = new Set(['Version', 'Held', 'Offered']);

function headRow(doc: Document, names: readonly string[]): HTMLTableSectionElement {
  const thead = el(doc, 'thead');
  const tr = el(doc, 'tr');
  for (const name of names) {
    tr.append(el(doc, 'th', { scope: 'col', class: NUMERIC_COLUMNS.has(name) ? 'num' : undefined }, name));
  }
  thead.append(tr);
  return thead;
}

function timelineRow(doc: Document, entry: TimelineEntry): HTMLTableRowElement {
  const tr = el(doc, 'tr', { 'data-outcome': entry.outcome, 'data-origin': entry.origin });
  tr.append(
    el(doc, 'td', { class: 'muted' }, formatTime(entry.time)),
    el(doc, 'td', {}, `${entry.type}/${entry.id}`),
    el(doc, 'td', { class: entry.outcome }, outcomeLabel(entry.outcome)),
    el(doc, 'td', {}, originLabel(entry.origin) + (entry.historical ? ' (cache)' : '')),
    el(doc, 'td', { class: 'num' }, version(entry.heldVersion)),
    el(doc, 'td', { class: 'num' }, version(entry.version)),
  );
  return tr;
}

function keyRow(doc: Document, row: KeyRow): HTMLTableRowElement {
  const tr = el(doc, 'tr', { 'data-key': `${row.type}/${row.id}` });
  tr.append(
    el(doc, 'td', {}, `${row.type}/${row.id}`),
    el(doc, 'td', { class: 'num' }, row.removed ? 'removed' : version(row.version)),
    el(doc, 'td', {}, originLabel(row.origin)),
  );
  return tr;
}

/** Builds the panel inside `root` (the element's shadow root) and returns how to redraw it. */
export function createDevtoolsView(root: ShadowRoot, handlers: ViewHandlers): DevtoolsView {
  const doc = root.ownerDocument;
  const style = el(doc, 'style', {}, DEVTOOLS_CSS);
  const panel = el(doc, 'section', { class: 'panel', 'aria-label': 'vstore devtools' });

  const toggle = el(
    doc,
    'button',
    { type: 'button', class: 'toggle', 'aria-controls': 'body' },
    'vstore devtools',
  );
  const summary = el(doc, 'span', { class: 'summary', 'aria-live': 'off' });
  const bar = el(doc, 'div', { class: 'bar' });
  bar.append(toggle, summary);

  const body = el(doc, 'div', { class: 'body', id: 'body' });
  const keysHeading = el(doc, 'h2', { id: 'keys-h' }, 'Store');
  const keysTable = el(doc, 'table', { 'aria-labelledby': 'keys-h' });
  const keysBody = el(doc, 'tbody');
  keysTable.append(headRow(doc, ['Key', 'Version', 'Origin']), keysBody);
  const keysNote = el(doc, 'p', { class: 'note' });

  const timelineHeading = el(doc, 'h2', { id: 'timeline-h' }, 'Writes');
  const keyFilter = el(doc, 'input', { type: 'search', placeholder: 'type/id', spellcheck: 'false' });
  const keyLabel = el(doc, 'label', {}, 'Key ');
  keyLabel.append(keyFilter);
  const outcomeFilter = el(doc, 'select');
  for (const option of OUTCOME_FILTERS) outcomeFilter.append(el(doc, 'option', { value: option }, option));
  const outcomeLabelEl = el(doc, 'label', {}, 'Outcome ');
  outcomeLabelEl.append(outcomeFilter);
  const pause = el(doc, 'button', { type: 'button', 'aria-pressed': 'false' }, 'Pause timeline');
  const clear = el(doc, 'button', { type: 'button' }, 'Clear timeline');
  const controls = el(doc, 'div', { class: 'controls' });
  controls.append(keyLabel, outcomeLabelEl, pause, clear);
  const timelineTable = el(doc, 'table', { 'aria-labelledby': 'timeline-h' });
  const timelineBody = el(doc, 'tbody');
  timelineTable.append(headRow(doc, ['Time', 'Key', 'Outcome', 'Origin', 'Held', 'Offered']), timelineBody);
  const timelineNote = el(doc, 'p', { class: 'note' });

  body.append(keysHeading, keysTable, keysNote, timelineHeading, controls, timelineTable, timelineNote);
  panel.append(bar, body);
  root.append(style, panel);

  toggle.addEventListener('click', () => handlers.onToggle());
  pause.addEventListener('click', () => handlers.onPause());
  clear.addEventListener('click', () => handlers.onClear());
  keyFilter.addEventListener('input', () => handlers.onKeyFilter(keyFilter.value));
  outcomeFilter.addEventListener('change', () =>
    handlers.onOutcomeFilter(outcomeFilter.value as OutcomeFilter),
  );

  const view: DevtoolsView = {
    render(state, open) {
      toggle.setAttribute('aria-expanded', String(open));
      body.hidden = !open;
      const { counts } = state;
      const refused = counts.stale + counts.duplicate + counts.deleted;
      summary.replaceChildren(
        `${state.keys.size} keys · `,
        el(doc, 'b', {}, String(counts.applied)),
        ' applied · ',
        el(doc, 'b', {}, String(refused)),
        ' refused (',
        el(doc, 'span', { class: counts.stale > 0 ? 'stale' : '' }, `${counts.stale} stale`),
        ')',
        state.paused ? ' · paused' : '',
      );
      pause.setAttribute('aria-pressed', String(state.paused));
      pause.textContent = state.paused ? 'Resume timeline' : 'Pause timeline';
      if (keyFilter.value !== state.keyFilter) keyFilter.value = state.keyFilter;
      if (outcomeFilter.value !== state.outcomeFilter) outcomeFilter.value = state.outcomeFilter;
      if (!open) return;

      const rows: HTMLTableRowElement[] = [];
      for (const row of state.keys.values()) {
        if (rows.length === MAX_KEY_ROWS) break;
        rows.push(keyRow(doc, row));
      }
      keysBody.replaceChildren(...rows);
      const hidden = state.keys.size - rows.length;
      keysNote.textContent =
        state.keys.size === 0 ? 'The store is empty.' : hidden > 0 ? `${hidden} more keys not shown.` : '';

      const entries = state.visibleEntries();
      timelineBody.replaceChildren(...entries.map((entry) => timelineRow(doc, entry)));
      const dropped = state.log.total - state.log.size;
      timelineNote.textContent =
        (entries.length === 0 ? 'No writes match. ' : '') +
        (dropped > 0 ? `Keeps the last ${state.log.capacity} writes; ${dropped} older dropped.` : '');
    },
  };
  return view;
}
