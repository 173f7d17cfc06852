import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { buildTestApp, type TestApp } from './test/helpers.js';

/**
 * A connection on which nothing moves is closed after SOCKET_IDLE_TIMEOUT_S (config.ts), whatever
 * the request's stage: Node's server has no such timeout of its own, so a client that stopped
 * reading an answer held its socket, and the answer's buffers, until the process stopped. The real
 * listener and raw sockets; the timeout is 1 s here (long enough that a busy test machine's pauses
 * between the slow client's bytes stay under it).
 */

const IDLE_MS = 1_000;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ SOCKET_IDLE_TIMEOUT_S: String(IDLE_MS / 1000) }, { seed: false });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Opens a socket and resolves with the milliseconds until the server closed it (or null at `giveUpMs`). */
function open(giveUpMs: number, use: (s: Socket) => void): Promise<number | null> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    const at = performance.now();
    const giveUp = setTimeout(() => {
      s.destroy();
      resolve(null);
    }, giveUpMs);
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(giveUp);
      resolve(performance.now() - at);
    });
    s.on('connect', () => use(s));
  });
}

describe('an idle connection', () => {
  it('is closed when a request stops half-way through its headers', async () => {
    const closedAfter = await open(5_000, (s) => s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });

  it('is closed when a body stops short of its length', async () => {
    const closedAfter = await open(5_000, (s) =>
      s.write(
        'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
      ),
    );
    expect(closedAfter).not.toBeNull();
  });

  it('is closed when the client stops reading its answers', async () => {
    // Pipelined requests for the API's description, never read: the answers fill the socket's
    // buffers, the server stops writing and reading, and then nothing moves. The client, paused,
    // would not see the close; the server's count of its connections does.
    const s = connect(port, '127.0.0.1');
    s.on('error', () => undefined);
    await new Promise((r) => s.on('connect', r));
    s.pause();
    s.write('GET /api/docs/json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(200));
    const connections = () => new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    await new Promise((r) => setTimeout(r, 100));
    expect(await connections()).toBe(1);
    const at = performance.now();
    while ((await connections()) > 0 && performance.now() - at < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(await connections()).toBe(0);
    s.destroy();
  });

  it('stays open while bytes keep coming, past the timeout', async () => {
    let answer = '';
    const closedAfter = await open(IDLE_MS * 4, (s) => {
      s.on('data', (d) => (answer += d.toString()));
      // One header line every 100 ms for about 2.5 s, then the request's end.
      const lines = [
        'GET /api/health HTTP/1.1\r\n',
        'Host: x\r\n',
        ...Array.from({ length: 23 }, (_, i) => `X-${i}: y\r\n`),
      ];
      let i = 0;
      const tick = setInterval(() => {
        if (i < lines.length) s.write(lines[i++]!);
        else {
          clearInterval(tick);
          s.write('Connection: close\r\n\r\n');
        }
      }, 100);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // Closed by `Connection: close` after its answer, not by the timeout (or not at all yet).
    if (closedAfter !== null) expect(closedAfter).toBeGreaterThan(2_400);
  });
});
