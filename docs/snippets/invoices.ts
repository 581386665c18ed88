import { defineResource, z } from '@vstore/core';

/** The invoice resource the guide's examples import (see "Your own resources"). */
export const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({
    invoice_id: z.string(),
    version: z.number().int().min(1),
    version_time: z.string(),
    status: z.enum(['draft', 'sent']),
    total: z.number(),
  }),
  updatable: ['status', 'total'],
  history: true,
});
