import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrateStorage } from './migrate.js';
import { localDiskStorage } from './storage.js';
import { s3Storage } from './s3.js';

/**
 * npm run storage:migrate -- to-s3 | to-disk: copies every stored file from DATA_DIR/files to the
 * bucket of S3_BUCKET (or back), with the portal's own settings. Run it again after a stop: what
 * is already copied is skipped. Point the portal at the new store (set or unset S3_BUCKET) after a
 * run that reports no problem.
 */
const direction = process.argv[2];
if (direction !== 'to-s3' && direction !== 'to-disk') {
  console.error(
    'Usage: npm run storage:migrate -- <to-s3|to-disk>   (S3_BUCKET and the other S3_* settings name the bucket)',
  );
  process.exit(2);
}
const config = loadConfig();
if (!config.s3) {
  console.error('S3_BUCKET is not set: storage:migrate copies between DATA_DIR/files and that bucket.');
  process.exit(2);
}
const disk = localDiskStorage(path.join(config.dataDir, 'files'));
const s3 = s3Storage(config.s3);
const [from, to] = direction === 'to-s3' ? [disk, s3] : [s3, disk];
const database = await openDatabase(config);
let code = 0;
try {
  const result = await migrateStorage(database.db, from, to, (r) =>
    console.log(`... ${r.copied} copied, ${r.skipped} already there`),
  );
  for (const line of result.problems) console.error(line);
  console.log(
    `${result.copied} files copied (${result.bytes} bytes), ${result.skipped} already there, ${result.problems.length} problems.`,
  );
  if (result.problems.length > 0) code = 1;
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
