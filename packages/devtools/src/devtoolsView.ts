import type { EntityStore, ReadInfo } from '@vstore/core';
import {
  type DevtoolsState,
  keyOf,
  OUTCOME_FILTERS,
  type OutcomeFilter,
  originLabel,
  outcomeLabel,
  type TimelineEntry,
} from './devtoolsState';
import { DEVTOOLS_CSS } from './devtoolsStyles';
import { DOCKS, type Dock } from './dock';
import { esc, formatTime, head, options, type Row, versionText } from './dom';
import { ENTITY_HTML, renderEntity } from './entityView';
import { type ReadFilter, readLabel } from './readsState';
import { FAILURES_HTML, failureRow, READS_HTML, readsHtml } from './readsView';

/** Key rows drawn at most; the rest are counted, so a store of 100k keys does not freeze the page. */
const MAX_KEY_ROWS = 200;

/** What the view asks of its element. */
export interface ViewActions {
  /** The state to draw and to change (the element replaces it when its client or capacity changes). */
  state(): DevtoolsState;
  /** The client's reads now, oldest first; undefined when the client does not report them. */
  reads(): ReadInfo[] | undefined;
  toggle(): void;
  /** The view changed the state (a filter, pause, clear, the entity shown): redraw. */
  changed(): void;
  dock(dock: Dock): void;
  /** Sets the open panel's height (docked at the bottom) or width; `done` ends a drag or a key press. */
  resize(px: number, done: boolean): void;
}

export interface DevtoolsView {
  /** Redraws; the sections only while the panel is open. `size` is the open panel's height or width. */
  render(store: EntityStore | undefined, open: boolean, dock: Dock, size: number): void;
}

const TIMELINE_HEAD = head(['Time', 'Key', 'Outcome', 'Origin', 'Held', 'Offered']);

const timelineRow = (e: TimelineEntry): string =>
  `<tr data-outcome="${e.outcome}" data-origin="${esc(e.origin)}"><td class=muted>${formatTime(e.time)}</td><td>${esc(
    keyOf(e),
  )}</td><td class=${e.outcome}>${outcomeLabel(e.outcome)}</td><td>${esc(originLabel(e.origin))}${
    e.historical ? ' (cache)' : ''
  }</td><td class=num>${versionText(e.heldVersion)}</td><td class=num>${versionText(e.version)}</td></tr>`;

const SKELETON = `<style>${DEVTOOLS_CSS}</style><section aria-label="vstore devtools">
<div class=grip id=grip role=separator tabindex=0 aria-label="Resize vstore devtools" aria-valuemin=120></div>
<div class=bar><button type=button class=toggle id=toggle aria-controls=body></button><span class=summary id=summary></span>
<label>Dock <select id=dock>${options(DOCKS)}</select></label></div>
<div class=body id=body>
<nav class=controls aria-label="Sections">${[
  ['problems', 'To look at'],
  ['keys', 'Store'],
  ['reads', 'Reads'],
  ['timeline', 'Writes'],
]
  .map(([id, name]) => `<button type=button data-go=${id}-h>${name}</button>`)
  .join('')}</nav>
<h2 id=problems-h tabindex=-1>To look at</h2>
<p class=note>Stale writes, removals, writes to removed keys; reads that failed, until they next succeed. Routine writes (duplicates, versions too old for the cache) are under Writes.</p>
<table class=problems aria-labelledby=problems-h>${TIMELINE_HEAD}<tbody id=problems></tbody></table>
${FAILURES_HTML}
<p class=note id=problems-note></p>
${ENTITY_HTML}
<h2 id=keys-h tabindex=-1>Store</h2>
<table class=keys aria-labelledby=keys-h>${head(['Key', 'Version', 'Origin'])}<tbody id=keys></tbody></table>
<p class=note id=keys-note></p>
${READS_HTML}
<h2 id=timeline-h tabindex=-1>Writes</h2>
<div class=controls><label>Key <input id=filter type=search placeholder=type/id spellcheck=false></label>
<label>Outcome <select id=outcome>${options(OUTCOME_FILTERS)}</select></label>
<button type=button id=pause></button><button type=button id=clear>Clear timeline</button></div>
<table class=timeline aria-labelledby=timeline-h>${TIMELINE_HEAD}<tbody id=timeline></tbody></table>
<p class=note id=timeline-note></p></div></section>`;

