import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../../test/helpers.js';
import { planSorts } from '../../test/plan.js';
import { listStatements } from './publications.queries.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

it('recent publications read publications_updated_idx in order', async () => {
  expect(await planSorts(database.db, listStatements.recentPage.sqlOf(), { limit: 5, offset: 0 })).toBe(false);
});
