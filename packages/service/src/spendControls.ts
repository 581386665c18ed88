import type { ListFilter } from './listQuery';
import { createRules, patchRules } from './rules';
import { INTERVAL_VALUES, type SpendControl, STATUS_VALUES } from './types';
import { type CreateInput, type PatchInput, validateCreate, validatePatch } from './validation';
import { applyPatch, listOf, sequentialIds, type VersionedCollection } from './versionedCollection';

/** `GET /spend_controls` filters: any account id; status and interval from their enums. */
const FILTERS: readonly ListFilter[] = [
  { field: 'account_id' },
  { field: 'status', values: STATUS_VALUES },
  { field: 'interval', values: INTERVAL_VALUES },
];

/**
 * Spend controls: `/spend_controls`, served by the generic versioned-resource router with the
 * demo domain's own validation (400) and business rules (422).
 */
export function spendControlCollection(
  versions: Map<string, SpendControl[]>,
): VersionedCollection<CreateInput, PatchInput, SpendControl> {
  return {
    type: 'spend_control',
    path: 'spend_controls',
    label: 'Spend control',
    history: true,
    versions,
    list: listOf('spend_controls', FILTERS, versions),
    newId: sequentialIds('sc_', versions),
    checkCreate: validateCreate,
    checkPatch: validatePatch,
    createRules: (c, input) => createRules(input, c.data.accounts.get(input.account_id), c.options),
    patchRules: (c, patch, current) =>
      patchRules(patch, current, c.data.accounts.get(current.account_id), c.options),
    build: (input, id, time) => ({
      spend_control_id: id,
      version: 1,
      version_time: time,
      name: input.name,
      status: input.status,
      limit: input.limit,
      interval: input.interval,
      account_id: input.account_id,
    }),
    apply: applyPatch,
  };
}
