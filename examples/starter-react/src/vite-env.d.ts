/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL; `npm run service` serves one on http://127.0.0.1:4010. */
  readonly VITE_VSTORE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
