import { type Client, type ReadInfo, readStates, watchReads } from '@vstore/core';
import { createDevtoolsState, type DevtoolsState } from './devtoolsState';
import { createDevtoolsView, type DevtoolsView } from './devtoolsView';
import { clampSize, createPageReservation, type Layout, loadLayout, RAIL, saveLayout } from './dock';

/**
 * What the panel reads from a client: its store, and, from a client that `createClient` made, its
 * reads (`readStates`, `watchReads`). A bare `{ store }` shows the store alone.
 */
export type DevtoolsClient = Pick<Client, 'store'>;

/**
 * The custom element's tag, `vstore-devtools`: importing the package defines it, so
 * `<vstore-devtools>` works in markup once its `client` property is set.
 */
export const DEVTOOLS_TAG = 'vstore-devtools';

/** Writes kept in the timeline unless the `capacity` attribute or property says otherwise. */
export const DEFAULT_CAPACITY = 500;

/** The `<vstore-devtools>` element: set `client` and it shows that client's store. */
export interface VstoreDevtoolsElement extends HTMLElement {
  /** The client whose store is shown; the panel subscribes while connected to a document. */
  client: DevtoolsClient | undefined;
  /**
   * Writes kept in the timeline (a ring buffer: the oldest go first). Also the `capacity` attribute.
   * Setting it empties the timeline; the list to look at, the counts, the key table, the entity open
   * and the filters stay.
   * @default 500
   */
  capacity: number;
  /** Whether the panel is expanded. Also the `open` attribute. @default false */
  open: boolean;
}

interface Unsubscribable {
  unsubscribe(): void;
}

/**
 * The class is made on first use, not at import: server rendering has no `HTMLElement`, and an app
 * that never mounts the panel builds nothing.
 */
