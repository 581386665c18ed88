import { defineResource, z } from '@vstore/core';

/**
 * The invoice resource of "Your own resources", the same as `examples/custom-resource` declares for
 * the local service (`resources.json`): the same fields, statuses and updatable fields.
 */
export const invoices = defineResource({
  type: 'invoice', // the store's key type: entities live under ('invoice', id)
  path: '/invoices', // collection; items at /invoices/{id}, history at /invoices/{id}/history
  idKey: 'invoice_id',
  // Loose: fields the service adds later are kept, not rejected.
  schema: z.looseObject({
    invoice_id: z.string().min(1),
    version: z.number().int().min(1),
    version_time: z.string(),
    customer: z.string(),
    status: z.enum(['draft', 'sent', 'paid']),
    total: z.number().min(0),
    currency: z.string().length(3),
    due_date: z.string(),
  }),
  updatable: ['customer', 'status', 'total', 'due_date'], // the only fields update() and edit() may send
  history: true, // the service has /invoices/{id}/history (default false)
});
