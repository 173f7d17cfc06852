import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { hasNoUsers } from './db/seed/is-empty.js';
import { scheduleHousekeeping } from './platform/housekeeping.js';
import { startOutboxWorker } from './platform/outbox.js';
import { shutDown } from './platform/shutdown.js';
import { createStorage } from './platform/storage.js';

const started = performance.now();

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    if (await hasNoUsers(database.db)) {
      // Loaded only when demo data is added: the seed's PDF and DOCX makers are slow to import.
      const { seedDemo } = await import('./db/seed/seed.js');
      await seedDemo(database.db, createStorage(config));
      app.log.info('Empty database: demo data added (password for every demo account: portal-demo)');
    }
  }
  // Notification mail goes out from the outbox after commit, with retries (platform/outbox.ts).
  const background = [scheduleHousekeeping(app.deps), startOutboxWorker(app.deps)];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await shutDown(app, database, background);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Portal ready at ${config.appUrl} on ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'} in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
