import * as z from 'zod';
import { defineResource } from '../defineResource';

// Test support: a resource without versions (notes), whose replies are ordered by request start. Not a test file.

export const notesConfig = {
  type: 'note',
  path: '/notes',
  idKey: 'note_id',
  schema: z.looseObject({ note_id: z.string(), text: z.string() }),
  updatable: ['text'],
  versioned: false,
} as const;

export const notes = defineResource(notesConfig);
