import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { seedIfEmpty } from './seed.js';
import { createStorage } from '../../platform/storage/storage.js';

/** npm run seed: demo data into the configured database, when it has no user yet. Never in production. */
const config = loadConfig();
if (config.env === 'production') {
  console.error('NODE_ENV is production: demo data (accounts with a published password) is never added there.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  const seeded = await seedIfEmpty(database.db, createStorage(config));
  console.log(
    seeded
      ? 'Demo data added. Every demo account has the password portal-demo.'
      : 'The database already has users: nothing added.',
  );
} finally {
  await database.close();
}
