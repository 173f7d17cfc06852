import { createReadStream } from 'node:fs';
import path from 'node:path';
import { IMPORT_ENTITIES, type ImportEntity } from '@portal/shared';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { importCsv } from './imports.service.js';

/** npm run import -- <entity> <file.csv>: the same import as POST /api/admin/import/{entity}. */
const [entity, file] = process.argv.slice(2);
if (!entity || !file || !(IMPORT_ENTITIES as readonly string[]).includes(entity)) {
  console.error(`Usage: npm run import -- <${IMPORT_ENTITIES.join('|')}> <file.csv>`);
  process.exit(2);
}

const config = loadConfig();
// npm runs workspace scripts in apps/server: a relative path is taken from where npm was started.
const csv = createReadStream(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
const database = await openDatabase(config);
let code = 0;
try {
  const result = await importCsv(database.db, entity as ImportEntity, csv);
  console.log(`${result.message} ${result.entity}: ${result.inserted} added, ${result.updated} updated.`);
} catch (e) {
  code = 1;
  if (e instanceof AppError) {
    console.error(e.message);
    for (const [line, reasons] of Object.entries(e.errors ?? {})) for (const reason of reasons) console.error(`  ${line}: ${reason}`);
  } else {
    console.error(e);
  }
} finally {
  await database.close();
}
process.exit(code);
