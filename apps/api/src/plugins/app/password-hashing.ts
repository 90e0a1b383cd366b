import { fork, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import argon2 from 'argon2';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { findChrt } from './idle-scheduling';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHashing;
  }
}

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's minimum (19 MiB, 2 passes, 1 lane).
 *
 * Hashing runs in a child process at the lowest OS priority (SCHED_IDLE on Linux, else nice 19),
 * never in the server's own process. A password check is ~30-50 ms of pure CPU; run on the
 * server's libuv thread pool it competes for the same cores as the event loop on equal terms, so
 * on a small machine a burst of sign-ins roughly doubled every other request's tail latency
 * (tools/bench/README.md). At idle priority the kernel gives the hashing the CPU the event loop
 * (and the database) leave over. That alone still let a burst raise the tail latency of other
 * requests by 40-50% on a saturated machine, so `createHashScheduler` also gives hashing a small
 * budget while the event loop is busy: with spare CPU sign-ins are as fast as ever (one job per
 * core at once), under full load they slow down instead of everything else. Jobs wait in arrival
 * order.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** The hashing process's niceness: 19 is the lowest priority Linux (and macOS) offer. */
export const HASH_WORKER_NICENESS = 19;

interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** False for a wrong password, a missing hash or a malformed one; never throws for those. */
  verify(hash: string | null, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
  /** Stops the hashing process (the app's onClose). */
  close(): Promise<void>;
}

/** Above this share of time spent working (over the last tenth of a second), the event loop is busy. */
const BUSY_EVENT_LOOP_UTILIZATION = 0.75;
/** While busy, each hash is followed by a rest this many times its length: at most a tenth of a core. */
const BUSY_REST_FACTOR = 9;

/** How busy this process's event loop has been lately (0..1), sampled every `intervalMs`. */
export function createEventLoopGauge(intervalMs = 100) {
  let last = performance.eventLoopUtilization();
  let utilization = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, intervalMs);
  timer.unref();
  return {
    get utilization() {
      return utilization;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Runs tasks in arrival order: up to `limit` at once while the server is not busy; while it is,
 * one at a time, each followed by a rest of `restFactor` times its own length.
 *
 * Why: a sign-in's argon2 hash costs ~30-50 ms of CPU, tens of times a whole ordinary request.
 * Idle scheduling priority alone does not keep a burst of them from slowing everything else on a
 * saturated machine (the hashing still takes the gaps between requests and evicts the server's
 * caches: tools/bench/README.md). So under load, hashing gets a fixed small budget and sign-ins
 * wait their turn (they slow down, not every other request); without load it runs at full speed.
 */
export function createHashScheduler({
  limit,
  isBusy = () => false,
  restFactor = BUSY_REST_FACTOR,
}: {
  limit: number;
  isBusy?: () => boolean;
  restFactor?: number;
}) {
  let running = 0;
  let restUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  const waiting: Array<() => void> = [];

  function pump() {
    while (waiting.length > 0) {
      const busy = isBusy();
      if (running >= (busy ? 1 : limit)) return;
      const wait = busy ? restUntil - Date.now() : 0;
      if (wait > 0) {
        if (!timer) {
          timer = setTimeout(() => {
            timer = undefined;
            pump();
          }, wait);
        }
        return;
      }
      running++;
      (waiting.shift() as () => void)();
    }
  }

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      pump();
    });
    const started = Date.now();
    try {
      return await task();
    } finally {
      running--;
      if (isBusy()) restUntil = Math.max(restUntil, Date.now() + (Date.now() - started) * restFactor);
      pump();
    }
  };
}

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
type Answer = { id: number; ok: true; result: string | boolean } | { id: number; ok: false; error: string };

/** A job the hashing process could not answer because it died; not a wrong password. */
class HashWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HashWorkerError';
  }
}

/** The worker script: bundled next to the server in dist, or the source file in the tree (tests). */
function workerFile(): string {
  const candidates = [path.join(__dirname, 'hash-worker.js'), path.join(__dirname, 'hash-worker.cjs')];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`password hashing: worker script not found (looked for ${candidates.join(', ')})`);
  return found;
}

/**
 * The hashing child process: started on first use, restarted if it dies (the jobs it held are
 * sent once more to the new one), and not keeping the server alive while idle.
 */
