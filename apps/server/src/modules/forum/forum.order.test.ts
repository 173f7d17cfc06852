import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { registerRules, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { freshDatabase } from '../../test/helpers.js';
import { planSorts } from '../../test/plan.js';
import { forumRules } from './forum.policy.js';
import { ME, replyStatements, threadStatements } from './forum.queries.js';

// No app is built here: the rule this test asks for is registered as buildApp registers it.
registerRules([forumRules]);

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const member = { sessionId: '', stage: 'active', user: { id: 0 }, roles: ['CM'], view: 'CM', committees: [] };
const scope = scopeFor(member as unknown as Actor, 'forum.thread.list', sql.placeholder(ME));
const values = { committeeId: 1, [ME]: 1, threadId: 1, limit: 10, offset: 0 };

describe('the forum’s pages read their index in order', () => {
  it('a committee’s threads (forum_threads_committee_activity_idx) and a discussion’s replies', async () => {
    expect(await planSorts(database.db, threadStatements.page.sqlOf({ scope }), values)).toBe(false);
    expect(await planSorts(database.db, replyStatements.page.sqlOf(), values)).toBe(false);
  });

  it('a plain desc() against the same index sorts (the check can fail)', async () => {
    const st = threadStatements.page.sqlOf({ scope });
    expect(st.text).toContain('desc nulls last');
    const plain = { ...st, text: st.text.replaceAll(' desc nulls last', ' desc') };
    expect(await planSorts(database.db, plain, values)).toBe(true);
  });
});
