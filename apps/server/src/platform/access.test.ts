import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES, type Action } from '@portal/shared';
import { committees } from '../db/schema/index.js';
import { buildTestApp, loginAs, type TestApp } from '../test/helpers.js';
import { sha256 } from './tokens.js';
import { abilitiesOf, allows, authorize, scopeFor, viewing } from './access.js';
import { actorSql, actorSqlOf, findActor, type Actor } from './actor.js';
import { AppError } from './errors.js';

let t: TestApp;
let cm: Actor;
let multi: Actor;
let ta: Actor;

beforeAll(async () => {
  t = await buildTestApp();
  const actorOf = async (email: string) => (await findActor(t.database.db, 'token', sha256(await loginAs(t, email))))!;
  [cm, multi, ta] = (await Promise.all(['cm@portal.test', 'multi@portal.test', 'ta@portal.test'].map(actorOf))) as [
    Actor,
    Actor,
    Actor,
  ];
});
afterAll(() => t.close());

/** The status authorize throws, or 'ok'. */
function outcome(run: () => unknown): number | 'ok' {
  try {
    run();
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.statusCode;
    throw e;
  }
}

describe('the actor of the authenticate statement', () => {
  it('never loads the password hash, and loads only the columns a request needs', () => {
    // The exported text (for bench/baseline.mjs) is the statement the server prepares.
    expect(actorSql('token')).toBe(actorSqlOf(t.database.db, 'token'));
    expect(actorSql('session')).toBe(actorSqlOf(t.database.db, 'session'));
    expect(actorSql('token')).toContain('"sessions"."token_hash" = $1');
    for (const text of [actorSql('token'), actorSql('session')]) {
      expect(text).not.toContain('password_hash');
      expect(text).not.toContain('"users"."address"');
    }
    expect(Object.keys(cm.user)).not.toContain('passwordHash');
  });

  it('carries the roles, the view and the committee memberships with their admin and write flags', async () => {
    const names = new Map((await t.database.db.select().from(committees)).map((c) => [c.id, c.name]));
    const mine = cm.committees
      .map((c) => ({ name: names.get(c.id), admin: c.admin, write: c.write }))
      .sort((a, b) => a.name!.localeCompare(b.name!));
    expect(mine).toEqual([
      { name: 'Biological Testing Committee', admin: false, write: false },
      { name: 'Chemical Testing Committee', admin: true, write: true },
    ]);
    expect(cm.roles).toEqual(['CM']);
    expect(cm.view).toBe('CM');
    expect(multi.view).toBe('AR');
    expect(ta.committees).toEqual([]);
  });
});

describe('authorize, allows and scopeFor', () => {
  const job = { onFacilitySide: false, onAssessorSide: true };

  it('answers 404 for a record the actor does not see, or none, and 403 for an action they may not take on one they see', () => {
    expect(outcome(() => authorize(ta, 'jobs.job.view', job))).toBe('ok');
    expect(outcome(() => authorize(ta, 'jobs.job.view', { onFacilitySide: true, onAssessorSide: false }))).toBe(404);
    expect(outcome(() => authorize(ta, 'jobs.job.view', null))).toBe(404);
    expect(
      outcome(() =>
        authorize(multi, 'jobs.document.review', { onFacilitySide: true, onAssessorSide: false, docSide: 'facility' }),
      ),
    ).toBe(403);
    expect(outcome(() => authorize(ta, 'jobs.document.review', { ...job, docSide: 'assessor' }))).toBe(403);
    try {
      authorize(ta, 'jobs.document.review', { ...job, docSide: 'assessor' });
    } catch (e) {
      expect((e as AppError).message).toBe(RECORD_MESSAGES.reviewOwnSide);
    }
  });

  it('answers 403 for an action without a record the actor may not take, and 404 when it is on a record', () => {
    expect(outcome(() => authorize(cm, 'facilities.facility.list'))).toBe(403);
    expect(outcome(() => authorize(cm, 'facilities.facility.view', { represented: true }))).toBe(404);
    expect(outcome(() => authorize(cm, 'admin.import.run'))).toBe(403);
  });

  it('judges a list by the view the client sends, and refuses a role the user does not hold', () => {
    expect(outcome(() => authorize(viewing(multi, 'AR'), 'invoices.invoice.list'))).toBe('ok');
    expect(outcome(() => authorize(viewing(multi, 'TA'), 'invoices.invoice.list'))).toBe(403);
    expect(outcome(() => viewing(ta, 'AR'))).toBe(403);
    expect(scopeFor(viewing(multi, 'AR'), 'jobs.job.list').key).not.toBe(
      scopeFor(viewing(multi, 'TA'), 'jobs.job.list').key,
    );
    expect(scopeFor(cm, 'jobs.job.list').key).toBe('none');
  });

  it('gives abilities from the same rules', () => {
    expect(allows(cm, 'notifications.notification.list', { committeeId: cm.committees[0]!.id })).toBe(true);
    expect(allows(ta, 'notifications.notification.list', { committeeId: cm.committees[0]!.id })).toBe(false);
    expect(abilitiesOf(multi, ['sites.site.update', 'sites.document.upload'], { represented: true })).toEqual({
      'sites.site.update': true,
      'sites.document.upload': true,
    });
    expect(abilitiesOf(ta, ['sites.site.update'], { represented: true })).toEqual({ 'sites.site.update': false });
  });

  it('refuses to answer for an action nobody registered a rule for', () => {
    // A name no area will register (the forum now registers forum.thread.create, the example before).
    expect(() => authorize(cm, 'nobody.registers.this' as Action)).toThrow(/no access rule/);
  });
});
