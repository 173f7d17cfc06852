import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes.js';

/**
 * A Redis server process of the test's own (redis-server on PATH), in memory only, on a fixed port
 * so a test can kill it and start it again where the portal expects it. Never the machine's shared
 * Redis: other tests count there.
 */
export interface RedisProcess {
  port: number;
  url: string;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved). */
  start(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      let out = '';
      const c = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      c.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) resolve();
      });
      c.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
      child = c;
    });
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start };
}
