/**
 * Several portal processes behind one port, as a load balancer would put them: Node's cluster
 * module forks `WORKERS` (2) copies of the server (src/main.ts under tsx, from apps/server) that
 * share the listening socket; the primary hands each new connection to the next worker in turn.
 * Started by portal.mjs (`startPortal({ workers })`); stops its workers when it is stopped.
 */
import cluster from 'node:cluster';

const workers = Number(process.env.WORKERS ?? 2);
cluster.setupPrimary({ exec: 'src/main.ts', execArgv: ['--import', 'tsx', '--conditions=source'] });
for (let i = 0; i < workers; i++) cluster.fork();
cluster.on('exit', (worker, code) => {
  if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
});
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    for (const w of Object.values(cluster.workers)) w.kill('SIGTERM');
    process.exit(0);
  });
