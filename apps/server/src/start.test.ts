import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from './db/client.js';
import { users } from './db/schema/index.js';

/**
 * `npm start` as a process manager runs it: real child
 * processes, npm -> scripts/start.mjs -> the server. start.mjs serves apps/server/dist/bundle/main.js;
 * here that file is a one-line stand-in importing src/main.ts (through tsx), so the test needs
 * no build and still runs the real start script and the real server.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = pathToFileURL(path.join(ROOT, 'apps/server/src/main.ts')).href;
/** The repository's own `npm start` line. */
const ROOT_START = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
  .scripts.start;
const PROD = {
  NODE_ENV: 'production',
  MAIL_URL: 'smtp://127.0.0.1:2525',
  APP_SECRET: 'a-production-secret-of-32-characters!',
};
const work = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A checkout whose build is the stand-in, with `npm start` running the repository's start.mjs. */
function fakeCheckout(dir: string) {
  for (const f of ['packages/shared/dist/index.js', 'apps/web/dist/index.html']) {
    mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    writeFileSync(path.join(dir, f), '');
  }
  mkdirSync(path.join(dir, 'apps/server/dist/bundle'), { recursive: true });
  writeFileSync(path.join(dir, 'apps/server/dist/bundle/main.js'), `import ${JSON.stringify(MAIN)};\n`);
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'start-test',
      private: true,
      scripts: { start: ROOT_START.replace('scripts/start.mjs', JSON.stringify(path.join(ROOT, 'scripts/start.mjs'))) },
    }),
  );
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? cwd,
      NODE_OPTIONS: `--import=${TSX} --conditions=source`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start in production', () => {
  let npm: ChildProcess | undefined;
  const servers: number[] = [];
  afterAll(() => {
    if (npm?.pid && alive(npm.pid)) npm.kill('SIGKILL');
    // A server a failed run left behind (the pid its own lock file names).
    for (const pid of servers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  /** npm start in a fresh checkout; answers when the server listens. */
  async function npmStart(name: string) {
    const dir = path.join(work, name);
    fakeCheckout(dir);
    const dataDir = path.join(dir, 'data');
    const started = run('npm', ['start'], dir, { ...PROD, DATA_DIR: dataDir, PORT: '0' });
    npm = started.child;
    const address = await waitFor(
      'the server to listen',
      () => /Server listening at (http:\/\/[^"\s]+)/.exec(started.output())?.[1],
      90_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${started.output()}`);
    });
    const serverPid = Number(readFileSync(path.join(dataDir, 'portal.lock'), 'utf8'));
    expect(serverPid).toBeGreaterThan(0);
    servers.push(serverPid);
    return { started, address, dataDir, serverPid, npm: started.child };
  }

  it('listens on 127.0.0.1, adds no demo data, and stops on SIGTERM freeing the data directory', async () => {
    const { started, address, dataDir, serverPid, npm } = await npmStart('sigterm');
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${address}/api/health`)).status).toBe(200);

    npm.kill('SIGTERM');
    const code = await Promise.race([started.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(code).toBe(0);
    await waitFor('the server process to end', () => !alive(serverPid), 10_000);
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    // The lock is free: this process may open the data directory, and it holds no user.
    const database = await openPglite(dataDir);
    try {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 150_000);

  it('stops the server when npm itself is killed', async () => {
    const { dataDir, serverPid, npm } = await npmStart('sigkill');
    npm.kill('SIGKILL');
    await waitFor('the server process to end', () => !alive(serverPid), 15_000);
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  }, 150_000);

  it('refuses to start without MAIL_URL and APP_SECRET', async () => {
    const started = run(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], work, {
      NODE_ENV: 'production',
      DATA_DIR: path.join(work, 'refused'),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/MAIL_URL: required in production/);
    expect(started.output()).toMatch(/APP_SECRET: required in production/);
  }, 60_000);
});
