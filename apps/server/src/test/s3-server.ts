import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.js';
import { s3Client } from '../platform/storage/s3.js';

/**
 * A real S3 API server for tests: s3rver (an S3-compatible server on the local disk) in a process
 * of its own on a free port, so a test can kill the portal without it and two portals can share it.
 * s3rver keeps no incomplete multipart upload visible (no ListMultipartUploads, no abort): an
 * upload appears as an object only once complete, as on S3.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** s3rver's own default keys: a request signed with any other is refused with 403. */
export const S3_TEST_KEY = { id: 'S3RVER', secret: 'S3RVER' };

// Port 0 (the first start) and the port chosen printed on the first line: no race for a free port.
// A restart asks for the same port again.
const RUNNER = `
import S3rver from 's3rver';
const server = new S3rver({ address: '127.0.0.1', port: Number(process.argv[2]), silent: true, directory: process.argv[1] });
const { port } = await server.run();
console.log(JSON.stringify({ port }));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

export interface S3TestServer {
  endpoint: string;
  /** Settings for a bucket of this server (create it first with createBucket). */
  settings(bucket: string): S3Settings;
  /** The S3_* variables for a bucket of this server, as an operator would set them. */
  env(bucket: string): Record<string, string>;
  createBucket(bucket?: string): Promise<string>;
  /** Every key in the bucket. */
  keys(bucket: string): Promise<string[]>;
  client(): Promise<S3Client>;
  /** The s3rver process running now (another one after `start`). */
  process(): ChildProcess;
  /** Kills it at once (SIGKILL), as a crash would; its folder, and so its objects, stay. */
  kill(): Promise<void>;
  /** Starts it again on the same port over the same folder (after `kill`). */
  start(): Promise<void>;
  /** s3rver's data folder (a test may look for the parts of an unfinished multipart upload there). */
  directory: string;
  close(): Promise<void>;
}

/** A bucket name no other test uses. */
export function testBucketName(): string {
  return `t-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** s3rver in a process of its own over `directory`, on `port` (0: a free one); answers its port once it listens. */
async function runS3rver(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUNNER, directory, String(port)], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const chosen = await new Promise<number>((resolve, reject) => {
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        child.stdout!.off('data', onData);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited ${code}: ${err}`)));
  });
  return { child, port: chosen };
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const first = await runS3rver(directory, 0);
  let child = first.child;
  const port = first.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: S3_TEST_KEY.id,
    secretAccessKey: S3_TEST_KEY.secret,
    forcePathStyle: true,
  });
  let shared: Promise<S3Client> | undefined;
  const client = () => (shared ??= s3Client(settings('unused')));
  return {
    endpoint,
    settings,
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_KEY.id,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secret,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async createBucket(bucket = testBucketName()) {
      await (await client()).send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async keys(bucket) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await (await client()).send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    client,
    process: () => child,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async start() {
      child = (await runS3rver(directory, port)).child;
    },
    directory,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      (await shared)?.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
