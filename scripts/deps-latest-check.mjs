/**
 * Would the server still work on the newest releases of the libraries it leans on hardest? Copies
 * the checkout (its tracked and new files, no node_modules or build output) into a scratch folder,
 * installs it from package-lock, then moves drizzle-orm, pg and @fastify/rate-limit to the newest
 * version of their current major (a minor or patch upgrade), and runs the server's tests (PGlite)
 * there. The checkout itself is not touched. Not part of CI: it asks the registry for what is new.
 *
 *   npm run deps:latest-check      (KEEP=1 keeps the scratch folder; arguments after -- go to vitest,
 *                                   e.g. -- --maxWorkers=1 on a busy machine)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = ['drizzle-orm', 'pg', '@fastify/rate-limit'];
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-deps-latest-'));
const run = (cmd, args, opts = {}) => {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: scratch, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
};

try {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of listed) {
    const from = path.join(root, file);
    try {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      cpSync(from, path.join(scratch, file));
    } catch (e) {
      // A tracked file deleted in the working tree is simply not copied.
      if (e.code !== 'ENOENT') throw e;
    }
  }
  console.log(`copied ${listed.length} files to ${scratch}`);
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline']);

  const server = JSON.parse(readFileSync(path.join(scratch, 'apps/server/package.json'), 'utf8'));
  const pinned = (name) => server.dependencies[name] ?? server.devDependencies?.[name];
  const targets = PACKAGES.map((name) => {
    const current = pinned(name);
    const major = current.replace(/^[^\d]*/, '').split('.')[0];
    const versions = JSON.parse(
      execFileSync('npm', ['view', `${name}@^${major}`, 'version', '--json'], { encoding: 'utf8' }),
    );
    const newest = Array.isArray(versions) ? versions.at(-1) : versions;
    return { name, current, newest };
  });
  for (const t of targets)
    console.log(`${t.name}: ${t.current} -> ${t.newest}${t.current === t.newest ? ' (already the newest)' : ''}`);
  if (targets.every((t) => t.current === t.newest)) {
    console.log(
      'deps:latest-check: the pinned versions are the newest of their majors; the tests on main are the check',
    );
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  }
  run('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--save-exact',
    ...targets.map((t) => `${t.name}@${t.newest}`),
    '-w',
    'apps/server',
  ]);
  const installed = (name) =>
    JSON.parse(readFileSync(path.join(scratch, 'node_modules', name, 'package.json'), 'utf8')).version;
  console.log(`installed: ${PACKAGES.map((n) => `${n} ${installed(n)}`).join(', ')}`);

  const tests = spawnSync('npm', ['test', '-w', 'apps/server', '--', ...process.argv.slice(2)], {
    cwd: scratch,
    stdio: 'inherit',
  });
  console.log(
    tests.status === 0
      ? 'deps:latest-check: the server tests pass on the newest minor versions'
      : `deps:latest-check: the server tests FAIL on the newest minor versions (exit ${tests.status})`,
  );
  process.exitCode = tests.status ?? 1;
} finally {
  if (process.env.KEEP) console.log(`scratch copy kept: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
