// The production build every bench runs: building it, free ports, the API server on a store of
// the bench's own (DATA_DIR; DATABASE_URL / DATABASE_SCHEMA on PostgreSQL), started and stopped.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep } from './stats.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER = path.join(ROOT, 'dist/apps/api/main.js');
const ADMIN = path.join(ROOT, 'dist/apps/api/admin.js');

/** Builds the API bundle (or, with `projects`, those Nx projects) unless `skip` (--no-build); then checks it is there. */
export function build({ skip = false, projects } = {}) {
  if (!skip) {
    if (projects) {
      console.log(`building ${projects.join(', ')} (--no-build reuses dist/) ...`);
      execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', projects.join(',')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
    } else {
      console.log('building the API (webpack, production; --no-build reuses dist/apps/api) ...');
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '-c', 'apps/api/webpack.config.cjs', '--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
    }
  }
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing; run without --no-build`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`, or at once when `child` exits first. */
export async function waitFor(url, what, { child, timeoutMs = 60_000 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Runs dist/apps/api/main.js (NODE_ENV=production) with `env` on `port` (a free one by default),
 * its output to `logFile` (DATA_DIR/server.log by default), until `readyPath` answers.
 * `stop()` is SIGTERM (SIGKILL after 10 s), `kill()` is kill -9.
 */
export async function startServer({ env, port, host = '127.0.0.1', logFile = path.join(env.DATA_DIR, 'server.log'), nodeArgs = [], readyPath = '/api/health' }) {
  port = port ? Number(port) : await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), ...(host ? { HOST: host } : {}), NODE_ENV: 'production' },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await waitFor(`${url}${readyPath}`, `the server (see ${logFile})`, { child });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port,
    child,
    env,
    log: () => fs.readFileSync(logFile, 'utf8'),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
    },
  };
}

/** Gives `email` a role through the built admin CLI, on the store `env` names. */
export function grant(env, email, role, days) {
  const extra = days ? ['--days', String(days)] : [];
  execFileSync(process.execPath, [ADMIN, 'grant', '--user', email, '--role', role, ...extra], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
}