function createElementClass(): CustomElementConstructor {
  return class VstoreDevtools extends HTMLElement implements VstoreDevtoolsElement {
    static observedAttributes = ['open', 'capacity'];
    #client: DevtoolsClient | undefined;
    #subscription: Unsubscribable | undefined;
    #stopReads: (() => void) | undefined;
    #state: DevtoolsState = createDevtoolsState(DEFAULT_CAPACITY);
    #view: DevtoolsView | undefined;
    #renderQueued = false;
    /** The last draw threw; its error is on the console already. */
    #failing = false;
    #layout: Layout = loadLayout();
    #reserve = createPageReservation();

    get client(): DevtoolsClient | undefined {
      return this.#client;
    }
    set client(client: DevtoolsClient | undefined) {
      if (client === this.#client) return;
      this.#disconnectStore();
      this.#client = client;
      this.#state = this.#freshState(this.#state.log.capacity);
      if (this.isConnected) this.#connectStore();
      this.#scheduleRender();
    }

    get capacity(): number {
      return this.#state.log.capacity;
    }
    set capacity(value: number) {
      this.setAttribute('capacity', String(value));
    }

    get open(): boolean {
      return this.hasAttribute('open');
    }
    set open(value: boolean) {
      this.toggleAttribute('open', value);
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      if (name === 'capacity') {
        const capacity = value === null ? DEFAULT_CAPACITY : Number(value);
        if (capacity === this.#state.log.capacity) return;
        // A bad value throws the RangeError and keeps the old log. Only the timeline starts again.
        this.#state.startTimeline(capacity);
      } else if (this.isConnected) this.#place();
      this.#scheduleRender();
    }

    connectedCallback(): void {
      if (this.#view === undefined) {
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        this.#view = createDevtoolsView(root, {
          state: () => this.#state,
          reads: () => this.#reads(),
          toggle: () => {
            this.open = !this.open;
          },
          changed: () => this.#scheduleRender(),
          dock: (dock) => {
            this.#layout.dock = dock;
            this.#place(true);
          },
          resize: (px, done) => {
            const { dock } = this.#layout;
            this.#layout[dock === 'bottom' ? dock : 'side'] = clampSize(dock, px);
            this.#place(done);
          },
        });
      }
      this.#connectStore();
      this.#place();
      this.#render();
    }

    disconnectedCallback(): void {
      this.#disconnectStore();
      this.#reserve(undefined, 0);
    }

    /** The open panel's height (docked at the bottom) or width, within the window as it is now. */
    #size(): number {
      const { dock } = this.#layout;
      return clampSize(dock, this.#layout[dock === 'bottom' ? dock : 'side']);
    }

    /** Docks the panel and makes room for it in the page; `save` keeps the layout for this origin. */
    #place(save = false): void {
      const { dock } = this.#layout;
      const px = this.open ? this.#size() : RAIL;
      this.setAttribute('dock', dock);
      this.style.setProperty('--size', `${px}px`);
      this.#reserve(this.open ? dock : dock === 'left' ? dock : 'right', px);
      if (save) saveLayout(this.#layout);
      this.#scheduleRender();
    }

    /**
     * Draws in a microtask of its own, where a throw would reach the app as an uncaught error at every
     * write: a fault of the panel's is the panel's, told once on the console until a draw succeeds.
     */
    #render(): void {
      try {
        this.#view?.render(this.#client?.store, this.open, this.#layout.dock, this.#size());
        this.#failing = false;
      } catch (error) {
        if (!this.#failing) console.error('vstore devtools could not draw:', error);
        this.#failing = true;
      }
    }

    #freshState(capacity: number): DevtoolsState {
      const fresh = createDevtoolsState(capacity);
      const { paused, keyFilter, outcomeFilter, readFilter, readShow } = this.#state;
      return Object.assign(fresh, { paused, keyFilter, outcomeFilter, readFilter, readShow });
    }

    /** The client's reads, or undefined for a client that does not report them (a bare `{ store }`). */
    #reads(): ReadInfo[] | undefined {
      return this.#stopReads && readStates(this.#client as Client);
    }

    #connectStore(): void {
      const store = this.#client?.store;
      if (store === undefined || this.#subscription !== undefined) return;
      // The key table restarts from the store itself: writes made while disconnected were not seen.
      this.#state.keys.clear();
      const snapshot = store.dehydrate();
      this.#state.seed(snapshot.entities, snapshot.removed);
      this.#subscription = store.changes.subscribe((change) => {
        this.#state.record(change, Date.now());
        this.#scheduleRender();
      });
      const client = this.#client as Client;
      try {
        this.#stopReads = watchReads(client, (change) => {
          this.#state.recordRead(change, Date.now());
          this.#scheduleRender();
        });
      } catch (error) {
        // Core's TypeError for an object no client made (`{ store }`): the panel shows the store alone.
        if (!(error instanceof TypeError)) throw error;
        return;
      }
      // Reads already failing count from the start; their earlier failures were not seen.
      for (const info of readStates(client)) this.#state.recordRead(info, Date.now());
    }

    #disconnectStore(): void {
      this.#subscription?.unsubscribe();
      this.#subscription = undefined;
      this.#stopReads?.();
      this.#stopReads = undefined;
    }

    /** One redraw per burst of writes (a page of results, a hydrate) rather than one per write. */
    #scheduleRender(): void {
      if (this.#renderQueued || this.#view === undefined) return;
      this.#renderQueued = true;
      queueMicrotask(() => {
        this.#renderQueued = false;
        this.#render();
      });
    }
  };
}

/**
 * Registers `<vstore-devtools>` once; later calls (a second copy of the package, hot reload) keep the
 * first definition. Returns false where there is no `customElements` registry (server rendering).
 */
export function defineDevtoolsElement(): boolean {
  if (typeof customElements === 'undefined') return false;
  if (customElements.get(DEVTOOLS_TAG) === undefined)
    customElements.define(DEVTOOLS_TAG, createElementClass());
  return true;
}
