import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULTS, errorText, type JobDefinition, type JobHandler, type JobQueue, type JobStatus } from './jobs';

interface Job extends JobStatus {
  data: object;
}

/**
 * The queue of the one-process SQLite default: jobs run in this process, after the request that
 * enqueued them, with retries and back-off; they live in memory, so a restart forgets what had
 * not run yet (a password-reset mail: the member asks again). Several instances or durability
 * need PostgreSQL, where the pg-boss queue takes over.
 */
export function createInProcessQueue(log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, { handler: JobHandler<object>; options: Required<JobDefinition> }>();
  const jobs = new Map<string, Job>();
  const keys = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let waiters: Array<() => void> = [];
  let stopped = false;

  const busy = () => [...jobs.values()].some((j) => j.state === 'queued' || j.state === 'active');
  const settle = () => {
    if (busy()) return;
    for (const wake of waiters) wake();
    waiters = [];
  };

  function schedule(job: Job, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      job.state = 'queued';
      const run = execute(job).finally(() => running.delete(run));
      running.add(run);
    }, delayMs);
    timers.add(timer);
  }

  async function execute(job: Job) {
    const definition = handlers.get(job.name);
    if (!definition || stopped) return;
    job.state = 'active';
    job.attempts++;
    try {
      await definition.handler({
        id: job.id,
        data: job.data,
        attempt: job.attempts,
        progress: async (fraction) => {
          job.progress = Math.min(1, Math.max(0, fraction));
        },
      });
      job.state = 'completed';
      job.error = null;
      forgetOldest();
    } catch (err) {
      job.error = errorText(err);
      if (job.attempts <= definition.options.retryLimit && !stopped) {
        job.state = 'retry';
        schedule(job, definition.options.retryDelaySeconds * 1000 * 2 ** (job.attempts - 1));
        log.warn({ err, job: job.id, name: job.name, attempt: job.attempts }, 'job: failed, will retry');
      } else {
        job.state = 'failed';
        log.error({ err, job: job.id, name: job.name, attempt: job.attempts }, 'job: failed for good');
      }
    } finally {
      settle();
    }
  }

  /** Keeps memory bounded: the oldest finished jobs go once there are more than 1,000. */
  function forgetOldest() {
    for (const [id, old] of jobs) {
      if (jobs.size <= 1000) break;
      if (old.state === 'completed' || old.state === 'failed') jobs.delete(id);
    }
  }

  const publicStatus = ({ data: _data, ...status }: Job): JobStatus => ({ ...status });

  return {
    kind: 'in-process',
    async define(name, handler, options = {}) {
      handlers.set(name, { handler: handler as JobHandler<object>, options: { ...DEFAULTS, ...options } });
    },
    async enqueue(name, data, { key } = {}) {
      const known = key && keys.get(`${name}\n${key}`);
      if (known) return known;
      const job: Job = { id: randomUUID(), name, data, state: 'queued', progress: null, attempts: 0, error: null, createdAt: new Date().toISOString() };
      jobs.set(job.id, job);
      if (key) keys.set(`${name}\n${key}`, job.id);
      schedule(job, 0);
      return job.id;
    },
    async status(name, id) {
      const job = jobs.get(id);
      return job && job.name === name ? publicStatus(job) : undefined;
    },
    async failures(limit = 50) {
      return [...jobs.values()].filter((j) => j.state === 'failed').reverse().slice(0, limit).map(publicStatus);
    },
    async idle() {
      if (!busy()) return;
      await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async check() {
      // In memory: reachable as long as the process runs.
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(running), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timeout);
    },
  };
}
