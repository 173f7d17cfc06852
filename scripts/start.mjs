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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
