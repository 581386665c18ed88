import { defineDevtoolsElement } from './devtoolsElement';

export type { DevtoolsClient, VstoreDevtoolsElement } from './devtoolsElement';
export { DEVTOOLS_TAG, defineDevtoolsElement } from './devtoolsElement';
export type { KeyRow, OutcomeFilter, TimelineEntry, Weight } from './devtoolsState';
export type { MountDevtoolsOptions } from './mountDevtools';
export { mountDevtools } from './mountDevtools';

// Importing the package is enough to use `<vstore-devtools>` in markup; defining is idempotent and a
// no-op on the server.
defineDevtoolsElement();

declare global {
  interface HTMLElementTagNameMap {
    'vstore-devtools': import('./devtoolsElement').VstoreDevtoolsElement;
  }
}
