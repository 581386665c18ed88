export { type AccountRead, type AccountStanding, accountStanding } from './accountStanding';
export { admin, client, network, PAGE_SIZE, serviceUrl, tabs } from './demoConfig';
export {
  type ConflictDisplay,
  type ConflictRow,
  conflictRows,
  describeResolution,
  formatValue,
  formResolutionNext,
  unresolvedFields,
} from './editConflict';
export {
  describePatch,
  type EditFields,
  editFieldsOf,
  formPatch,
  parseAmount,
  type SpendControlPatch,
  spendControlConflictDisplay,
  theirChanges,
  UPDATABLE,
} from './editFields';
export { describeError, type ErrorText, tidyMessage } from './errorText';
export { displayFields, formatMoney, formatTime, formatTimestamp } from './format';
export { HISTORY_PAGE_SIZE, type HistoryRow, historyPage, historyRows } from './historyRows';
export { createNetworkMonitor, type NetworkMonitor, type NetworkStats } from './networkMonitor';
export { type OnlineStatus, onlineStatus } from './onlineStatus';
export { type EntryText, entryText, indicatorText } from './outboxText';
export { registerOfflineShell } from './registerOfflineShell';
export { AdminError, createServiceAdmin, type FaultState, type ServiceAdmin } from './serviceAdmin';
export { settleConflict } from './settleConflict';
export { shareAcrossTabs, type TabRole, type TabSharing } from './tabSharing';
