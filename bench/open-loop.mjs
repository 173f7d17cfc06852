/**
 * A fixed offered load with evenly spaced requests: request i is due at start + i / rate, whether
 * or not earlier ones have been answered (an open loop), and its latency is counted from that due
 * moment, so a server that falls behind is charged for the wait too (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection its share of the rate and
 * lets it send back to back until that second's share is used up, then pauses it until the next
 * second (httpClient.js, `reqsMadeThisSecond`). At half the saturation rate the 50 connections
 * send the second's requests in its first half, flat out, and wait in the second: the percentiles
 * are those of a saturated server with 50 requests queued, not of a half-busy one.
 *
 *   openLoop({ url, headers, rate, duration, connections, slowMs }) -> { sent, ok, errors, p50, p99, p999, max } (ms)
 *   and `slow`: [due moment as epoch ms, latency ms] of every request that took over slowMs (30).
 */
import { build } from 'hdr-histogram-js';
import { Pool } from 'undici';

export async function openLoop({ url, headers = {}, rate, duration, connections = 50, slowMs = 30 }) {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  // Microseconds, up to a minute, three significant digits.
  const histogram = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const total = Math.round(rate * duration);
  const path = pathname + search;
  let sent = 0;
  let ok = 0;
  let errors = 0;
  const pending = new Set();
  const slow = [];
  // Every connection opened (and the server's path warm) before the clock starts: a run's first
  // requests would otherwise wait for 50 connects, which no user at a steady load meets.
  await Promise.all(
    Array.from({ length: connections }, () =>
      pool.request({ path, method: 'GET', headers }).then(({ body }) => body.dump()),
    ),
  );
  const start = performance.now();

  const send = (due) => {
    const done = pool
      .request({ path, method: 'GET', headers })
      .then(async ({ statusCode, body }) => {
        await body.dump();
        if (statusCode >= 200 && statusCode < 300) ok += 1;
        else errors += 1;
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => {
        const latency = performance.now() - due;
        histogram.recordValue(Math.max(1, Math.round(latency * 1000)));
        if (latency > slowMs) slow.push([performance.timeOrigin + due, latency]);
        pending.delete(done);
      });
    pending.add(done);
  };

  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now, each with its own due moment.
      while (sent < total && start + (sent * 1000) / rate <= now) {
        send(start + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  await pool.close();
  const ms = (us) => Math.round(us / 100) / 10;
  return {
    sent,
    ok,
    errors,
    p50: ms(histogram.getValueAtPercentile(50)),
    p99: ms(histogram.getValueAtPercentile(99)),
    p999: ms(histogram.getValueAtPercentile(99.9)),
    max: ms(histogram.maxValue),
    slow,
  };
}
