import type { EntityStore } from '@vstore/core';
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
import { esc, head, options, versionText } from './dom';
import { ENTITY_HTML, renderEntity } from './entityView';

/** Key rows drawn at most; the rest are counted, so a store of 100k keys does not freeze the page. */
const MAX_KEY_ROWS = 200;

/** What the view asks of its element. */
export interface ViewActions {
  /** The state to draw and to change (the element replaces it when its client or capacity changes). */
  state(): DevtoolsState;
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

/** Local wall-clock time with milliseconds, e.g. 14:03:07.215. */
export const formatTime = (epochMs: number): string => {
  const d = new Date(epochMs);
  return `${d.toTimeString().slice(0, 8)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

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
<h2 id=problems-h>To look at</h2>
<p class=note>Stale writes, removals, writes to removed keys. Routine ones (duplicates, versions too old for the cache) are under Writes.</p>
<table class=problems aria-labelledby=problems-h>${TIMELINE_HEAD}<tbody id=problems></tbody></table>
<p class=note id=problems-note></p>
${ENTITY_HTML}
<h2 id=keys-h>Store</h2>
<table class=keys aria-labelledby=keys-h>${head(['Key', 'Version', 'Origin'])}<tbody id=keys></tbody></table>
<p class=note id=keys-note></p>
<h2 id=timeline-h>Writes</h2>
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
  /** The key button to focus after the next draw: the one whose entity was just closed. */
  let focusKey: string | undefined;
  let focusEntity = false;

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const s = state();
    const key = button?.dataset.key;
    if (key !== undefined) {
      s.entity = s.keys.get(key);
      s.compare = undefined;
      focusEntity = true;
    } else if (button?.id === 'toggle') return actions.toggle();
    else if (button?.id === 'pause') s.paused = !s.paused;
    else if (button?.id === 'clear') s.clear();
    else if (button?.id === 'close') {
      focusKey = s.entity && keyOf(s.entity);
      s.entity = undefined;
    } else return;
    changed();
  });
  root.addEventListener('change', (event) => {
    const { id, value } = event.target as HTMLSelectElement;
    const s = state();
    if (id === 'dock') return actions.dock(value as Dock);
    if (id === 'outcome') s.outcomeFilter = value as OutcomeFilter;
    else if (id === 'from' || id === 'to')
      s.compare = [Number($<HTMLSelectElement>('from').value), Number($<HTMLSelectElement>('to').value)];
    else return;
    changed();
  });
  root.addEventListener('input', (event) => {
    // Selects fire `input` too, before `change`: a redraw here would put their old value back.
    const { id, value } = event.target as HTMLInputElement;
    if (id !== 'filter') return;
    state().keyFilter = value;
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
      toggle.innerHTML = `vstore devtools${c.problem ? `<span class=badge> · ${c.problem} to look at</span>` : ''}`;
      $('summary').innerHTML =
        `${s.keys.size} keys · ${c.applied} applied · <b${c.problem ? ' class=stale' : ''}>${
          c.problem
        } to look at</b> (${c.stale} stale, ${c.deleted} deleted, ${c.removed} removed) · ${c.routine} routine${
          s.paused ? ' · paused' : ''
        }`;
      $<HTMLSelectElement>('dock').value = dock;
      for (const [name, value] of [
        ['aria-orientation', dock === 'bottom' ? 'horizontal' : 'vertical'],
        ['aria-valuenow', size],
        ['aria-valuemax', (dock === 'bottom' ? innerHeight : innerWidth) - 80],
      ] as const)
        grip.setAttribute(name, String(value));
      const pause = $('pause');
      pause.setAttribute('aria-pressed', String(s.paused));
      pause.textContent = s.paused ? 'Resume timeline' : 'Pause timeline';
      const filter = $<HTMLInputElement>('filter');
      if (filter.value !== s.keyFilter) filter.value = s.keyFilter;
      $<HTMLSelectElement>('outcome').value = s.outcomeFilter;
      $('body').hidden = !open;
      if (!open) return;

      const problems = s.problems.toArray().reverse();
      $('problems').innerHTML = problems.map(timelineRow).join('');
      ($('problems').parentNode as HTMLElement).hidden = !problems.length;
      $('problems-note').textContent = problems.length ? '' : 'Nothing to look at.';

      if (store) renderEntity(root, s, store);
      if (focusEntity) $('entity-h').focus();
      focusEntity = false;

      // Key buttons are drawn anew: the one that had focus hands it to its successor.
      const focused = focusKey ?? (root.activeElement as HTMLElement | null)?.dataset?.key;
      focusKey = undefined;
      let rows = '';
      let drawn = 0;
      for (const row of s.keys.values()) {
        if (drawn++ === MAX_KEY_ROWS) break;
        const key = esc(keyOf(row));
        rows += `<tr data-key="${key}"><td><button type=button class=key data-key="${key}">${key}</button></td><td class=num>${
          row.removed ? 'removed' : versionText(row.version)
        }</td><td>${esc(originLabel(row.origin))}</td></tr>`;
      }
      const keys = $('keys');
      keys.innerHTML = rows;
      if (focused !== undefined)
        [...keys.querySelectorAll('button')].find((b) => b.dataset.key === focused)?.focus();
      const hidden = s.keys.size - MAX_KEY_ROWS;
      $('keys-note').textContent =
        s.keys.size === 0 ? 'The store is empty.' : hidden > 0 ? `${hidden} more keys not shown.` : '';

      const entries = s.visibleEntries();
      $('timeline').innerHTML = entries.map(timelineRow).join('');
      const dropped = s.log.total - s.log.size;
      $('timeline-note').textContent =
        (entries.length ? '' : 'No writes match. ') +
        (dropped > 0 ? `Keeps the last ${s.log.capacity} writes; ${dropped} older dropped.` : '');
    },
  };
}
