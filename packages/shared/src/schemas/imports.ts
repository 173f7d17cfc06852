import { z } from 'zod';

/** What the back-office import accepts (POST /admin/import/{entity}, npm run import). */
export const IMPORT_ENTITIES = ['facilities', 'sites', 'jobs', 'invoices', 'assessors', 'ar-access'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export const importParams = z.object({ entity: z.enum(IMPORT_ENTITIES) });

export const importResult = z.object({
  message: z.string(),
  entity: z.enum(IMPORT_ENTITIES),
  rows: z.number(),
  inserted: z.number(),
  updated: z.number(),
});
export type ImportResult = z.infer<typeof importResult>;
