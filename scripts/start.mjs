// npm start: builds what is missing (first run on a fresh clone), then serves the portal in this
// same process (a second Node process cost its own start-up, about 50 ms of the cold start), from
// the server's bundle (apps/server/scripts/bundle.mjs: one file to read instead of a thousand).
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The portal is built and tested on the Node.js line in .nvmrc (package.json's engines). An older
// Node may still start it, untested: say so once, plainly, rather than fail later in a dependency.
const nvmrc = new URL('../.nvmrc', import.meta.url);
const tested = existsSync(nvmrc) ? Number(readFileSync(nvmrc, 'utf8').trim()) : 0;
if (Number(process.versions.node.split('.')[0]) < tested) {
  console.warn(
    `Node.js ${process.versions.node} is older than the Node.js ${tested} the portal is tested on (README, "Quick start").`,
  );
}

const built = ['packages/shared/dist/index.js', 'apps/server/dist/bundle/main.js', 'apps/web/dist/index.html'].every(
  (f) => existsSync(f),
);
if (!built) {
  console.log('First start: building the portal (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A process manager stops `npm start` with SIGTERM, which the server (main.ts) handles: it closes
// its connections and the database and frees the data directory's lock before exiting. When
// whatever started us is gone without passing a signal on (a shell between npm and us, or npm
// killed outright), we are adopted by another process: stop as for SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();

// From the working directory, as the build check above (npm runs scripts from the package root).
await import(pathToFileURL(path.resolve('apps/server/dist/bundle/main.js')).href);
