import type { Page } from 'playwright-core';

/** The last messages kept: enough to say why a page went wrong, bounded however long a run is. */
const KEPT = 60;

/** What a page said while a test ran, printed when the test fails. */
export interface PageDiagnostics {
  /** Starts keeping `page`'s warnings, errors and uncaught exceptions, labelled `name`. */
  watch(page: Page, name: string): void;
  /** Everything kept so far, oldest first, with what `page` holds in IndexedDB `database`. */
  report(page: Page, database: string): Promise<string>;
}

/**
 * Keeps what the pages of a test printed (their `console.warn`/`console.error`, and exceptions nobody
 * caught) and, on failure, what the page's IndexedDB holds: the log a flaky browser run needs to be
 * read afterwards, where a screenshot shows only that something is missing.
 */
export function pageDiagnostics(): PageDiagnostics {
  const lines: string[] = [];
  let repeats = 0;
  // A line said again and again (each request an offline page fails) is kept once, with its count,
  // so it does not push out what came before it.
  const keep = (line: string) => {
    const last = lines.at(-1);
    if (last !== undefined && (last === line || last.startsWith(`${line} (×`))) {
      lines[lines.length - 1] = `${line} (×${++repeats + 1})`;
      return;
    }
    repeats = 0;
    lines.push(line);
    if (lines.length > KEPT) lines.shift();
  };
  return {
    watch(page, name) {
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error')
          keep(`${name} ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => keep(`${name} uncaught: ${error.message}`));
      page.on('load', () => keep(`${name} loaded ${page.url()}`));
    },
    async report(page, database) {
      return [...lines, `IndexedDB ${database}: ${(await storedKeys(page, database)).join(', ')}`].join('\n');
    },
  };
}

/**
 * Each key `page` holds in the first object store of IndexedDB `database`, as `key (N chars)` with the
 * size of its JSON; one line saying why, where it could not be read.
 */
async function storedKeys(page: Page, database: string): Promise<string[]> {
  return page.evaluate(readStore, database).then(
    (entries) => entries.map(([key, json]) => `${key} (${json.length} chars)`),
    (error: unknown) => [`not readable: ${error instanceof Error ? error.message : String(error)}`],
  );
}

/** What `page` holds in IndexedDB `database`, as JSON by key; empty if nothing or unreadable. */
export async function storedJson(page: Page, database: string): Promise<Map<string, string>> {
  return new Map(await page.evaluate(readStore, database).catch(() => []));
}

/**
 * In the page (so one function, with nothing from outside it): each key of `database`'s first object
 * store with its value as JSON. Bounded: `evaluate` waits as long as the page does, so an IndexedDB
 * that never answers fails the read after 5 s.
 */
const readStore = (database: string): Promise<[string, string][]> => {
  const answer = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const read = async (): Promise<[string, string][]> => {
    const db = await answer(indexedDB.open(database));
    try {
      const name = db.objectStoreNames[0];
      if (name === undefined) return [];
      const store = db.transaction(name, 'readonly').objectStore(name);
      const [keys, values] = await Promise.all([answer(store.getAllKeys()), answer(store.getAll())]);
      return keys.map((key, at) => [String(key), JSON.stringify(values[at]) ?? 'undefined']);
    } finally {
      db.close();
    }
  };
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('IndexedDB gave no answer within 5 s')), 5000),
  );
  return Promise.race([late, read()]);
};
