import type { EntityStore } from '@vstore/core';
import type { DevtoolsState } from './devtoolsState';
import { esc, head, options, versionText } from './dom';

/** Versions looked up below the latest for the compare; the history cache keeps 20 by default. */
const PROBED = 200;

type Fields = Readonly<Record<string, unknown>>;

/** The entity section of the panel, hidden until a person opens a key of the store table. */
export const ENTITY_HTML = `<section id=entity aria-labelledby=entity-h hidden>
<div class=head><h2 id=entity-h tabindex=-1></h2><button type=button id=close>Close</button></div>
<div class=controls id=pickers><label>Compare <select id=from></select></label><label>with <select id=to></select></label></div>
<p class=note id=entity-note></p><div id=fields></div></section>`;

/**
 * A field as text. A value that is not an object shows as its `String` (a BigInt as its digits:
 * `JSON.stringify` throws on one, and a schema may well output it); an object as JSON, with its
 * BigInts as strings, or as its `String` when it has none (a cycle, a `toJSON` that throws).
 */
function show(value: unknown): string {
  if (typeof value !== 'object') return String(value);
  try {
    return JSON.stringify(value, (_key, field: unknown) =>
      typeof field === 'bigint' ? String(field) : field,
    );
  } catch {
    return String(value);
  }
}

/** Replaces a select's options only when they differ, so a redraw keeps a person's place in it. */
function pick(select: HTMLSelectElement, held: number[], value: number): void {
  const list = held.join();
  if (select.dataset.list !== list) {
    select.dataset.list = list;
    select.innerHTML = options(held, true);
  }
  select.value = String(value);
}

/**
 * Draws the entity `state.entity` names: its fields as the store holds them (`store.get`) and, once
 * the history cache holds other versions of it, two versions side by side (`store.getVersion`; the
 * latest and the one before, until a person picks others), the fields that differ marked in words as
 * well as in colour.
 */
export function renderEntity(root: ShadowRoot, state: DevtoolsState, store: EntityStore): void {
  const $ = (id: string) => root.getElementById(id) as HTMLElement;
  const row = state.entity;
  $('entity').hidden = !row;
  if (!row) return;
  const { type, id } = row;
  const entity = store.get<Fields>(type, id);
  const latest = typeof entity?.version === 'number' ? entity.version : undefined;
  $('entity-h').textContent =
    `${type}/${id} ${entity ? versionText(latest) : store.isRemoved(type, id) ? 'removed' : 'not held'}`;

  // Newest first. The cache keeps no list of its own, so each version is looked up.
  const held: number[] = [];
  for (let v = latest ?? 0; v > 0 && v > (latest ?? 0) - PROBED; v--)
    if (store.getVersion(type, id, v)) held.push(v);
  const comparable = held.length > 1;
  $('pickers').hidden = !comparable;
  $('entity-note').textContent = !entity
    ? 'The store holds no fields for this key.'
    : latest === undefined || comparable
      ? ''
      : `Only ${versionText(latest)} is held: reading the history, or an older version, adds versions to compare.`;
  let columns: number[] = latest === undefined ? [] : [latest];
  if (comparable) {
    let [a, b] = state.compare ?? [held[1]!, held[0]!];
    if (!held.includes(a)) a = held[1]!;
    if (!held.includes(b)) b = held[0]!;
    pick(root.getElementById('from') as HTMLSelectElement, held, a);
    pick(root.getElementById('to') as HTMLSelectElement, held, b);
    columns = [a, b];
  }
  const versions = comparable ? columns.map((v) => store.getVersion<Fields>(type, id, v)!) : [entity ?? {}];
  let rows = '';
  for (const name of new Set(versions.flatMap((v) => Object.keys(v)))) {
    const cells = versions.map((v) => (Object.hasOwn(v, name) ? show(v[name]) : '—'));
    const changed = cells.length > 1 && cells[0] !== cells[1];
    rows += `<tr data-changed=${changed}${changed ? ' class=changed' : ''}><th scope=row>${esc(name)}${
      changed ? '<span class=tag> changed</span>' : ''
    }</th>${cells.map((cell) => `<td>${esc(cell)}</td>`).join('')}</tr>`;
  }
  $('fields').innerHTML = entity
    ? `<table class=fields aria-labelledby=entity-h>${head([
        'Field',
        ...(columns.length ? columns.map((v) => `v${v}`) : ['Value']),
      ])}<tbody>${rows}</tbody></table>`
    : '';
}
