/**
 * Preloaded into the portal (and the baseline) by fixed-load.mjs (`--import`): notes each moment the portal's event
 * loop was held up, so a stall in the latency can be told apart from one inside the server. A 5 ms
 * timer that fires more than LOOP_GAP_MS (20) late appends `<epoch ms> <late ms> <LOOP_WATCH_LABEL>` to
 * LOOP_WATCH_FILE (the baseline's runs are watched the same way).
 */
import { appendFileSync } from 'node:fs';

const file = process.env.LOOP_WATCH_FILE;
const gap = Number(process.env.LOOP_GAP_MS ?? 20);
const label = process.env.LOOP_WATCH_LABEL ?? 'portal';
if (file) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    try {
      if (late > gap) appendFileSync(file, `${Date.now()} ${late.toFixed(1)} ${label}\n`);
    } catch {
      // The run is over and its folder removed while this server stops: nothing left to note.
    }
    last = now;
  }, 5).unref();
}
