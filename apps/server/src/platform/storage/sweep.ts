import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Storage housekeeping's answer: how many of each it removed (never which, keys stay out of logs). */
export interface SweepResult {
  parts: number;
  objects: number;
}

/** Which of these keys a row names (platform/storage/named-by-rows.ts). */
export type NamedKeys = (keys: string[]) => Promise<Set<string>>;

const BATCH = 1000;

/**
 * The local disk's housekeeping after crashes (a kill -9 mid-upload leaves a `.part`; one between
 * the rename and the row's commit leaves an object no row names). Removes temporary parts last
 * written before `before`, and objects last written before `before` that no row names. Objects
 * newer than that may belong to an upload whose row is about to commit, so they are left alone.
 */
export async function sweepLocalDisk(
  root: string,
  tmpDir: string,
  isKey: (key: string) => boolean,
  before: Date,
  named: NamedKeys,
): Promise<SweepResult> {
  const result: SweepResult = { parts: 0, objects: 0 };
  const old = async (file: string) => {
    try {
      return (await stat(file)).mtime < before;
    } catch {
      return false;
    }
  };
  for (const entry of await readdir(tmpDir, { withFileTypes: true }).catch(() => [])) {
    const file = path.join(tmpDir, entry.name);
    if (entry.isFile() && entry.name.endsWith('.part') && (await old(file))) {
      await rm(file, { force: true });
      result.parts++;
    }
  }
  let candidates: { key: string; file: string }[] = [];
  const judge = async () => {
    const keep = await named(candidates.map((c) => c.key));
    for (const c of candidates) {
      if (keep.has(c.key)) continue;
      await rm(c.file, { force: true });
      result.objects++;
    }
    candidates = [];
  };
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!isKey(key) || !(await old(file))) continue;
    candidates.push({ key, file });
    if (candidates.length >= BATCH) await judge();
  }
  if (candidates.length > 0) await judge();
  return result;
}
