import { readEmbedConfig } from './embedConfig';
import { ownScript, sameFileTags } from './ownScript';
import { currentClient, runtimeStatus } from './sharedRuntime';
import { defineSpendControlElement } from './spendControlElement';

// A module script has no `document.currentScript`: its own tag is the one whose `src` is this
// module's URL (the entry's, as this file is the entry chunk).
defineSpendControlElement(readEmbedConfig(ownScript(import.meta.url), sameFileTags(import.meta.url)));
// A module has no global name of its own (the IIFE had `VStoreEmbed`), so it sets it.
window.VStoreEmbed = { currentClient, runtimeStatus };

export { currentClient, runtimeStatus };
