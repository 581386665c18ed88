export { type AccountRead, type AccountStanding, accountStanding } from './accountStanding';
export { admin, client, network, PAGE_SIZE, serviceUrl, tabs } from './demoConfig';
export {
  type ConflictChoice,
  type ConflictDisplay,
  type ConflictResolution,
  type ConflictRow,
  conflictRows,
  describeResolution,
  type EditConflict,
  editConflictOf,
  fieldsChanged,
  formatValue,
  jsonEqual,
  resolveConflict,
  unresolvedFields,
} from './editConflict';
export {
  changedFields,
  type EditFields,
  type EditOutcome,
  editFieldsOf,
  editFromForm,
  fieldDiffers,
  parseAmount,
  spendControlConflictDisplay,
} from './editFields';
export { describeError, type ErrorText, tidyMessage } from './errorText';
export { displayFields, formatMoney, formatTime, formatTimestamp } from './format';
export { HISTORY_PAGE_SIZE, type HistoryRow, historyPage, historyRows } from './historyRows';
export { createNetworkMonitor, type NetworkMonitor, type NetworkStats } from './networkMonitor';
export { AdminError, createServiceAdmin, type FaultState, type ServiceAdmin } from './serviceAdmin';
export { shareAcrossTabs, type TabRole, type TabSharing } from './tabSharing';
