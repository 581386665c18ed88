/** Page-level settings: one store and one event connection serve every widget on the page. */
export interface EmbedConfig {
  serviceUrl: string;
  token: string;
  environment?: string;
}

declare global {
  interface Window {
    /** Set before the script tag loads, e.g. by the host's own bootstrap. Wins over data attributes. */
    vstoreEmbed?: Partial<EmbedConfig>;
  }
}

const DEFAULTS: EmbedConfig = { serviceUrl: 'http://127.0.0.1:4010', token: 'dev-token' };

/**
 * Reads the configuration once, when the script loads: `window.vstoreEmbed`, then the loading
 * script tag's `data-service-url` / `data-token` / `data-environment`, then the local defaults.
 * `script` must be captured during the script's first run (`document.currentScript` is null later).
 */
export function readEmbedConfig(script: HTMLOrSVGScriptElement | null): EmbedConfig {
  const data = script instanceof HTMLScriptElement ? script.dataset : {};
  const global = window.vstoreEmbed ?? {};
  const environment = global.environment ?? data.environment;
  return {
    serviceUrl: global.serviceUrl ?? data.serviceUrl ?? DEFAULTS.serviceUrl,
    token: global.token ?? data.token ?? DEFAULTS.token,
    ...(environment === undefined ? {} : { environment }),
  };
}
