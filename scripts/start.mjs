// npm start: builds what is missing (first run on a fresh clone), then serves the portal.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';

const built = ['packages/shared/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'].every((f) => existsSync(f));
if (!built) {
  console.log('First start: building the portal (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit' });

// A process manager stops `npm start` with SIGTERM: pass it on, and the server closes its
// connections and the database and frees the data directory's lock before exiting.
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// When whatever started us is gone without passing a signal on (a shell between npm and us, or
// npm killed outright), we are adopted by another process: stop the server as for SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

server.on('exit', (code) => process.exit(code ?? 1));
