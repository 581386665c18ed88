export { accountIds, client, network, serviceUrl, spendControlIds } from './demoConfig';
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
export { displayFields, formatMoney, formatTime, formatTimestamp } from './format';
export { createNetworkMonitor, type NetworkMonitor, type NetworkStats } from './networkMonitor';
