/** Page-level settings: one store and one event connection serve every widget on the page. */
export interface EmbedConfig {
  serviceUrl: string;
  /** Called lazily by the client, which caches the token; never kept anywhere the page can read. */
  getToken: () => string | Promise<string>;
  environment?: string;
}

/** What the host page may set on `window.vstoreEmbed` before the widget's module runs. */
export interface EmbedGlobal {
  serviceUrl: string;
  /** Preferred: the host's own token source (e.g. its session), so no token sits in the page. */
  getToken: () => string | Promise<string>;
  /** A fixed token; read once and then deleted from this object. */
  token: string;
  environment: string;
}

declare global {
  interface Window {
    /** Set before the script tag loads, e.g. by the host's own bootstrap. Wins over data attributes. */
    vstoreEmbed?: Partial<EmbedGlobal>;
  }
}

const DEFAULTS = { serviceUrl: 'http://127.0.0.1:4010', token: 'dev-token' };

/**
 * Reads the configuration once, when the script loads: `window.vstoreEmbed`, then the loading
 * script tag's `data-service-url` / `data-token` / `data-environment`, then the local demo's
 * defaults (with a console warning: a host page that meant to configure the widget did not reach it).
 * `script` is the widget's own `<script type="module">` tag (see ownScript), if found.
 * A token given as data is then removed from the DOM, from every tag that names the widget's file
 * (`others`: so it does not linger when the own tag could not be told apart), and from
 * `window.vstoreEmbed`, so any other script on the host page (an ad, an analytics tag) cannot read
 * it there; it lives on only in the client's `getToken` closure.
 */
export function readEmbedConfig(
  tag: HTMLScriptElement | undefined,
  others: readonly HTMLScriptElement[] = [],
): EmbedConfig {
  const data = tag?.dataset ?? {};
  const global = window.vstoreEmbed ?? {};
  const environment = global.environment ?? data.environment;
  const token = global.token ?? data.token ?? DEFAULTS.token;
  for (const script of [tag, ...others]) script?.removeAttribute('data-token');
  // Reflect.deleteProperty returns false, rather than throwing, on an object the host froze.
  Reflect.deleteProperty(global, 'token');
  const serviceUrl = global.serviceUrl ?? data.serviceUrl;
  if (serviceUrl === undefined)
    console.warn(
      `[vstore-embed] no window.vstoreEmbed.serviceUrl and no data-service-url on the widget's script tag: using the local demo service at ${DEFAULTS.serviceUrl}.`,
    );
  return {
    serviceUrl: serviceUrl ?? DEFAULTS.serviceUrl,
    getToken: global.getToken ?? (() => token),
    ...(environment === undefined ? {} : { environment }),
  };
}
