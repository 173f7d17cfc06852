import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_MESSAGES } from '@portal/shared';
import { jobs } from '../db/schema/index.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../test/helpers.js';

/**
 * The API document serves real clients: a client generated from /api/docs/json (openapi-typescript
 * for the types, openapi-fetch for the calls) uploads a job document over HTTP, and the document
 * describes every multipart body with its fields and its binary file part.
 */

let t: TestApp;
let baseUrl: string;
let document: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
}

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as typeof document;
});
afterAll(() => t.close());

const isBinary = (s: Schema | undefined) => s?.format === 'binary' || s?.items?.format === 'binary';

describe('the API document', () => {
  it('describes every multipart body: its fields and its binary file', () => {
    const uploads = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content['multipart/form-data'])
        .map(([method, op]) => ({
          at: `${method.toUpperCase()} ${p}`,
          schema: op.requestBody!.content['multipart/form-data']!.schema,
        })),
    );
    expect(uploads.map((u) => u.at).sort()).toEqual(
      [
        'POST /api/admin/publications',
        'POST /api/admin/publications/{id}',
        'POST /api/admin/resources',
        'POST /api/admin/resources/{id}',
        'POST /api/forumreply',
        'POST /api/forumreply/{id}',
        'POST /api/forumthreads',
        'POST /api/forumthreads/{id}',
        'POST /api/jobdocuments',
        'POST /api/meetingdocuments',
        'POST /api/sitedocuments',
        'POST /api/user-requests/edittacompetencydoc',
      ].sort(),
    );
    for (const { at, schema } of uploads) {
      const props = Object.values(schema.properties ?? {});
      expect(props.some(isBinary), `${at} has a binary file part`).toBe(true);
      expect(
        props.some((p) => !isBinary(p)),
        `${at} has its text fields`,
      ).toBe(true);
    }
    const job = uploads.find((u) => u.at === 'POST /api/jobdocuments')!.schema;
    expect(job.required).toEqual(expect.arrayContaining(['jobId', 'description', 'files[]']));
  });

  it('gives a generated client the types to upload a job document', async () => {
    const types = astToString(await openapiTS(document as never));
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), types);
      // What a caller writes with the generated types: the upload's body must type-check.
      writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { paths } from './api';",
          "type Upload = paths['/api/jobdocuments']['post']['requestBody'];",
          "type Form = NonNullable<Upload>['content']['multipart/form-data'];",
          "export const form: Form = { jobId: 1, description: 'Scope of accreditation', 'files[]': ['the file'] };",
          '// @ts-expect-error the file part is required',
          "export const without: Form = { jobId: 1, description: 'Scope of accreditation' };",
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        lib: ['lib.es2022.d.ts'],
        types: [],
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uploads a job document through a client made from it', async () => {
    const token = await loginAs(t, 'ar@portal.test');
    const [job] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jobNumber, '100234'));
    // openapi-fetch without the generated types at run time: the paths and the body are the document's.
    const client = createClient<Record<string, never>>({ baseUrl });
    const post = client.POST as unknown as (
      url: string,
      init: {
        headers: Record<string, string>;
        body: Record<string, unknown>;
        bodySerializer: (body: Record<string, unknown>) => FormData;
      },
    ) => Promise<{ data?: { message: string; document: { name: string } }; response: Response }>;
    const { data, response } = await post('/api/jobdocuments', {
      headers: auth(token),
      body: {
        jobId: String(job!.id),
        description: 'Sent by a generated client',
        role: 'AR',
        'files[]': [new File(['made by openapi-fetch'], 'client upload.txt', { type: 'text/plain' })],
      },
      bodySerializer: (body) => {
        const form = new FormData();
        // The fields before the file: the upload checks them when the file part starts.
        for (const [name, value] of Object.entries(body)) {
          if (Array.isArray(value)) for (const file of value) form.append(name, file as File);
          else form.append(name, String(value));
        }
        return form;
      },
    });
    expect(response.status).toBe(200);
    expect(data?.message).toBe(MESSAGES.fileUploaded);
    expect(data?.document.name).toBe('client upload.txt');
  });

  it('answers a JSON body sent to an upload route with 415', async () => {
    const token = await loginAs(t, 'ar@portal.test');
    const res = await fetch(`${baseUrl}/api/jobdocuments`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify({ jobId: 1, description: 'x', file: 'aGVsbG8=' }),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(RECORD_MESSAGES.uploadNotMultipart);
  });
});
