// The public surface of cross-tab sharing; re-exported by src/index.ts.
export type { ChannelLocks, ChannelLocksOptions, LockManagerLike } from './channelLocks';
export { createChannelLocks } from './channelLocks';
export type { ChannelConstructor, ChannelLike, CrossTab, CrossTabMessage, CrossTabOptions } from './crossTab';
export { createCrossTab } from './crossTab';
export { defaultLockManager } from './lockManager';
export type { SharedPollClient, SharedPollOptions } from './pollTaskShared';
export { pollTaskShared } from './pollTaskShared';
