// The app's outbox, as the offline guide sets it up: the pages that build on it import it from here.
import { createOutbox, indexedDbStorage } from '@vstore/core/offline';

export const outbox = createOutbox(client, { storage: indexedDbStorage('my-app') });
