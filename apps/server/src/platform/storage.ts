import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import type { Deps } from './deps.js';
import { notFound } from './errors.js';
import { sweepLocalDisk, type NamedKeys, type SweepResult } from './storage-sweep.js';

/**
 * Where uploaded files live. Keys are generated here, never taken from a user's file name.
 * Only the local disk is implemented; an S3-compatible store (AWS SDK v3, when S3_* is set) is a
 * later step and must keep the same contract: put is all or nothing.
 */
export interface Storage {
  /** Streams into a new object under a generated key; on any failure nothing is left behind. */
  put(source: Readable, opts?: { prefix?: string }): Promise<{ key: string; size: number }>;
  /** The object as a stream; 404 when it is not there. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Housekeeping after crashes: removes temporary parts, and objects no row names (`named`
   * answers which keys a row names), last written before `before`. Answers how many it removed.
   */
  sweep(before: Date, named: NamedKeys): Promise<SweepResult>;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+){1,4}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Files under root: written to root/.tmp first and renamed into place once complete. */
export function localDiskStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(source, opts = {}) {
      const prefix = (opts.prefix ?? 'files').replace(/[^a-z0-9-]/g, '') || 'files';
      const now = new Date();
      const key = `${prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        const file = fileOf(key);
        await mkdir(path.dirname(file), { recursive: true });
        await rename(tmp, file);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { key, size };
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        if (!s.isFile()) throw notFound();
      } catch {
        throw notFound();
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    sweep: (before, named) => sweepLocalDisk(root, tmpDir, (key) => KEY.test(key), before, named),
  };
}

/** The storage a configuration asks for: the local disk under DATA_DIR/files (S3 comes later). */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return localDiskStorage(path.join(config.dataDir, 'files'));
}

const byDeps = new WeakMap<Deps, Storage>();

/** One storage per app, built from its configuration on first use. */
export function storageOf(deps: Deps): Storage {
  let s = byDeps.get(deps);
  if (!s) {
    s = createStorage(deps.config);
    byDeps.set(deps, s);
  }
  return s;
}