/** Builds the panel inside `root` (the element's shadow root) and returns how to redraw it. */
export function createDevtoolsView(root: ShadowRoot, actions: ViewActions): DevtoolsView {
  const { state, changed } = actions;
  root.innerHTML = SKELETON;
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => root.getElementById(id) as T;
  const grip = $('grip');
  // Read from the host, which the element docks and sizes synchronously.
  const host = root.host as HTMLElement;
  const dock = () => host.getAttribute('dock') as Dock;
  /**
   * A button of the store or reads table, as [data attribute, value]: the one that opened the entity
   * shown, and the one to focus after the next draw (the entity's opener once it closes).
   */
  type Opener = ['key' | 'read', string];
  let opener: Opener | undefined;
  let focusTo: Opener | undefined;
  let focusEntity = false;
  /** The reads last drawn, to find the one a button names. */
  let reads: ReadInfo[] | undefined;
  /**
   * Each table body's rows as last drawn, by key, with what they showed (a `Row`'s `shows`). A redraw
   * makes markup and elements only for rows that are new or changed, and moves none that stay: a page
   * of writes costs a few rows, not the whole timeline, and a row that stays keeps its focus.
   */
  const drawn = new Map<string, Map<unknown, [unknown, Element]>>();
  const parser = document.createElement('tbody');
  const fill = (id: string, rows: Row[]) => {
    const body = $(id);
    const old = drawn.get(id);
    const next = new Map<unknown, [unknown, Element]>();
    const wanted = rows.map(([key, shows, html]) => {
      let row = old?.get(key);
      if (!row || row[0] !== shows) {
        parser.innerHTML = html();
        row = [shows, parser.firstElementChild as Element];
      }
      next.set(key, row);
      return row[1];
    });
    const keep = new Set(wanted);
    for (const child of [...body.children]) if (!keep.has(child)) child.remove();
    let at = body.firstElementChild;
    for (const row of wanted) {
      if (row === at) at = at.nextElementSibling;
      else body.insertBefore(row, at);
    }
    drawn.set(id, next);
  };
  /** Rows of entries that never change once made (writes): each is its own key. */
  const entryRows = (entries: TimelineEntry[]) =>
    entries.map((entry): Row => [entry, entry, () => timelineRow(entry)]);
  /** Markup set only when it changed: a redraw with nothing new touches nothing. */
  const shown = new Map<string, string>();
  const put = (id: string, html: string) => {
    if (shown.get(id) !== html) $(id).innerHTML = html;
    shown.set(id, html);
  };

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const s = state();
    const { key, read, go } = button?.dataset ?? {};
    // A section's button: its heading takes the focus, at the top of the panel's scroller.
    if (go) {
      $(go).focus();
      return $(go).scrollIntoView();
    }
    const info = read === undefined ? undefined : reads?.find((r) => readLabel(r) === read);
    if (key !== undefined || info) {
      // A read of a key the store does not hold (one that failed, say) opens it all the same.
      s.entity = info
        ? (s.keys.get(keyOf(info)) ?? {
            type: info.type,
            id: info.id,
            version: undefined,
            origin: undefined,
            removed: false,
          })
        : s.keys.get(key as string);
      opener = info ? ['read', read as string] : ['key', key as string];
      s.compare = undefined;
      focusEntity = true;
    } else if (button?.id === 'toggle') return actions.toggle();
    else if (button?.id === 'pause') s.paused = !s.paused;
    else if (button?.id === 'clear') s.clear();
    else if (button?.id === 'close') {
      focusTo = opener;
      s.entity = undefined;
    } else return;
    changed();
  });
  root.addEventListener('change', (event) => {
    const { id, value } = event.target as HTMLSelectElement;
    const s = state();
    if (id === 'dock') return actions.dock(value as Dock);
    if (id === 'outcome') s.outcomeFilter = value as OutcomeFilter;
    else if (id === 'read-show') s.readShow = value as ReadFilter;
    else if (id === 'from' || id === 'to')
      s.compare = [Number($<HTMLSelectElement>('from').value), Number($<HTMLSelectElement>('to').value)];
    else return;
    changed();
  });
  root.addEventListener('input', (event) => {
    // Selects fire `input` too, before `change`: a redraw here would put their old value back.
    const { id, value } = event.target as HTMLInputElement;
    if (id === 'filter') state().keyFilter = value;
    else if (id === 'read-filter') state().readFilter = value;
    else return;
    changed();
  });

  // Resizing: drag the inner edge, or focus it and press the arrow keys (Shift for bigger steps).
  const sizeAt = (e: PointerEvent) =>
    dock() === 'bottom' ? innerHeight - e.clientY : dock() === 'right' ? innerWidth - e.clientX : e.clientX;
  grip.addEventListener('pointerdown', (e) => {
    grip.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  grip.addEventListener('pointermove', (e) => {
    if (grip.hasPointerCapture(e.pointerId)) actions.resize(sizeAt(e), false);
  });
  grip.addEventListener('lostpointercapture', (e) => actions.resize(sizeAt(e), true));
  grip.addEventListener('keydown', (e) => {
    // [shrink, grow]: the arrow that points into the page grows the panel.
    const keys = { bottom: 'ArrowDown ArrowUp', right: 'ArrowRight ArrowLeft', left: 'ArrowLeft ArrowRight' };
    const grow = keys[dock()].split(' ').indexOf(e.key);
    if (grow < 0) return;
    e.preventDefault();
    const now = Number.parseInt(host.style.getPropertyValue('--size'), 10);
    actions.resize(now + (grow ? 16 : -16) * (e.shiftKey ? 4 : 1), true);
  });

  return {
    render(store, open, dock, size) {
      const s = state();
      const c = s.counts;
      const toggle = $('toggle');
      toggle.setAttribute('aria-expanded', String(open));
      put(
        'toggle',
        `vstore devtools${c.problem ? `<span class=badge> · ${c.problem} to look at</span>` : ''}`,
      );
      put(
        'summary',
        `${s.keys.size} keys · ${c.applied} applied · <b${c.problem ? ' class=stale' : ''}>${
          c.problem
        } to look at</b> (${c.stale} stale, ${c.deleted} deleted, ${c.removed} removed, ${c.failed} failed) · ${
          c.routine
        } routine${s.paused ? ' · paused' : ''}`,
      );
      $<HTMLSelectElement>('dock').value = dock;
      for (const [name, value] of [
        ['aria-orientation', dock === 'bottom' ? 'horizontal' : 'vertical'],
        ['aria-valuenow', size],
        ['aria-valuemax', (dock === 'bottom' ? innerHeight : innerWidth) - 80],
      ] as const)
        grip.setAttribute(name, String(value));
      const pause = $('pause');
      pause.setAttribute('aria-pressed', String(s.paused));
      put('pause', s.paused ? 'Resume timeline' : 'Pause timeline');
      for (const [id, value] of [
        ['filter', s.keyFilter],
        ['outcome', s.outcomeFilter],
        ['read-filter', s.readFilter],
        ['read-show', s.readShow],
      ]) {
        // Set only when it differs: setting a text field's value moves its caret to the end.
        const control = $<HTMLInputElement>(id as string);
        if (control.value !== value) control.value = value as string;
      }
      $('body').hidden = !open;
      if (!open) return;

      const problems = s.problems.toArray().reverse();
      const failures = s.failures.list.toArray().reverse();
      fill('problems', entryRows(problems));
      // Failures change in place (a repeat, a recovery): their markup tells.
      fill(
        'failures',
        failures.map((f): Row => {
          const html = failureRow(f);
          return [f, html, () => html];
        }),
      );
      ($('problems').parentNode as HTMLElement).hidden = !problems.length;
      $('failures-t').hidden = !failures.length;
      put('problems-note', problems.length || failures.length ? '' : 'Nothing to look at.');

      if (store) renderEntity(root, s, store);
      if (focusEntity) $('entity-h').focus();
      focusEntity = false;

      // A table redrawn drops the button that had focus: its successor (same key, same read) takes it.
      const active = root.activeElement as HTMLElement | null;
      const { key: activeKey, read: activeRead } = active?.dataset ?? {};
      const focus: Opener | undefined =
        focusTo ??
        (activeRead !== undefined
          ? ['read', activeRead]
          : activeKey !== undefined
            ? ['key', activeKey]
            : undefined);
      focusTo = undefined;
      // A key's row is a new object whenever its version, origin or removal changes.
      const rows: Row[] = [];
      for (const [id, row] of s.keys) {
        if (rows.length === MAX_KEY_ROWS) break;
        const key = esc(id);
        rows.push([
          id,
          row,
          () =>
            `<tr data-key="${key}"><td><button type=button class=key data-key="${key}">${key}</button></td><td class=num>${
              row.removed ? 'removed' : versionText(row.version)
            }</td><td>${esc(originLabel(row.origin))}</td></tr>`,
        ]);
      }
      fill('keys', rows);
      const hidden = s.keys.size - MAX_KEY_ROWS;
      put(
        'keys-note',
        s.keys.size === 0 ? 'The store is empty.' : hidden > 0 ? `${hidden} more keys not shown.` : '',
      );

      reads = actions.reads();
      const [readRows, readNote] = readsHtml(s, reads);
      fill('reads', readRows);
      put('reads-note', readNote);

      if (focus) {
        const [table, value] = focus;
        const next = [...$(`${table}s`).querySelectorAll('button')].find((b) => b.dataset[table] === value);
        // Its row gone (filtered out, the read dropped), the table's heading keeps the place.
        if (next !== active) (next ?? $(`${table}s-h`)).focus();
      }

      const entries = s.visibleEntries();
      fill('timeline', entryRows(entries));
      const dropped = s.log.total - s.log.size;
      put(
        'timeline-note',
        (entries.length ? '' : 'No writes match. ') +
          (dropped > 0 ? `Keeps the last ${s.log.capacity} writes; ${dropped} older dropped.` : ''),
      );
    },
  };
}
