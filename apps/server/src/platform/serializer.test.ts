import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeUser as activeUserSchema,
  documentGroups,
  forumSearchResults,
  forumThreadDetail,
  forumThreadList,
  invoiceGroups,
  jobList,
  notificationList,
} from '@portal/shared';
import type { z } from 'zod';
import { auth, buildTestApp, loginAs, type TestApp } from '../test/helpers.js';
import { hotResponse } from './serializer.js';

/**
 * The hot routes' compiled serializers (production) write what zod's checked serializer (every
 * other environment) writes: real answers of the demo data, and extra keys dropped by both.
 */
let t: TestApp;
let ar: string;
let ta: string;
let cm: string;
beforeAll(async () => {
  t = await buildTestApp();
  [ar, ta, cm] = await Promise.all([
    loginAs(t, 'ar@portal.test'),
    loginAs(t, 'ta@portal.test'),
    loginAs(t, 'cm@portal.test'),
  ]);
});
afterAll(() => t.close());

const compile = (checked: boolean, schema: z.ZodType, rowsShaped = false) =>
  hotResponse(checked, { rowsShaped }).serializerCompiler({ schema, method: 'GET', url: '/x' });

describe('hotResponse', () => {
  it('writes the same JSON as the checked serializer for every hot route', async () => {
    const get = async (token: string, url: string) =>
      (await t.app.inject({ url, headers: auth(token) })).json<Record<string, unknown>>();
    const jobs = await get(ar, '/api/jobs?role=AR');
    const jobId = (jobs.data as { id: number }[])[0]!.id;
    const cases: [z.ZodType, unknown][] = [
      [jobList, jobs],
      [jobList, await get(ta, '/api/jobs?role=TA')],
      [documentGroups, await get(ar, `/api/jobdocuments?jobid=${jobId}&role=AR`)],
      [invoiceGroups, await get(ar, '/api/invoices?current_role=AR')],
      [notificationList, await get(ar, '/api/notifications?role=AR')],
      [activeUserSchema, await get(ta, '/api/activeuser')],
    ];
    // The forum's: the discussion list, the discussion with the most replies (attachments, users) and a search.
    const committee = ((await get(cm, '/api/activeuser')).committees as { id: number; name: string }[]).find(
      (c) => c.name === 'Chemical Testing Committee',
    )!.id;
    const threads = await get(cm, `/api/forumthreads?committeeid=${committee}&per_page=50`);
    const busiest = (threads.data as { id: number; replies_count: number }[]).sort(
      (a, b) => b.replies_count - a.replies_count,
    )[0]!.id;
    const search = await get(cm, `/api/forum/search?cmid=${committee}&term=uncertainty`);
    expect((search.data as unknown[]).length).toBeGreaterThan(0);
    cases.push(
      [forumThreadList, threads],
      [forumThreadDetail, await get(cm, `/api/forumthreads/${busiest}`)],
      [forumSearchResults, search],
    );
    for (const [schema, data] of cases) {
      const withExtra = { ...(data as object), notInTheSchema: 'dropped' };
      const fast = compile(false, schema)(withExtra);
      expect(JSON.parse(fast)).toEqual(JSON.parse(compile(true, schema)(withExtra)));
      expect(JSON.parse(fast)).toEqual(data);
    }
  });

  it('writes shaped rows (the jobs, documents and invoices lists) as the schema writer does, and refuses unshaped rows when checked', async () => {
    const get = async (token: string, url: string) =>
      (await t.app.inject({ url, headers: auth(token) })).json<Record<string, unknown>>();
    const jobs = await get(ar, '/api/jobs?role=AR');
    // The first of the AR's jobs that has documents in the demo data.
    let documents: Record<string, unknown> | undefined;
    for (const { id } of jobs.data as { id: number }[]) {
      const answer = await get(ar, `/api/jobdocuments?jobid=${id}&role=AR`);
      if ((answer.received as unknown[]).length + (answer.submitted as unknown[]).length > 0) {
        documents = answer;
        break;
      }
    }
    expect(documents).toBeDefined();
    const cases: [z.ZodType, Record<string, unknown>][] = [
      [jobList, jobs],
      [jobList, await get(ta, '/api/jobs?role=TA')],
      [documentGroups, documents!],
      [invoiceGroups, await get(ar, '/api/invoices?current_role=AR')],
    ];
    for (const [schema, data] of cases) {
      expect(JSON.parse(compile(true, schema, true)(data))).toEqual(JSON.parse(compile(false, schema)(data)));
      // The envelope is still written from the schema.
      expect(JSON.parse(compile(false, schema, true)({ ...data, notInTheSchema: 1 }))).toEqual(data);
    }
    const [first, ...rest] = jobs.data as Record<string, unknown>[];
    const leaky = { ...jobs, data: [{ ...first, password_hash: 'x' }, ...rest] };
    expect(() => compile(true, jobList, true)(leaky)).toThrow(/not shaped as the response schema/);
  });

  it('checks the answer against the schema outside production', () => {
    const bad = { data: [{ id: 'not a number' }], total: 1 };
    expect(() => compile(true, jobList)(bad)).toThrow();
  });
});
