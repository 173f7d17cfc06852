/**
 * What the machine and PostgreSQL were doing, sampled every PERIOD ms while a fixed load runs, so a
 * stall in the latency can be set beside them (fixed-load.mjs):
 * - the time the hypervisor ran something else on this machine's virtual cores (steal, /proc/stat);
 * - the kernel's pressure stall information (/proc/pressure/cpu and io, `some`: the ms in the
 *   period in which at least one runnable task waited for a core, or for I/O);
 * - PostgreSQL's pg_stat_activity: how many client backends were running a statement, those that
 *   waited and on what, and what the checkpointer, background writer, WAL writer and any
 *   autovacuum worker were waiting on;
 * - every task's (thread's) time on a core and time waiting for one (/proc/PID/task/TID/schedstat),
 *   summed per process name, so a stall can be laid at the door of whoever ran in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const pressure = (kind) => {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync(`/proc/pressure/${kind}`, 'utf8'))[1]);
  } catch {
    return NaN;
  }
};

/** Every task's schedstat file with its process's name ('postgres', 'node 1234', 'kdamond.0', ...). */
function listTasks() {
  const files = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      let name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (name === 'node' || name === 'MainThread') name = `node ${pid}`;
      for (const tid of readdirSync(`/proc/${pid}/task`)) files.push([name, `/proc/${pid}/task/${tid}/schedstat`]);
    } catch {
      // the process ended
    }
  }
  return files;
}

/**
 * Nanoseconds run and waited per task since boot, keyed by the task's schedstat file, with its
 * process's name (the task list is refreshed every second; a kernel worker's name changes with its
 * work, so deltas are taken per task and only then summed per name).
 */
let taskList = [];
let listedAt = 0;
function taskTimes() {
  if (Date.now() - listedAt > 1000) [taskList, listedAt] = [listTasks(), Date.now()];
  const out = new Map();
  for (const [name, file] of taskList) {
    try {
      const [run, wait] = readFileSync(file, 'utf8').split(' ').map(Number);
      out.set(file, [name, run, wait]);
    } catch {
      // the task ended
    }
  }
  return out;
}

/** Steal time in ms since boot (/proc/stat's eighth field of the cpu line, in USER_HZ ticks of 10 ms). */
const steal = () => Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)[8]) * 10;

export async function startSampler(databaseUrl, period = 20) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const samples = [];
  let cpu = pressure('cpu');
  let io = pressure('io');
  let stolen = steal();
  let stopped = false;
  let tasks = taskTimes();
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      const { rows } = await client.query(
        `select backend_type, state, wait_event_type, wait_event from pg_stat_activity
          where pid <> pg_backend_pid() and (backend_type <> 'client backend' or state = 'active')`,
      );
      const [c, i, st] = [pressure('cpu'), pressure('io'), steal()];
      const active = rows.filter((r) => r.backend_type === 'client backend');
      const waits = active.filter((r) => r.wait_event).map((r) => `${r.wait_event_type}:${r.wait_event}`);
      const background = rows
        .filter(
          (r) =>
            r.backend_type !== 'client backend' &&
            r.wait_event &&
            !/Main$|WalWriterMain|AutoVacuumMain|LogicalLauncherMain/.test(r.wait_event),
        )
        .map((r) => `${r.backend_type}:${r.wait_event}`);
      const now = taskTimes();
      // ms on a core and ms waiting for one in this period, per process name (only those above 1 ms).
      const ran = {};
      const waited = {};
      for (const [file, [name, r, w]] of now) {
        const before = tasks.get(file);
        if (!before) continue; // listed since the last sample: its totals are since it started
        ran[name] = (ran[name] ?? 0) + (r - before[1]) / 1e6;
        waited[name] = (waited[name] ?? 0) + (w - before[2]) / 1e6;
      }
      for (const t of [ran, waited]) for (const [name, ms] of Object.entries(t)) if (ms < 1) delete t[name];
      samples.push({
        at,
        ms: Date.now() - at,
        stealMs: st - stolen,
        cpuMs: (c - cpu) / 1000,
        ioMs: (i - io) / 1000,
        active: active.length,
        waits,
        background,
        ran,
        waited,
      });
      [cpu, io, tasks, stolen] = [c, i, now, st];
      await new Promise((r) => setTimeout(r, Math.max(0, period - (Date.now() - at))));
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
      await client.end();
    },
  };
}
