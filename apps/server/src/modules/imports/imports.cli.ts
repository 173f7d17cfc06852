import { createReadStream } from 'node:fs';
import path from 'node:path';
import { IMPORT_ENTITIES, type ImportEntity } from '@portal/shared';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { importRecords } from './imports.service.js';
import { listen } from '../../platform/events.js';
import { createStorage } from '../../platform/storage/storage.js';

/**
 * npm run import -- <entity> <file.csv>: the same import as POST /api/admin/import/{entity}; and
 * `publications` and `resources`, whose CSVs name files beside them (their modules' *.import.ts).
 */
const [entity, file] = process.argv.slice(2);
const ENTITIES = [...IMPORT_ENTITIES, 'publications', 'resources'] as readonly string[];
if (!entity || !file || !ENTITIES.includes(entity)) {
  console.error(`Usage: npm run import -- <${ENTITIES.join('|')}> <file.csv>`);
  process.exit(2);
}

const config = loadConfig();
// npm runs workspace scripts in apps/server: a relative path is taken from where npm was started.
const csvPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const database = await openDatabase(config);
let code = 0;
try {
  let result;
  // The other modules load only for their entity: a module's entry brings its routes along.
  if (entity === 'publications') {
    const [{ importPublications }, { onEvent }] = await Promise.all([
      import('../publications/index.js'),
      import('../notifications/index.js'),
    ]);
    // Subscribers with notify on hear of each publication, as when the admin API adds one.
    listen(onEvent);
    result = await importPublications(database.db, createStorage(config), csvPath);
  } else if (entity === 'resources') {
    const { importResources } = await import('../resources/index.js');
    result = await importResources(database.db, createStorage(config), csvPath);
  } else {
    result = await importRecords(database.db, entity as ImportEntity, createReadStream(csvPath));
  }
  console.log(`${result.message} ${result.entity}: ${result.inserted} added, ${result.updated} updated.`);
} catch (e) {
  code = 1;
  if (e instanceof AppError) {
    console.error(e.message);
    for (const [line, reasons] of Object.entries(e.errors ?? {}))
      for (const reason of reasons) console.error(`  ${line}: ${reason}`);
  } else {
    console.error(e);
  }
} finally {
  await database.close();
}
process.exit(code);
