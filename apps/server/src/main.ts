import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase, type Database } from './db/client.js';
import type { BackgroundWork } from './platform/shutdown.js';
import { applyServingSettings } from './platform/v8-settings.js';

const started = performance.now();
/** How long after listening the background work starts (see below). */
const BACKGROUND_DELAY_MS = 1_000;
/** How long after listening the hot lists' writer loads (see below). */
const FAST_WRITERS_DELAY_MS = 200;

async function main() {
  // Until the server listens, a timer keeps Node's event loop running. When the loop has nothing to
  // wait for, Node waits for all of V8's background work before it goes on (its platform's
  // DrainTasks), and it had nothing while PGlite compiled its WebAssembly: the rest of the start then
  // ran inside that wait, and the first file read after it (the app's chunk) waited about 300 ms for
  // V8's optimising compiler to finish PGlite's hot functions (bench/README.md, "The event loop held
  // through the start").
  const holdLoop = setInterval(() => {}, 60_000);
  const config = loadConfig();
  // The app's modules load after the database is open: a data directory another process holds is
  // refused at once, before the rest of the server is read. (Opening the database while they load
  // did not overlap: both are mostly work on the main thread.)
  const database: Database = await openDatabase(config);
  const [{ buildApp, loadFastWriters }, { shutDown }] = await Promise.all([
    import('./app.js'),
    import('./platform/shutdown.js'),
  ]);
  const app = await buildApp({ config, database, writersAfterListen: true });
  if (config.seedDemo) {
    const { hasNoUsers } = await import('./db/seed/is-empty.js');
    // Checked, then seeded, under the start lock: processes starting together on an empty
    // PostgreSQL database seed once (the others wait, then find users).
    const seeded =
      (await hasNoUsers(database.db)) &&
      (await database.once(async () => {
        if (!(await hasNoUsers(database.db))) return false;
        // Loaded only when demo data is added: the seed's PDF and DOCX makers are slow to import.
        const [{ seedDemo }, { createStorage }] = await Promise.all([
          import('./db/seed/seed.js'),
          import('./platform/storage/storage.js'),
        ]);
        await seedDemo(database.db, createStorage(config));
        return true;
      }));
    if (seeded) app.log.info('Empty database: demo data added (password for every demo account: portal-demo)');
  }
  const background: BackgroundWork[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      `${signal}: not ready; finishing requests in flight (at most ${config.shutdownGraceMs / 1000} s), then stopping`,
    );
    // Whatever hangs past the grace time and the database's close does not keep the process.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
    await shutDown(app, database, background, config.shutdownGraceMs);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  clearInterval(holdLoop);
  applyServingSettings();
  // The hot lists' writer (fast-json-stringify and its Ajv) loads a moment after the server answers:
  // until it has, those lists are written by zod's writer, as every other answer is. Loaded as soon
  // as the server listened, compiling and running it (about 50 ms on two cores) held back the
  // answers that came meanwhile (bench/README.md, cold start).
  setTimeout(() => {
    if (!closing)
      loadFastWriters().catch((e: unknown) => app.log.error(e, 'fast-json-stringify did not load: lists stay on zod'));
  }, FAST_WRITERS_DELAY_MS);
  // Background work (expired rows, the storage sweep, the notification outbox: mail goes out after
  // commit, with retries, platform/outbox.ts; the fan-out of admins' notices left queued by another
  // process or a failure: the notifications module's worker) starts a moment after the server answers. Its first
  // pass is not needed to serve a request, and on PGlite's one connection its first queries held
  // the first requests back (bench/README.md, cold start).
  setTimeout(() => {
    void Promise.all([
      import('./platform/housekeeping.js'),
      import('./platform/outbox.js'),
      import('./modules/index.js'),
    ]).then(([{ scheduleHousekeeping }, { startOutboxWorker }, { MODULES }]) => {
      // A signal that came meanwhile has shut down already: start nothing on a closed database.
      if (!closing)
        background.push(
          scheduleHousekeeping(app.deps, database.kind === 'pglite'),
          startOutboxWorker(app.deps),
          ...MODULES.flatMap((m) => (m.workers ?? []).map((start) => start(app.deps))),
        );
    });
  }, BACKGROUND_DELAY_MS);
  app.log.info(
    `Portal ready at ${config.appUrl} on ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'} in ${Math.round(performance.now() - started)} ms ` +
      `(${Math.round(performance.now())} ms after the process started)`,
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
