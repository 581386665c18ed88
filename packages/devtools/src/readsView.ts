import type { ReadInfo } from '@vstore/core';
import type { DevtoolsState } from './devtoolsState';
import { esc, formatTime, head, options, type Row } from './dom';
import {
  kindLabel,
  listRows,
  READ_FILTERS,
  type ReadFailure,
  readLabel,
  readName,
  showsRead,
} from './readsState';

/** Read rows drawn at most; the rest are counted, so thousands of reads do not freeze the page. */
export const MAX_READ_ROWS = 200;

/** The failed reads of "To look at", under the problem writes. */
export const FAILURES_HTML = `<table class=failures id=failures-t><caption>Failed reads</caption>${head([
  'Time',
  'Read',
  'Error',
  'Status',
])}<tbody id=failures></tbody></table>`;

/** The Reads section: every read of the client with its state, filtered by name and kind. */
export const READS_HTML = `<h2 id=reads-h tabindex=-1>Reads</h2>
<div class=controls><label>Read <input id=read-filter type=search placeholder=type/id spellcheck=false></label>
<label>Show <select id=read-show>${options(READ_FILTERS)}</select></label></div>
<table class=reads aria-labelledby=reads-h>${head([
  'Kind',
  'Read',
  'Status',
  'Last success',
  'Last error',
  'Pages',
  'Rows',
  'Next page',
])}<tbody id=reads></tbody></table>
<p class=note id=reads-note></p>`;

export const failureRow = (f: ReadFailure): string =>
  `<tr><td class=muted>${formatTime(f.time)}</td><td>${esc(f.read)}</td><td class=msg>${esc(
    f.name,
  )}: ${esc(f.message)}</td><td class=${
    f.recoveredAt === undefined ? 'stale>failing' : `applied>recovered ${formatTime(f.recoveredAt)}`
  }${f.failures > 1 ? ` · ${f.failures} failures` : ''}</td></tr>`;

const time = (at: number | undefined) => (at === undefined ? '—' : formatTime(at));

function readRow(info: ReadInfo): string {
  const { state } = info;
  const { error } = state;
  const list = info.read === 'list';
  const name = esc(readName(info));
  const status = state.isFetching
    ? state.isFetchingNextPage
      ? 'next page'
      : 'in flight'
    : error
      ? 'failed'
      : state.settledAt === undefined
        ? '—'
        : 'ok';
  // Lists only: the other reads have no pages.
  const pages = list
    ? [state.pages?.length ?? 0, listRows(state), state.nextCursor === undefined ? 'no' : 'yes']
    : ['—', '—', '—'];
  return `<tr><td>${kindLabel(info.read)}</td><td>${
    list ? name : `<button type=button class=key data-read="${esc(readLabel(info))}">${name}</button>`
  }</td><td${error ? ' class=stale' : ''}>${status}</td><td class=muted>${time(state.settledAt)}</td><td class=msg>${
    error ? `${time(state.errorAt)} ${esc(error.name)}: ${esc(error.message)}` : '—'
  }</td><td class=num>${pages[0]}</td><td class=num>${pages[1]}</td><td>${pages[2]}</td></tr>`;
}

/**
 * The Reads section's rows (keyed by read; a read's state is a new object whenever it changes) and note: the reads that pass the filters, at
 * most `MAX_READ_ROWS`, in the order the client made them (stable, so rows do not jump as reads
 * settle). `reads` is undefined for a client that does not report its reads (a bare `{ store }`).
 */
export function readsHtml(
  state: DevtoolsState,
  reads: readonly ReadInfo[] | undefined,
): [rows: Row[], note: string] {
  if (!reads) return [[], 'Reads show for a client made by createClient.'];
  const needle = state.readFilter.trim().toLowerCase();
  const rows: Row[] = [];
  let matched = 0;
  let fetching = 0;
  let failed = 0;
  for (const info of reads) {
    if (info.state.isFetching) fetching++;
    if (info.state.error) failed++;
    if (showsRead(state.readShow, needle, info) && matched++ < MAX_READ_ROWS)
      rows.push([info.key, info.state, () => readRow(info)]);
  }
  const hidden = matched - MAX_READ_ROWS;
  return [
    rows,
    `${reads.length} reads: ${fetching} in flight, ${failed} failed.${
      matched ? '' : reads.length ? ' No reads match.' : ''
    }${hidden > 0 ? ` ${hidden} more not shown: filter by read or kind.` : ''}`,
  ];
}
