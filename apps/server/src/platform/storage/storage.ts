import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';
import type { Deps } from '../deps.js';
import { notFound } from '../errors.js';
import { s3Storage, type StorageLog } from './s3.js';
import { byteCounter, checkKey, KEY, newKey } from './keys.js';
import { sweepLocalDisk, type NamedKeys, type SweepResult } from './sweep.js';
import { extend } from '../objects.js';

/**
 * Where uploaded files live: the local disk (DATA_DIR/files), or an S3 bucket when S3_BUCKET is set
 * (s3.ts). Keys are generated here, never taken from a user's file name. Both keep one
 * contract: a put is all or nothing, reads stream, nothing is held whole in memory.
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
  /** The object's size in bytes, or null when it is not there (storage:migrate checks with it). */
  size(key: string): Promise<number | null>;
  /** put under a key given by another store (storage:migrate copies keys as they are); all or nothing. */
  putAt(key: string, source: Readable): Promise<{ key: string; size: number }>;
}

/** Files under root: written to root/.tmp first and renamed into place once complete. */
export function localDiskStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const putAt = async (key: string, source: Readable) => {
    const file = fileOf(key);
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const count = byteCounter();
    try {
      await pipeline(source, count, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return { key, size: count.bytes };
  };
  return {
    put: (source, opts = {}) => putAt(newKey(opts.prefix), source),
    putAt,
    async size(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
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

/** The storage a configuration asks for: the S3 bucket when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>, log?: StorageLog): Storage {
  return config.s3 ? s3Storage(extend(config.s3, { log })) : localDiskStorage(path.join(config.dataDir, 'files'));
}

const byDeps = new WeakMap<Deps, Storage>();

/** One storage per app, built from its configuration on first use. */
export function storageOf(deps: Deps): Storage {
  let s = byDeps.get(deps);
  if (!s) {
    s = createStorage(deps.config, deps.log);
    byDeps.set(deps, s);
  }
  return s;
}
