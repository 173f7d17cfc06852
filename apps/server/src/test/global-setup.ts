import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openPglite, openPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dumped after migrating, for every test file to load. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated database that each test file's database copies. */
    pgTemplate: string | null;
    /** With TEST_STORAGE=s3: the S3 server (s3-server.ts) whose buckets the test apps store their files in. */
    s3Endpoint: string | null;
  }
}

/** Admin statements (create, drop database) on the server of TEST_DATABASE_URL. */
export async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Migrates once per run, so a test file starts from a copy instead of running every migration:
 * PostgreSQL copies a template database (CREATE DATABASE ... TEMPLATE), PGlite loads a dumped data
 * directory (kept in the system's temporary folder between runs while the migrations stay the same).
 */
export default async function setup(project: TestProject) {
  const closeS3 = await startS3(project);
  const closeDb = await setupDatabase(project);
  return async () => {
    await closeDb?.();
    await closeS3?.();
  };
}

/** TEST_STORAGE=s3: one S3 server process for the run; each test app makes a bucket of its own. */
async function startS3(project: TestProject) {
  if (process.env.TEST_STORAGE !== 's3') {
    project.provide('s3Endpoint', null);
    return undefined;
  }
  const { startS3Server } = await import('./s3-server.js');
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return () => server.close();
}

async function setupDatabase(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onServer(url, `create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString());
    // A template may have no open connection while it is copied.
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => onServer(url, `drop database if exists ${name} with (force)`);
  }
  // The dump depends only on the migrations and the PGlite version: a run with the same ones reuses it.
  const file = path.join(tmpdir(), `portal-test-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openPglite(null);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', null);
  return undefined;
}

/** A hash of every migration file and of the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(readFileSync(path.join(dir, 'package.json')));
  for (const entry of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()) {
    hash.update(path.relative(MIGRATIONS_FOLDER, entry)).update(readFileSync(entry));
  }
  return hash.digest('hex').slice(0, 16);
}
