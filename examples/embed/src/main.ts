import { readEmbedConfig } from './embedConfig';
import { defineSpendControlElement } from './spendControlElement';

// `document.currentScript` is only set while this script first runs, so the config is read now.
defineSpendControlElement(readEmbedConfig(document.currentScript));

export { currentClient, runtimeStatus } from './sharedRuntime';