export function createHashWorker({ niceness = HASH_WORKER_NICENESS, idleScheduling = true, file = workerFile() } = {}) {
  let child: ChildProcess | undefined;
  let nextId = 1;
  const pending = new Map<number, { job: Job; tries: number; resolve: (v: string | boolean) => void; reject: (e: Error) => void }>();

  const updateRef = () => {
    // Idle: let the server exit without waiting for its helper.
    if (!child) return;
    if (pending.size > 0) child.ref();
    else child.unref();
    const channel = (child as unknown as { channel?: { ref(): void; unref(): void } }).channel;
    if (pending.size > 0) channel?.ref();
    else channel?.unref();
  };

  function send(id: number) {
    const entry = pending.get(id);
    if (!entry) return;
    entry.tries++;
    ensureChild().send({ id, ...entry.job });
  }

  function ensureChild(): ChildProcess {
    if (child) return child;
    const options = {
      // Only what it needs: no secrets of the server's environment.
      env: { PATH: process.env.PATH ?? '', VOX_ARGON2_OPTIONS: JSON.stringify(ARGON2_OPTIONS) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as StdioOptions,
      serialization: 'json' as const,
    };
    const chrt = idleScheduling ? findChrt() : undefined;
    // SCHED_IDLE (Linux, through util-linux's chrt, for the process and every thread it starts):
    // the kernel runs it only when nothing else wants the CPU, and a waking event loop preempts it
    // at once. Elsewhere, the lowest nice value.
    const started = chrt ? spawn(chrt, ['--idle', '0', process.execPath, file], options) : fork(file, [], options);
    try {
      if (started.pid) os.setPriority(started.pid, niceness);
    } catch {
      // Lowering one's own priority is always allowed on Linux; if a platform refuses, hashing
      // still works, only without the priority.
    }
    started.on('message', (answer: Answer) => {
      const entry = pending.get(answer.id);
      if (!entry) return;
      pending.delete(answer.id);
      updateRef();
      if (answer.ok) entry.resolve(answer.result);
      else entry.reject(new Error(answer.error));
    });
    started.on('exit', () => {
      if (child === started) child = undefined;
      for (const [id, entry] of pending) {
        if (entry.tries < 2) {
          send(id);
        } else {
          pending.delete(id);
          entry.reject(new HashWorkerError('The password hashing process stopped.'));
        }
      }
      updateRef();
    });
    started.on('error', () => undefined); // 'exit' follows and handles the jobs
    child = started;
    return started;
  }

  return {
    run(job: Job): Promise<string | boolean> {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { job, tries: 0, resolve, reject });
        send(id);
        updateRef();
      });
    },
    get pid() {
      return child?.pid;
    },
    async close() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill();
      });
    },
  };
}

export function createPasswordHashing(
  concurrency = Math.max(1, Math.min(4, os.availableParallelism())),
  priority: Config['passwordHashPriority'] = 'idle',
): PasswordHashing {
  const worker = createHashWorker(priority === 'idle' ? {} : { niceness: 0, idleScheduling: false });
  // Started with the first job, not with the server: a server nobody signs in to has no timer.
  let gauge: ReturnType<typeof createEventLoopGauge> | undefined;
  const isBusy = () => (gauge ??= createEventLoopGauge()).utilization > BUSY_EVENT_LOOP_UTILIZATION;
  const limit = createHashScheduler({ limit: concurrency, isBusy });
  const run = (job: Job) => limit(() => worker.run(job));
  // Verifying against this when there is no account keeps "unknown user" as slow as "wrong password".
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= run({ op: 'hash', password: 'not-a-real-password' }) as Promise<string>);
  /** A wrong or malformed hash is "no"; a hashing process that died is an error, not a "no". */
  const check = (hash: string, password: string) =>
    run({ op: 'verify', hash, password }).then(
      (ok) => ok === true,
      (err: unknown) => {
        if (err instanceof HashWorkerError) throw err;
        return false;
      },
    );
  return {
    hash: (password) => run({ op: 'hash', password }) as Promise<string>,
    async verify(hash, password) {
      if (!hash) {
        await check(await dummy(), password);
        return false;
      }
      return check(hash, password);
    },
    needsRehash: (hash) => argon2.needsRehash(hash, ARGON2_OPTIONS),
    close: () => {
      gauge?.stop();
      return worker.close();
    },
  };
}

export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const passwords = createPasswordHashing(undefined, config.passwordHashPriority);
    app.decorate('passwords', passwords);
    app.addHook('onClose', () => passwords.close());
  },
  { name: 'password-hashing' },
);
