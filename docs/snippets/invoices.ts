import { defineResource, z } from '@vstore/core';

// The invoices of examples/custom-resource (its resources.json
// declares the same fields and updatable fields to the service).
export const invoices = defineResource({
  type: 'invoice', // the store's key type: ('invoice', id)
  path: '/invoices', // items at /invoices/{id}
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
  // The only fields update() and edit() may send:
  updatable: ['customer', 'status', 'total', 'due_date'],
  history: true, // /invoices/{id}/history exists (default false)
});
