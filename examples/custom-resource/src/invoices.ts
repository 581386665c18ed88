import { defineResource, z } from '@vstore/react';

/**
 * The app's own resource, described once: where it lives, how a read is checked, which fields an
 * update may carry. The local service serves it from `resources.json` (the same type, id field and
 * updatable fields and list filters); the client knows it only through this definition.
 */
export const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
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
  updatable: ['customer', 'status', 'total', 'due_date'],
  history: true,
  // The same filters resources.json declares to the service: `GET /invoices?status=…&currency=…`.
  list: { filters: ['status', 'currency'], pageSize: 20 },
});

export type Invoice = z.output<typeof invoices.schema>;
export const INVOICE_STATUSES = ['draft', 'sent', 'paid'] as const satisfies readonly Invoice['status'][];
