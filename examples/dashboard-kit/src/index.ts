export { accountIds, admin, client, network, serviceUrl, spendControlIds, tabs } from './demoConfig';
export {
  changedFields,
  type EditFields,
  type EditOutcome,
  editFieldsOf,
  editFromForm,
  fieldDiffers,
  parseAmount,
} from './editFields';
export { describeError, type ErrorText, tidyMessage } from './errorText';
export { displayFields, formatMoney, formatTime, formatTimestamp } from './format';
export { HISTORY_PAGE_SIZE, type HistoryRow, historyPage, historyRows } from './historyRows';
export { createNetworkMonitor, type NetworkMonitor, type NetworkStats } from './networkMonitor';
export { AdminError, createServiceAdmin, type FaultState, type ServiceAdmin } from './serviceAdmin';
export { shareAcrossTabs, type TabRole, type TabSharing } from './tabSharing';
