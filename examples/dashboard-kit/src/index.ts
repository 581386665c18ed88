export { accountIds, client, network, serviceUrl, spendControlIds } from './demoConfig';
export {
  changedFields,
  type EditFields,
  type EditOutcome,
  editFieldsOf,
  editFromForm,
  fieldDiffers,
  parseAmount,
} from './editFields';
export { displayFields, formatMoney, formatTime, formatTimestamp } from './format';
export { createNetworkMonitor, type NetworkMonitor, type NetworkStats } from './networkMonitor';
