import { observeResource, type SpendControl } from '@vstore/core';
import type { EmbedConfig } from './embedConfig';
import { leaseRuntime, type RuntimeLease } from './sharedRuntime';
import { widgetStyles } from './widgetStyles';

const TYPE = 'spend_control';

function formatLimit(limit: SpendControl['limit']): string {
  if (!limit) return 'no limit';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: limit.currency }).format(
      limit.amount,
    );
  } catch {
    // An unknown currency code from the server must not break the widget.
    return `${limit.amount} ${limit.currency}`;
  }
}

/** Builds the widget's fixed skeleton; later renders only set text, never HTML, so no server string is markup. */
function skeleton(root: ShadowRoot) {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: Node) =>
    parent.appendChild(Object.assign(document.createElement(tag), { className }));
  const style = document.createElement('style');
  style.textContent = widgetStyles;
  root.append(style);
  const card = el('div', 'card', root);
  card.setAttribute('part', 'card');
  const head = el('div', 'head', card);
  const parts = {
    name: el('span', 'name', head),
    status: el('span', 'pill', head),
    limit: el('div', 'limit', card),
    meta: el('div', 'meta', card),
    actions: el('div', 'actions', card),
    toggle: document.createElement('button'),
    raise: document.createElement('button'),
    error: el('div', 'error', card),
  };
  parts.error.setAttribute('role', 'alert');
  parts.raise.textContent = '+100 limit';
  parts.actions.append(parts.toggle, parts.raise);
  return parts;
}

/**
 * `<vstore-spend-control control-id="sc_1">`: shows one spend control and can pause/resume it or
 * raise its limit. All instances share one store, so a change made through one widget, a reply to
 * another, or a pushed event shows in every widget for that control at the same time.
 */
export class SpendControlElement extends HTMLElement {
  static observedAttributes = ['control-id'];
  /** Set by `defineSpendControlElement` before the first instance connects. */
  static config: EmbedConfig;

  readonly #ui = skeleton(this.attachShadow({ mode: 'open' }));
  #lease: RuntimeLease | undefined;
  #stop: (() => void) | undefined;
  #busy = false;

  constructor() {
    super();
    this.#ui.toggle.addEventListener('click', () => {
      const current = this.#current();
      if (current)
        this.#write((c, id) =>
          c.spendControls.update(id, { status: current.status === 'active' ? 'paused' : 'active' }),
        );
    });
    this.#ui.raise.addEventListener('click', () =>
      this.#write((c, id) =>
        // A relative change: re-running it over another writer's amount is what "+100" means, so it
        // rebases (unlike the dashboards' forms, which set absolute values and abort on a conflict).
        c.spendControls.edit(
          id,
          (draft) => {
            if (draft.limit) draft.limit.amount += 100;
          },
          { onConflict: 'rebase' },
        ),
      ),
    );
  }

  connectedCallback(): void {
    this.#lease ??= leaseRuntime(SpendControlElement.config);
    this.#follow();
  }

  disconnectedCallback(): void {
    this.#stop?.();
    this.#stop = undefined;
    this.#lease?.release();
    this.#lease = undefined;
  }

  attributeChangedCallback(): void {
    if (this.#lease) this.#follow();
  }

  get controlId(): string | null {
    return this.getAttribute('control-id');
  }

  #current(): SpendControl | undefined {
    const id = this.controlId;
    return id && this.#lease ? this.#lease.client.store.get<SpendControl>(TYPE, id) : undefined;
  }

  /** Subscribes to the control's key in the shared store and asks the server for its latest state. */
  #follow(): void {
    this.#stop?.();
    const id = this.controlId;
    const lease = this.#lease;
    this.#showError('');
    if (!lease || !id) {
      this.#render();
      if (!id) this.#showError('control-id attribute is missing');
      return;
    }
    // Core's observer reads the latest state (one read shared by every widget of this id), follows the
    // store, and aborts its read when this widget stops following.
    const observer = observeResource(lease.client.spendControls, id);
    let shown: unknown;
    let failedOver: SpendControl | undefined | null = null;
    this.#stop = observer.subscribe(() => {
      const { data, error } = observer.getResult();
      if (error !== undefined && error !== shown) {
        shown = error;
        failedOver = data;
        this.#showError(error);
      } else if (failedOver !== null && data !== failedOver) {
        // A newer copy arrived (an event, another widget's read): the failed read no longer stands.
        failedOver = null;
        this.#showError('');
      }
      this.#render();
    });
    this.#render();
  }

  async #write(send: (client: RuntimeLease['client'], id: string) => Promise<unknown>): Promise<void> {
    const id = this.controlId;
    if (!this.#lease || !id || this.#busy) return;
    this.#busy = true;
    this.#showError('');
    this.#render();
    try {
      // The reply goes through the shared store, which re-renders every widget showing this control.
      await send(this.#lease.client, id);
    } catch (error) {
      this.#showError(error);
    } finally {
      this.#busy = false;
      this.#render();
    }
  }

  #showError(error: unknown): void {
    // Core's errors never carry the token, so their message is safe to show; core ends each sentence once.
    this.#ui.error.textContent = error instanceof Error ? error.message : String(error);
  }

  #render(): void {
    const sc = this.#current();
    const ui = this.#ui;
    ui.name.textContent = sc ? sc.name : (this.controlId ?? '');
    ui.status.textContent = sc ? sc.status : 'loading';
    ui.status.className = `pill ${sc ? sc.status : ''}`;
    ui.limit.textContent = sc ? formatLimit(sc.limit) : '…';
    ui.meta.textContent = sc
      ? `${sc.interval} · v${sc.version} · ${new Date(sc.version_time).toLocaleTimeString()}`
      : '';
    ui.toggle.textContent = sc?.status === 'paused' ? 'Resume' : 'Pause';
    // Three widgets may sit side by side: each button's name says which control it acts on.
    const target = sc ? sc.name : (this.controlId ?? 'spend control');
    ui.toggle.setAttribute('aria-label', `${ui.toggle.textContent} ${target}`);
    ui.raise.setAttribute('aria-label', `+100 limit for ${target}`);
    ui.toggle.disabled = ui.raise.disabled = !sc || this.#busy;
    this.dataset.version = sc ? String(sc.version) : '';
  }
}

/** Registers the element once per page, whichever copy of the script loads first. */
export function defineSpendControlElement(config: EmbedConfig, tagName = 'vstore-spend-control'): void {
  if (customElements.get(tagName)) return;
  SpendControlElement.config = config;
  customElements.define(tagName, class extends SpendControlElement {});
}
